#!/usr/bin/env python3
"""Lists the Swift functions that do not fit on a screen (issue 29).

Every function, initializer, deinitializer, subscript, computed property and closure-bodied
property (`static let x = { ... }()`) in Sources/ and Plugins/ longer than LIMIT lines (from the
line of its keyword to its closing brace), as `file:line: name is N lines`, longest first. Exits 1
when one is found that is not on ALLOWED below; `make long-functions` (part of `make check`) runs
it, so long functions do not creep back. Run from anywhere:

    python3 Scripts/long_functions.py [--limit 80] [--all] [folder ...]

`--all` also lists the allowed ones. The Swift is read by a small lexer (comments, string
literals with interpolation, multi-line and raw strings are blanked before braces are matched),
not by the compiler: good enough for this code base, and no toolchain needed.
"""

import argparse
import bisect
import os
import re
import sys

LIMIT = 80
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Plugins"]

# Functions that stay long, each with why, as "path:Type.name": "reason", e.g.
# "Sources/EndpointGenYAML/Loader.swift:TreeBuilder.handle": "one event switch sharing its locals".
# None today; keep it short.
ALLOWED = {}


# What the lexer stops at: comments, string literals (raw ones start with `#`s) and parentheses,
# which end an interpolation.
NOTABLE = re.compile(r'//|/\*|#*"|[()]')


def blank(source):
    """The source with comments and string literals (their interpolations too) replaced by spaces,
    newlines kept, so that offsets and line numbers are the source's and every brace left is code."""
    out = list(source)
    n = len(source)

    def wipe(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def string_part(i, hashes, multi):
        """From inside a string literal at `i`: the position after its end, or after the `(` of an
        interpolation and then the string's state to come back to."""
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if source.startswith(escape, i):
                i += len(escape)
                if i < n and source[i] == "(":
                    return i + 1, (hashes, multi)
                i += 1
            elif source.startswith(close, i):
                return i + len(close), None
            else:
                i += 1
        return n, None

    # Each open interpolation: [open parentheses inside it, its string's state, its string's start].
    interpolations = []
    i = 0
    while True:
        found = NOTABLE.search(source, i)
        if not found:
            break
        i, token = found.start(), found.group()
        if token == "//":
            end = source.find("\n", i)
            end = n if end < 0 else end
            wipe(i, end)
            i = end
        elif token == "/*":
            start, depth, i = i, 1, i + 2  # block comments nest
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            wipe(start, i)
        elif token.endswith('"'):
            start, hashes = i, len(token) - 1
            multi = source.startswith('"""', i + hashes)
            i, state = string_part(i + hashes + (3 if multi else 1), hashes, multi)
            if state:
                interpolations.append([0, state, start])
            else:
                wipe(start, i)
        elif not interpolations:
            i += 1
        elif token == "(":
            interpolations[-1][0] += 1
            i += 1
        elif interpolations[-1][0]:
            interpolations[-1][0] -= 1
            i += 1
        else:
            # The interpolation ends: the rest of its string, up to its end or the next one.
            _, state, start = interpolations.pop()
            i, state = string_part(i + 1, *state)
            if state:
                interpolations.append([0, state, start])
            else:
                wipe(start, i)
    return "".join(out)


# A declaration keyword and its name; the last one in the text before a brace says what the
# brace opens.
DECLARATION = re.compile(
    r"(?<![.\w])(?:(?P<type>class|struct|enum|actor|extension|protocol)\s+(?P<typename>[A-Za-z_][\w.]*)"
    r"|func\s+(?P<func>[^\s(<]+)"
    r"|(?P<init>init[?!]?)\s*[(<]"
    r"|(?P<deinit>deinit)\b"
    r"|(?P<subscript>subscript)\s*[(<]"
    r"|(?:var|let)\s+(?P<property>[A-Za-z_`][\w`]*))")


def declarations(path):
    """Yields (line, qualified name, length in lines) for each function-like body in `path`."""
    with open(path, encoding="utf-8") as f:
        code = blank(f.read())
    line_starts = [m.end() for m in re.finditer("\n", code)]

    def line_of(offset):
        return bisect.bisect_right(line_starts, offset) + 1

    # Each open brace: (kind, name, line of its declaration). Kinds: "type" (a type or extension
    # body, whose members are what is listed), "body" (a listed body), "inside" (a closure within a
    # declaration's parentheses; its line is where that declaration's text starts) and "other"
    # (statements, accessors, closures inside a body).
    stack = []
    head_start = 0  # after the last brace or semicolon: the text that says what a brace opens
    for m in re.finditer(r"[{};]", code):
        brace = m.group()
        head = code[head_start:m.start()]
        offset = head_start
        head_start = m.end()
        if brace == ";":
            continue
        if brace == "}":
            if stack:
                kind, name, start = stack.pop()
                if kind == "body":
                    yield start, name, line_of(m.start()) - start + 1
                elif kind == "inside":
                    head_start = start  # the declaration goes on after the closure
            continue
        entry = ("other", "", 0)
        if (not stack or stack[-1][0] == "type") and unclosed(head):
            # A closure inside parentheses or brackets (a default argument, an argument of a
            # property's initializer): part of the declaration around it.
            entry = ("inside", "", offset)
        elif not stack or stack[-1][0] == "type":
            hits = list(DECLARATION.finditer(head))
            hit = hits[-1] if hits else None
            owner = ".".join(s[1] for s in stack)
            line = line_of(offset + hit.start()) if hit else 0
            if hit is None:
                pass
            elif hit.group("type"):
                entry = ("type", hit.group("typename"), 0)
            elif hit.group("property"):
                # `var x: T {` (computed, or observers) or `let x = {` (a closure, called or not).
                entry = ("body", qualified(owner, hit.group("property")), line)
            else:
                name = next(hit.group(g) for g in ("func", "init", "deinit", "subscript") if hit.group(g))
                entry = ("body", qualified(owner, name), line)
        stack.append(entry)


def unclosed(head):
    return head.count("(") + head.count("[") > head.count(")") + head.count("]")


def qualified(owner, name):
    return f"{owner}.{name}" if owner else name


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=LIMIT)
    parser.add_argument("--all", action="store_true", help="also list the allowed ones")
    parser.add_argument("folders", nargs="*", default=FOLDERS)
    options = parser.parse_args(arguments)
    found = []
    for folder in options.folders:
        top = os.path.join(ROOT, folder) if not os.path.isabs(folder) else folder
        for directory, subfolders, files in os.walk(top):
            subfolders[:] = sorted(s for s in subfolders if s not in ("Generated", "Tests", ".build"))
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                relative = os.path.relpath(path, ROOT)
                for line, name, length in declarations(path):
                    if length > options.limit:
                        found.append((length, relative, line, name))
    found.sort(key=lambda f: (-f[0], f[1], f[2]))
    failing = 0
    used = set()
    for length, relative, line, name in found:
        key = f"{relative}:{name}"
        if key in ALLOWED:
            used.add(key)
            if options.all:
                print(f"{relative}:{line}: {name} is {length} lines (allowed: {ALLOWED[key]})")
            continue
        failing += 1
        print(f"{relative}:{line}: error: {name} is {length} lines (more than {options.limit}): "
              "split it into named steps, or allow it in Scripts/long_functions.py with the reason")
    for key in sorted(set(ALLOWED) - used):
        if options.limit == LIMIT and options.folders == FOLDERS:
            print(f"Scripts/long_functions.py: warning: {key} is allowed but no longer long; remove it")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
