#!/usr/bin/env python3
"""Where a release build's object size goes: `size_breakdown.py DIR [DIR...]`.

DIR is a target's build folder (`.build/release/X.build`). Prints the Berkeley "text" total
(what COMPARE.md quotes), the sections that make it up, and the code and data of the defined
symbols grouped by what they are (demangled with `swift demangle`). Used for issue 31's notes on
the generated module's size per operation.
"""
import collections
import os
import re
import subprocess
import sys

# First matching rule names a symbol's group; the text is the demangled name.
GROUPS = [
    ("value witnesses and outlined copies", re.compile(
        r"value witness|outlined (copy|destroy|retain|release|init|assign|take)|initializeBufferWithCopyOfBuffer"
        r"|assignWithCopy|assignWithTake|initializeWithCopy|initializeWithTake|destroy for|storeEnumTagSinglePayload"
        r"|getEnumTagSinglePayload|getEnumTag for|destructiveInjectEnumTag|destructiveProjectEnumData")),
    ("metadata, descriptors, conformances", re.compile(
        r"metadata|descriptor|protocol witness table|conformance|reflection|associated type|type ref|mangled name"
        r"|\bcoroutine\b|instantiation cache")),
    ("protocol witness thunks", re.compile(r"^protocol witness for")),
    ("init(from:) (decoding)", re.compile(r"init\(from:")),
    ("encode(to:) (encoding)", re.compile(r"encode\(to:")),
    ("equality and hashing", re.compile(r"hasEqualFields|static .*==|hash\(into:|hashValue|_rawHashValue")),
    ("accessors (getters, setters, modify)", re.compile(r"\.(getter|setter|modify|read|unsafeAddressor)")),
    ("initializers", re.compile(r"\.init\(")),
    ("generic specializations", re.compile(r"^(generic specialization|function signature specialization)")),
]


def demangle(names):
    out = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), check=True,
                         capture_output=True, text=True).stdout.splitlines()
    return out if len(out) == len(names) else names


def sections(objects):
    totals = collections.Counter()
    out = subprocess.run(["size", "-A"] + objects, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if (len(parts) == 3 and parts[1].isdigit() and parts[0].startswith((".", "swift"))
                and not parts[0].startswith((".debug", ".rela", ".comment", ".symtab", ".strtab", ".bss"))):
            totals[parts[0]] += int(parts[1])
    return totals


def symbols(objects):
    sizes = collections.Counter()
    out = subprocess.run(["nm", "-S", "--defined-only"] + objects, check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines()]
    rows = [r for r in rows if len(r) == 4 and r[2] in "tTWrRdDVbB"]  # W, V: weak (value witnesses...)
    names = demangle([r[3] for r in rows])
    for r, name in zip(rows, names):
        size = int(r[1], 16)
        kind = "code" if r[2] in "tTW" else "data"
        group = next((g for g, rule in GROUPS if rule.search(name)), "other")
        sizes[(kind, group)] += size
    return sizes


def main():
    objects = []
    for folder in sys.argv[1:]:
        objects += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".o"))
    berkeley = subprocess.run(["size", "-t"] + objects, check=True, capture_output=True, text=True).stdout
    text = int(berkeley.splitlines()[-1].split()[0])
    print(f"text (Berkeley `size`): {text:,} bytes in {len(objects)} objects")
    for name, size in sections(objects).most_common(12):
        print(f"  section {name:32s} {size:>12,} {size / text:6.1%}")
    for (kind, group), size in symbols(objects).most_common():
        print(f"  {kind} {group:40s} {size:>12,} {size / text:6.1%}")


if __name__ == "__main__":
    main()
