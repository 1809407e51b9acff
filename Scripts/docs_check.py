#!/usr/bin/env python3
"""Checks what `docc convert` does not: that EndpointRuntime's documentation places and explains
every public symbol (issue 43). `make docs` runs it after docc has built the catalog with
`--warnings-as-errors` (which covers links that resolve to nothing).

    python3 Scripts/docs_check.py <symbol graph dir> [--catalog Sources/EndpointRuntime/EndpointRuntime.docc]

It reads the symbol graphs `swift build -Xswiftc -emit-symbol-graph` wrote for the module (and its
extensions of other modules: `EndpointRuntime@Swift.symbols.json`, ...) and the catalog's Markdown,
and fails, with one `file:line:` line per problem, when

- a public symbol declared in the module's sources has no `///` doc comment (what Quick Help and
  the documentation page show: without one, "No overview available");
- a top-level symbol of the module (type, protocol, function, type alias) is in no `## Topics`
  group of the catalog: docc would list it under an automatic group by kind ("Structures"),
  away from the task it belongs to;
- a type whose page the catalog curates (an extension file `# ``Type``` with a `## Topics`
  section) leaves one of its own members out: they would land in an automatic group below the
  curated ones.

Members of other types are placed by docc on their type's page, in groups by kind; symbols
added to other modules' types (`Array.append(name:_:style:)`) on the "Extended Modules" pages,
whose module is not the same on every platform (FoundationEssentials on Linux, Foundation on
Apple's), so the catalog cannot name them. Symbols the compiler synthesizes or inherits (`!=`,
`init(from:)` of a `Codable` conformance) have no declaration in the sources and are not checked.
"""

import argparse
import glob
import json
import os
import re
import sys

MODULE = "EndpointRuntime"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join("Sources", MODULE, MODULE + ".docc")

# ``Symbol`` links: `EndpointRuntime/` and a disambiguation suffix (`-swift.method`, a hash such as
# `-3ax8q`, a type signature such as `->String?` or `-(Int)`) are optional.
LINK = re.compile(r"``([^`]+)``")
SUFFIX = re.compile(r"-(?:swift\.[A-Za-z.]+|[0-9a-z]{4,6}|->.*|\(.*)$")


class Symbol:
    def __init__(self, raw):
        self.path = "/".join(raw["pathComponents"])
        self.kind = raw["kind"]["identifier"]
        self.documented = any(line.get("text", "").strip() for line in (raw.get("docComment") or {}).get("lines", []))
        location = raw.get("location") or {}
        self.file = location.get("uri", "").removeprefix("file://")
        self.line = location.get("position", {}).get("line", 0) + 1

    @property
    def parent(self):
        return self.path.rpartition("/")[0]


def load_symbols(graph_dir, sources):
    """The module's own symbols (main graph) and those it adds to other modules' types (the
    `Module@Other` graphs), each declared in `sources`; synthesized and inherited ones have no
    declaration there."""
    own, extensions = [], []
    for path in sorted(glob.glob(os.path.join(graph_dir, MODULE + "*.symbols.json"))):
        name = os.path.basename(path)
        if name != MODULE + ".symbols.json" and not name.startswith(MODULE + "@"):
            continue
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        target = own if name == MODULE + ".symbols.json" else extensions
        for raw in graph["symbols"]:
            symbol = Symbol(raw)
            if os.path.realpath(symbol.file).startswith(os.path.realpath(sources) + os.sep):
                target.append(symbol)
    return own, extensions


def link_path(link):
    """`EndpointRuntime/APIClient/send(_:baseURL:as:)-swift.method` → `APIClient/send(_:baseURL:as:)`."""
    parts = link.split("/")
    if parts[0] == MODULE and len(parts) > 1:
        parts = parts[1:]
    return "/".join(SUFFIX.sub("", part) for part in parts)


def read_catalog(catalog):
    """Per Markdown file: the symbol it documents (an extension file's `# ``Type```, else None) and
    the symbol paths its `## Topics` section links to, with their lines."""
    files = []
    for path in sorted(glob.glob(os.path.join(catalog, "**", "*.md"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        extended = None
        for line in lines:
            if line.startswith("# "):
                match = LINK.fullmatch(line[2:].strip())
                extended = link_path(match.group(1)) if match else None
                break
        curated = []
        in_topics = False
        for number, line in enumerate(lines, 1):
            if line.startswith("## "):
                in_topics = line.strip() == "## Topics"
            elif in_topics:
                for link in LINK.findall(line):
                    curated.append((link_path(link), number))
                    # In a type's page a member may be named relative to it: ``send(_:baseURL:)``.
                    if extended:
                        curated.append((extended + "/" + link_path(link), number))
        files.append((path, extended, curated))
    return files


def problems(own, extensions, files):
    found = []
    for symbol in own + extensions:
        if not symbol.documented:
            found.append((symbol.file, symbol.line, f"public {symbol.path} has no doc comment"))
    curated = {path for _, _, links in files for path, _ in links}
    for symbol in own:
        if "/" not in symbol.path and symbol.path not in curated:
            found.append((symbol.file, symbol.line, f"{symbol.path} is in no topic group of {os.path.basename(CATALOG)}"))
    for path, extended, links in files:
        if extended is None or not links:
            continue
        listed = {link for link, _ in links}
        for symbol in own:
            if symbol.parent == extended and symbol.path not in listed:
                found.append((path, 1, f"{symbol.path} is missing from the topic groups of ``{extended}``"))
    return sorted(set(found))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", help="the folder of the module's symbol graphs")
    parser.add_argument("--catalog", default=os.path.join(ROOT, CATALOG))
    parser.add_argument("--sources", default=os.path.join(ROOT, "Sources", MODULE))
    args = parser.parse_args(argv)
    own, extensions = load_symbols(args.graphs, args.sources)
    if not own:
        print(f"error: no symbols of {MODULE} declared in {args.sources} found in {args.graphs}", file=sys.stderr)
        return 1
    files = read_catalog(args.catalog)
    found = problems(own, extensions, files)
    for path, line, message in found:
        print(f"{os.path.relpath(path)}:{line}: error: {message}", file=sys.stderr)
    top_level = sum(1 for symbol in own if "/" not in symbol.path)
    print(f"{len(own) + len(extensions)} public symbols declared in {os.path.relpath(args.sources)} "
          f"({top_level} top-level, {len(extensions)} in extensions of other modules): "
          + (f"{len(found)} problem{'s' if len(found) != 1 else ''}" if found else "every one documented, every top-level one in a topic group"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
