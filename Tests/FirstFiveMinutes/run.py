#!/usr/bin/env python3
"""docs/getting-started.md ("Use it in your project"), followed literally (`make first-five-minutes`).

Reads the page and acts on each fenced block that a marker comment announces:

    <!-- first-five-minutes: write <path> -->   the block is written to <path>
    <!-- first-five-minutes: run -->            the block runs in bash (set -euo pipefail)
    <!-- first-five-minutes: output -->         the last run printed the block (its last lines)

in a new package in a temporary folder, so a step that stops working (or a step missing
from it) fails CI. The one change made to the page's text: the dependency
`.package(url: "<EndpointGen repository URL>", branch: "main")` becomes this checkout by path,
which resolves offline. The folder is removed after a success and kept after a failure.

Usage: run.py [--keep]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join("docs", "getting-started.md")
MARKER = re.compile(r"<!-- first-five-minutes: (write (?P<path>\S+)|run|output) -->")
URL_DEPENDENCY = '.package(url: "<EndpointGen repository URL>", branch: "main")'


def steps(readme):
    """(kind, path, block) for every marked block of the page, in order."""
    lines = readme.split("\n")
    found = []
    index = 0
    while index < len(lines):
        match = MARKER.fullmatch(lines[index].strip())
        index += 1
        if not match:
            continue
        while index < len(lines) and not lines[index].strip():
            index += 1
        if index >= len(lines) or not lines[index].startswith("```"):
            sys.exit(f"first-five-minutes: {PAGE}: a marker on line '{match.group(0)}' is not followed by a fenced block")
        body = []
        index += 1
        while index < len(lines) and not lines[index].startswith("```"):
            body.append(lines[index])
            index += 1
        index += 1
        kind = "write" if match.group("path") else match.group(1)
        found.append((kind, match.group("path"), "\n".join(body) + "\n"))
    return found


def main():
    keep = "--keep" in sys.argv
    with open(os.path.join(ROOT, PAGE), encoding="utf-8") as handle:
        plan = steps(handle.read())
    if not any(kind == "output" for kind, _, _ in plan):
        sys.exit(f"first-five-minutes: {PAGE}: no output block to compare with")
    work = tempfile.mkdtemp(prefix="endpointgen-first-five-minutes-")
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEFILES", "ENDPOINTGEN")}
    environment["NO_COLOR"] = "1"
    started = time.monotonic()
    last_output = ""
    print(f"first-five-minutes: {len(plan)} steps of {PAGE} in {work}", flush=True)
    for number, (kind, path, block) in enumerate(plan, 1):
        if kind == "write":
            if path == "Package.swift":
                if URL_DEPENDENCY not in block:
                    sys.exit(f"first-five-minutes: {PAGE}: Package.swift of step {number} lacks {URL_DEPENDENCY}")
                block = block.replace(URL_DEPENDENCY, f'.package(name: "EndpointGen", path: "{ROOT}")')
            target = os.path.join(work, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(block)
            print(f"--- step {number}: wrote {path}", flush=True)
        elif kind == "run":
            print(f"--- step {number}: run\n{block.rstrip()}", flush=True)
            step_start = time.monotonic()
            run = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=work, env=environment,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            sys.stdout.write(run.stdout)
            print(f"--- step {number}: exit {run.returncode} after {time.monotonic() - step_start:.0f} s", flush=True)
            if run.returncode != 0:
                sys.exit(f"first-five-minutes: FAILED at step {number} (the folder is kept: {work})")
            last_output = run.stdout
        else:
            expected = block.strip().split("\n")
            printed = last_output.strip().split("\n")
            if printed[-len(expected):] != expected:
                sys.exit(f"first-five-minutes: FAILED at step {number}: the last step printed\n{last_output}\n"
                         f"instead of ending with\n{block}(the folder is kept: {work})")
            print(f"--- step {number}: printed what the page shows", flush=True)
    print(f"first-five-minutes: passed in {time.monotonic() - started:.0f} s", flush=True)
    if keep:
        print(f"kept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
