#!/usr/bin/env python3
"""Issue 31's corpus: real OpenAPI documents imported, generated and type-checked.

Every document goes through `endpointgen import-openapi` (no error; its warnings are allowed,
counted and printed), `endpointgen generate` (no error; warnings about the specs, such as a body
on a DELETE, counted) and `swiftc -typecheck
-warnings-as-errors` against EndpointRuntime (no error, no warning). The documents:

- GitHub's and Stripe's, as published (Tests/Fixtures/openapi/public, xz);
- the OpenAPI fixtures (Tests/Fixtures/openapi/*.yaml);
- the documents `export-openapi` writes for every spec folder of the repository (the round trip
  specs -> OpenAPI -> specs -> Swift);
- one excerpt per finding of issue 31 (Tests/Fixtures/openapi/excerpts, README there), and a deep
  document without aliases written here (finding 2: 5 MB, not committed);
- the features and hostile fixtures' specs with their endpoints repeated until each Router and
  Service is cut into several files (past 5,000 lines), generated with completion handlers and
  fakes: the cut's extensions must compile with every kind of member (no import step);
- endpoints and parameters named like the members of the generated Router, Service and
  ServiceFake (Tests/Fixtures/member-names), with completion handlers and fakes;
- one service of 1,210 endpoints (hostile.yaml repeated) with fakes: a Router's switches in parts,
  its ServiceFake cut;
- big models (written here): a union and a `oneOf` of 700 cases, whose `encode(to:)` switches come
  in parts, and enums of 2,000 values, String and Int.

Two documents are worked on at once (the machine has two cores), the largest first.

Usage: corpus.py --tool <endpointgen> --modules <folder with EndpointRuntime.swiftmodule>
                 [--work .build/corpus] [--only name,name]
"""
import argparse
import concurrent.futures
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "openapi")
SPEC_FOLDERS = ["specs", "Tests/Fixtures/features", "Tests/Fixtures/hostile", "Examples/Movies/specs"]
WARNING = re.compile(r": warning: ")
ERROR = re.compile(r": error: ")


class Failure(Exception):
    pass


def run(command, what):
    """The command's exit status and its output (stdout and stderr together)."""
    started = time.monotonic()
    process = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return process.returncode, process.stdout, time.monotonic() - started


