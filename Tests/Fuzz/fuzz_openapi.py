#!/usr/bin/env python3
"""`make fuzz` (second part): `endpointgen import-openapi` on damaged OpenAPI documents.

Each case damages Tests/Fixtures/openapi/shop.yaml (or its JSON form) with deleted bytes,
YAML punctuation and OpenAPI fragments that change meaning (types, formats, references,
compositions, parameter places, defaults). Then `import-openapi` must

1. exit 0 or 1 (never crash, never report an I/O problem) and print only compiler-style
   diagnostics at the document (`case.yaml:LINE:COLUMN: ...`) or its summary lines;
2. when it writes specs, they must generate (`endpointgen generate` exits 0): the importer
   promises specs the generator accepts; a sample of the distinct outputs must type-check.

Usage: fuzz_openapi.py ENDPOINTGEN_BINARY RUNTIME_MODULES_DIR [CASES] [TYPECHECKS] [SEED]
A failing case is kept in .build/fuzz-failures/ with the tool's output.
"""
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

# EndpointRuntime imports this C module (its libcurl door); swiftc finds its module map here.
CURL_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "CEndpointCurl", "include")

from fuzz_specs import keep_failure

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE = os.path.join(ROOT, "Tests", "Fixtures", "openapi", "shop.yaml")

PUNCTUATION = [b":", b"{", b"}", b"[", b"]", b"- ", b" ", b"\n", b'"', b"'", b"#", b"\t", b"\x00", b"\xff",
               b"&a ", b"*a", b"<<: ", b"%", b"\\", b"\xe2\x80\xae", b","]
MEANING = [b"type: object", b"type: array", b"type: string", b"type: integer", b"type: [string, 'null']",
           b"format: binary", b"format: date-time", b"format: int64", b"nullable: true", b"required: true",
           b"enum: [a, b, '', unknown, -a, A]", b"enum: [1, 2, -3]", b"default: 1", b"default: x",
           b"$ref: '#/components/schemas/Member'", b"$ref: '#/components/schemas/Missing'",
           b"$ref: '#/components/parameters/Page'", b"$ref: '#/components/responses/BadRequest'",
           b"allOf: [{ $ref: '#/components/schemas/Crop' }]", b"oneOf: [{ type: string }, { type: 'null' }]",
           b"anyOf: []", b"allOf: [{ $ref: '#/components/schemas/OrderEvent' }]", b"const: card", b"enum: [card]", b"const: 1", b"enum: [2]",
           b"oneOf: [{ title: ONE, const: 1 }, { title: TWO, const: 2 }]",
           b"oneOf: [{ type: string }, { type: array, items: { $ref: '#/components/schemas/Crop' } }, { type: number }, { type: integer }]", b"readOnly: true", b"writeOnly: true", b"discriminator: { propertyName: kind }",
           b"oneOf: [{ $ref: '#/components/schemas/CardRefund' }, { $ref: '#/components/schemas/Points' }]", b"in: cookie", b"in: header", b"in: path", b"in: query", b"name: self",
           b"name: Authorization", b"name: Content-Type", b"name: body", b"operationId: x",
           b"operationId: '1st'", b"operationId: default", b"tags: [member]", b"tags: ['']",
           b"security: []", b"additionalProperties: true", b"additionalProperties: { type: integer }",
           b"multipart/form-data", b"application/x-www-form-urlencoded", b"text/plain", b"'204'", b"'2XX'",
           b"Type", b"init", b"Error", b"Task", b"JSON", b"{x}", b"_", b"-", b"?"]
# The import's closing `warning summary:` line (counts by kind) is expected too.
DIAGNOSTIC = re.compile(r"^(case\.(yaml|json):\d+:\d+: (error|warning|note): .+|warning summary: .+|Paginated \d+ list operations? by their shape .+|Nothing written.*|Wrote .+)$")


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        pos = rng.randrange(len(data) + 1)
        op = rng.random()
        if op < 0.25 and data:
            del data[pos:pos + rng.randint(1, 12)]
        elif op < 0.45:
            data[pos:pos] = rng.choice(PUNCTUATION)
        elif op < 0.9:
            # A fragment at the start of a line, indented like its neighbour, keeps YAML valid more often.
            line_start = data.rfind(b"\n", 0, pos) + 1
            indent = len(data[line_start:]) - len(data[line_start:].lstrip(b" "))
            data[line_start:line_start] = b" " * indent + rng.choice(MEANING) + b"\n"
        else:
            lines = data.split(b"\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def main():
    tool, modules = sys.argv[1], sys.argv[2]
    cases = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    typechecks = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    source = open(FIXTURE, "rb").read()
    try:
        import yaml
        as_json = json.dumps(yaml.safe_load(source), indent=1, ensure_ascii=False).encode()
    except ImportError:
        as_json = None
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 20261124)
    failures = accepted = checked = 0
    seen = set()
    with tempfile.TemporaryDirectory(prefix="endpointgen-fuzz-openapi-") as scratch:
        for index in range(cases):
            work = os.path.join(scratch, f"case{index}")
            os.makedirs(work)
            use_json = as_json is not None and index % 4 == 3
            name = "case.json" if use_json else "case.yaml"
            with open(os.path.join(work, name), "wb") as f:
                f.write(mutate(rng, as_json if use_json else source))
            run = subprocess.run([tool, "import-openapi", name, "--output", "specs", "--color", "never"],
                                 cwd=work, capture_output=True, timeout=60)
            output = (run.stdout + run.stderr).decode("utf-8", "replace")
            why = None
            if run.returncode not in (0, 1):
                why = f"exit code {run.returncode}\n{output}"
            else:
                odd = [line for line in output.splitlines() if line and not DIAGNOSTIC.match(line)]
                if odd:
                    why = "unexpected output:\n" + "\n".join(odd[:10])
            if why is None and run.returncode == 0:
                accepted += 1
                generate = subprocess.run([tool, "generate", "--specs", "specs", "--output", "Generated", "--quiet"],
                                          cwd=work, capture_output=True, timeout=60)
                if generate.returncode != 0:
                    why = "imported specs do not generate:\n" + (generate.stdout + generate.stderr).decode("utf-8", "replace")
                else:
                    digest = hashlib.sha256()
                    for file in sorted(os.listdir(os.path.join(work, "Generated"))):
                        digest.update(open(os.path.join(work, "Generated", file), "rb").read())
                    if digest.digest() not in seen and checked < typechecks:
                        seen.add(digest.digest())
                        checked += 1
                        files = [os.path.join(work, "Generated", f) for f in sorted(os.listdir(os.path.join(work, "Generated")))]
                        typecheck = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "FuzzCheck",
                                                    "-I", modules, "-I", CURL_INCLUDE] + files, capture_output=True, timeout=300)
                        if typecheck.returncode != 0:
                            why = "generated Swift does not type-check:\n" + typecheck.stderr.decode("utf-8", "replace")[:4000]
            if why is not None:
                failures += 1
                keep_failure(f"openapi-{index}", work, why)
            shutil.rmtree(work, ignore_errors=True)
    print(f"fuzz_openapi: {cases} damaged documents, {accepted} imported, {checked} distinct outputs type-checked, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
