#!/usr/bin/env python3
"""`make fuzz`: the generator on thousands of damaged specs, deterministically (fixed seeds).

Each case takes a spec of specs/ and damages it: bytes deleted, YAML punctuation, types,
keywords, NUL, invalid UTF-8 or bidi marks inserted, lines repeated, the file cut short.
Then `endpointgen generate` must

1. exit 0 or 1 (never crash, never report an I/O problem), and print only compiler-style
   diagnostics (`specs/a.yaml:LINE:COLUMN: error: ...`) or its summary line;
2. when it accepts the spec, write Swift that type-checks against EndpointRuntime (checked for
   a sample of the accepted cases whose output differs from every earlier one).

Usage: fuzz_specs.py ENDPOINTGEN_BINARY RUNTIME_MODULES_DIR [CASES] [TYPECHECKS] [SEED]
A failing case is kept in .build/fuzz-failures/ with the generator's output.
"""
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

# EndpointRuntime imports this C module (its libcurl door); swiftc finds its module map here.
CURL_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "CEndpointCurl", "include")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPECS = os.path.join(ROOT, "specs")
FAILURES = os.path.join(ROOT, ".build", "fuzz-failures")

# Structure-breaking damage, and damage that keeps the YAML valid but changes meaning.
PUNCTUATION = [b":", b"{", b"}", b"[", b"]", b"- ", b" ", b"\n", b'"', b"'", b"&a ", b"*a", b"<<: ",
               b"? ", b"#", b"|", b">", b"!!str ", b"\t", b"\x00", b"\xff", b"{x}", b"%", b"\\", b"\xe2\x80\xae"]
MEANING = [b"String?", b"[Int]", b" = 1", b"Int", b"Bool", b"Date", b"[String: Int]", b"Decimal", b"UUID",
           b"URL", b"Data", b"JSON", b"File", b"Envelope<", b"_", b"-", b"x", b"X", b"1", b"self", b"init",
           b"Type", b"default", b"?", b"null", b"~", b"{ model: Post, name: x }", b"{ model: Notice }",
           b"name: unknown", b"oneOf: { discriminator: type, cases: { a: Post } }",
           b"oneOf: { discriminator: type, type: Int, cases: { 1: Post, -2: Notice } }", b"type: Int", b"type: String",
           b'oneOf: { cases: [Int, String, "[Post]", JSON] }', b"{ type: Double, name: n }"]
DIAGNOSTIC = re.compile(r"^(specs/[^:]+:\d+:\d+: (error|warning|note): .+|No files written: .+|Generated .+)$")


def mutate(rng, data, tokens):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        pos = rng.randrange(len(data) + 1)
        op = rng.random()
        if op < 0.3 and data:
            del data[pos:pos + rng.randint(1, 12)]
        elif op < 0.8:
            data[pos:pos] = rng.choice(tokens)
        elif op < 0.93:
            lines = data.split(b"\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            data = bytearray(b"\n".join(lines))
        else:
            del data[pos:]
    return bytes(data)


def keep_failure(name, work, why):
    os.makedirs(FAILURES, exist_ok=True)
    target = os.path.join(FAILURES, name)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(work, target)
    with open(os.path.join(target, "WHY.txt"), "w") as f:
        f.write(why)
    print(f"FAILED {name}: {why.splitlines()[0] if why else ''} (kept in {target})", flush=True)


def main():
    tool, modules = sys.argv[1], sys.argv[2]
    cases = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    typechecks = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    names = sorted(f for f in os.listdir(SPECS) if f.endswith(".yaml"))
    sources = {name: open(os.path.join(SPECS, name), "rb").read() for name in names}
    common = sources.get("common.yaml")
    rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 20261123)
    failures = 0
    accepted = 0
    checked = 0
    seen = set()
    with tempfile.TemporaryDirectory(prefix="endpointgen-fuzz-") as scratch:
        for index in range(cases):
            name = rng.choice(names)
            tokens = MEANING if index % 2 else PUNCTUATION
            work = os.path.join(scratch, "case")
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(os.path.join(work, "specs"))
            with open(os.path.join(work, "specs", "a.yaml"), "wb") as f:
                f.write(mutate(rng, sources[name], tokens))
            if common is not None and name != "common.yaml":
                with open(os.path.join(work, "specs", "common.yaml"), "wb") as f:
                    f.write(common)
            run = subprocess.run([tool, "generate", "--specs", "specs", "--output", "Gen"], cwd=work,
                                 capture_output=True, timeout=60)
            stderr = run.stderr.decode("utf-8", "replace")
            stdout = run.stdout.decode("utf-8", "replace")
            odd = [line for line in (stderr + stdout).splitlines()
                   if line and not line.startswith(" ") and not DIAGNOSTIC.match(line)]
            if run.returncode not in (0, 1) or odd:
                failures += 1
                keep_failure(f"case-{index}", work, f"exit {run.returncode}; unexpected output: {odd[:3]}\n{stderr}")
                continue
            # `lint` must find exactly what `generate` finds: a spec that lints clean and then
            # fails to generate (or the reverse) is a bug.
            lint = subprocess.run([tool, "lint", "--specs", "specs"], cwd=work, capture_output=True, timeout=60)
            if lint.returncode != run.returncode or lint.stderr != run.stderr:
                failures += 1
                keep_failure(f"case-{index}", work, f"lint exit {lint.returncode}, generate exit {run.returncode}\n"
                             f"lint:\n{lint.stderr.decode('utf-8', 'replace')}\ngenerate:\n{stderr}")
                continue
            if run.returncode != 0:
                continue
            accepted += 1
            generated = os.path.join(work, "Gen")
            files = sorted(os.listdir(generated))
            digest = hashlib.sha1(b"".join(open(os.path.join(generated, f), "rb").read() for f in files)).hexdigest()
            if digest in seen or checked >= typechecks:
                continue
            seen.add(digest)
            checked += 1
            check = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "FuzzCheck",
                                    "-I", modules, "-I", CURL_INCLUDE] + [os.path.join(generated, f) for f in files],
                                   capture_output=True, timeout=300)
            if check.returncode != 0:
                failures += 1
                keep_failure(f"case-{index}", work, "accepted, but the output does not type-check:\n"
                             + check.stderr.decode("utf-8", "replace")[:4000])
    print(f"fuzz: {cases} damaged specs, {accepted} accepted, {checked} distinct outputs type-checked, "
          f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