def deep_document(path):
    """Finding 2: 8,000 values 20 levels deep beside one operation, no alias: 328,000 nodes, which
    the loader's old count (a closed collection charged again at every level above it) put over
    its 2,000,000."""
    item = {}
    inner = item
    for level in range(19):
        inner["k"] = {}
        inner = inner["k"]
    inner["k"] = 1
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Deep", "version": "1"},
        "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"200": {
            "description": "OK",
            "content": {"application/json": {"schema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}}}}}}},
        "x-padding": [item] * 8000,
    }
    with open(path, "w") as file:
        json.dump(document, file)


def repeated_specs(folder, copies, names=None):
    """`make` for a folder of specs: each spec of `folder` (or those of `names`) with its endpoints
    written `copies` times, renamed (`loginCopy7`, a `typePrefix` likewise) under paths of their own
    (`/copy7/login`)."""
    def make(target):
        os.makedirs(target, exist_ok=True)
        for name in names or sorted(os.listdir(os.path.join(ROOT, folder))):
            with open(os.path.join(ROOT, folder, name)) as file:
                text = file.read()
            head, _, rest = text.partition("\nendpoints:\n")
            endpoints, models, tail = rest.partition("\nmodels:\n")
            copied = []
            for copy in range(copies):
                block = re.sub(r"^  ([A-Za-z_][A-Za-z0-9_]*):", lambda m: f"  {m.group(1)}Copy{copy}:", endpoints, flags=re.M)
                block = re.sub(r"^    path: /", f"    path: /copy{copy}/", block, flags=re.M)
                # The types made from each copy are named after it, like the copy itself.
                copied.append(re.sub(r"^    typePrefix: ([A-Za-z0-9]+)", lambda m: f"    typePrefix: {m.group(1)}Copy{copy}", block, flags=re.M))
            with open(os.path.join(target, name), "w") as file:
                file.write(head + "\nendpoints:\n" + "\n".join(copied) + models + tail)
    return make


def big_models(target, cases=700, values=2000):
    """A models spec of `cases` one-field structs (each needs its own field, so no case of the
    union takes another's values), a union and a discriminated `oneOf` of all of them, and a String
    and an Int enum of `values` values each."""
    os.makedirs(target, exist_ok=True)
    lines = ["models:"]
    for index in range(cases):
        lines += [f"  Part{index}:", "    fields:", f"      field{index}: Int"]
    lines += ["  BigUnion:", "    oneOf:", "      cases: [" + ", ".join(f"Part{index}" for index in range(cases)) + "]"]
    lines += ["  BigOneOf:", "    oneOf:", "      discriminator: kind",
              "      cases: {" + ", ".join(f"kind{index}: Part{index}" for index in range(cases)) + "}"]
    lines += ["  BigEnum:", "    enum: [" + ", ".join(f"value{index}" for index in range(values)) + "]"]
    lines += ["  BigIntEnum:", "    enum: { type: Int, values: {" + ", ".join(f"v{index}: {index}" for index in range(values)) + "} }"]
    with open(os.path.join(target, "big.yaml"), "w") as file:
        file.write("\n".join(lines) + "\n")


def documents(work, only):
    """(name, how to make the document, its path) for each document of the corpus."""
    result = []
    for name in ["github-api.github.com.json", "stripe-spec3.yaml"]:
        def unpack(path, name=name):
            with lzma.open(os.path.join(FIXTURES, "public", name + ".xz")) as source, open(path, "wb") as target:
                shutil.copyfileobj(source, target)
        result.append((name.split("-")[0], unpack, os.path.join(work, "documents", name)))
    for name in sorted(os.listdir(FIXTURES)):
        if name.endswith((".yaml", ".yml", ".json")):
            result.append(("fixture-" + name.rsplit(".", 1)[0], None, os.path.join(FIXTURES, name)))
    for folder in SPEC_FOLDERS:
        name = "export-" + folder.replace("/", "-")

        def export(path, folder=folder):
            status, output, _ = run([TOOL, "export-openapi", "--specs", folder, "--output", path, "--quiet"], "export")
            if status != 0:
                raise Failure(f"export-openapi --specs {folder} failed ({status}):\n{output}")
        result.append((name, export, os.path.join(work, "documents", name + ".yaml")))
    excerpts = os.path.join(FIXTURES, "excerpts")
    for name in sorted(os.listdir(excerpts)):
        path = os.path.join(excerpts, name)
        if os.path.isdir(path):
            result.append(("excerpt-" + name, None, os.path.join(path, "openapi.yaml")))
        elif name.endswith((".yaml", ".json")):
            result.append(("excerpt-" + name.rsplit(".", 1)[0], None, path))
    result.append(("excerpt-2-deep-without-aliases", deep_document, os.path.join(work, "documents", "2-deep-without-aliases.json")))
    # Copies enough to cut the Services (and hostile's Router).
    for folder, copies in [("Tests/Fixtures/features", 60), ("Tests/Fixtures/hostile", 55)]:
        name = "cut-" + folder.replace("/", "-")
        result.append((name, repeated_specs(folder, copies), os.path.join(work, "documents", name)))
    # Endpoints and parameters named like the generated members around them, with fakes and callbacks.
    result.append(("names-member-names", None, os.path.join(ROOT, "Tests", "Fixtures", "member-names")))
    # One service of 1,210 endpoints (hostile.yaml's 11, 110 times) with fakes: past ~630 cases a
    # Router's `switch self` is more than swiftc checks for exhaustiveness ("unable to check that
    # this switch is exhaustive in reasonable time"), so its switches must come in parts.
    result.append(("big-one-service", repeated_specs("Tests/Fixtures/hostile", 110, names=["hostile.yaml"]),
                   os.path.join(work, "documents", "big-one-service")))
    # Past ~630 cases with values, an enum model's `switch self` in `encode(to:)` is as unchecked
    # as the Router's: in parts like them; the value enums' switches need none.
    result.append(("big-models", big_models, os.path.join(work, "documents", "big-models")))
    if only:
        result = [entry for entry in result if any(entry[0] == each or entry[0].startswith(each) for each in only)]
    return result


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def module_name(name):
    return "Corpus" + "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", name) if part)


def check(name, make, document, work, modules):
    """Import, generate and type-check one document; a summary line, or Failure."""
    folder = os.path.join(work, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    if make:
        make(document)
    specs, swift = os.path.join(folder, "specs"), os.path.join(folder, "swift")
    warnings, summary, import_time, options = [], None, 0.0, []
    if name.startswith(("cut-", "names-")):
        # Specs, not a document: generated as they are, with every optional kind of member.
        specs, options = document, ["--completion-handlers", "--fakes"]
    elif name.startswith("big-"):
        specs, options = document, ["--fakes"]
    else:
        status, output, import_time = run([TOOL, "import-openapi", document, "--output", specs, "--color", "never"], "import")
        warnings = [line for line in output.splitlines() if WARNING.search(line)]
        if status != 0 or any(ERROR.search(line) for line in output.splitlines()):
            raise Failure(f"{name}: import-openapi {os.path.relpath(document, ROOT)} failed ({status}):\n{output}")
        summary = next((line for line in output.splitlines() if line.startswith("warning summary:")), None)
    status, output, generate_time = run([TOOL, "generate", "--specs", specs, "--output", swift, "--color", "never"] + options, "generate")
    if status != 0 or ERROR.search(output):
        raise Failure(f"{name}: generate failed ({status}):\n{output}")
    # The generator's own warnings about the specs (a body on a GET): allowed, counted.
    generate_warnings = [line for line in output.splitlines() if WARNING.search(line)]
    files = sorted(os.path.join(swift, each) for each in os.listdir(swift) if each.endswith(".swift"))
    for kind in ["Router", "Service"] if name == "cut-Tests-Fixtures-hostile" else ["Service"]:
        if name.startswith("cut-") and not any(re.search(kind + r"-.*\.swift$", each) for each in files):
            raise Failure(f"{name}: no {kind} was cut; repeat the endpoints more often")
    if name == "big-models":
        if b"".join(read(each) for each in files).count(b"func encode2() throws") != 2:
            raise Failure(f"{name}: the union's and the oneOf's encode(to:) are not in parts; give them more cases")
    elif name.startswith("big-"):
        routers = [each for each in files if re.search(r"Router(-.*)?\.swift$", each)]
        if not any(b"func pathComponents2()" in read(each) for each in routers):
            raise Failure(f"{name}: the Router's switches are not in parts; repeat the endpoints more often")
        if not any(re.search(r"ServiceFake-.*\.swift$", each) for each in files):
            raise Failure(f"{name}: no ServiceFake was cut; repeat the endpoints more often")
    lines = sum(read(each).count(b"\n") for each in files)
    command = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", module_name(name),
               "-I", modules, "-I", os.path.join(ROOT, "Sources", "CEndpointCurl", "include")] + files
    status, output, check_time = run(command, "typecheck")
    if status != 0 or "warning:" in output or "error:" in output:
        raise Failure(f"{name}: the generated Swift does not type-check cleanly ({status}):\n{output[:20000]}")
    line = (f"{name}: {len(warnings)} import and {len(generate_warnings)} generate warning(s), {len(files)} files, {lines} lines; "
            f"import {import_time:.1f} s, generate {generate_time:.1f} s, type-check {check_time:.1f} s")
    if summary:
        line += f"\n    {summary}"
    return line


def main():
    global TOOL
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", required=True)
    parser.add_argument("--modules", required=True)
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "corpus"))
    parser.add_argument("--only", default="", help="comma-separated names or prefixes (github, stripe, excerpt-, export-…)")
    parser.add_argument("--jobs", type=int, default=2)
    arguments = parser.parse_args()
    TOOL = os.path.abspath(arguments.tool)
    work = os.path.abspath(arguments.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "documents"))
    only = [each for each in arguments.only.split(",") if each]
    corpus = documents(work, only)
    if not corpus:
        sys.exit(f"corpus: no document matches --only {arguments.only}")
    started = time.monotonic()
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        futures = {pool.submit(check, name, make, document, work, os.path.abspath(arguments.modules)): name
                   for name, make, document in corpus}
        for future in concurrent.futures.as_completed(futures):
            try:
                print("corpus: " + future.result(), flush=True)
            except Failure as failure:
                failures.append(str(failure))
                print(f"corpus: FAILED {futures[future]}", flush=True)
    for failure in failures:
        print("\n" + failure, file=sys.stderr)
    elapsed = time.monotonic() - started
    print(f"corpus: {len(corpus) - len(failures)} of {len(corpus)} documents imported, generated and type-checked "
          f"(warnings as errors) in {elapsed:.0f} s")
    sys.exit(1 if failures else 0)


TOOL = None
if __name__ == "__main__":
    main()
