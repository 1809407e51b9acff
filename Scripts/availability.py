#!/usr/bin/env python3
"""Apple availability as a check that runs on Linux (issue 41).

The package declares macOS 13 / iOS 16 / tvOS 16 / watchOS 9 (Package.swift's `platforms:`). A
declaration newer than that, used without `if #available` or `@available`, is a compile error for
every app on those platforms, and Linux reports nothing. This script sees it anyway:

1. What is new. The toolchain's modules (Swift, _Concurrency, Synchronization, Dispatch, Foundation,
   FoundationEssentials, ...) keep their Apple `@available` attributes on Linux;
   `swift-api-digester -dump-sdk` lists them per declaration (by USR). A member is as new as the
   newest of itself and the types around it.
2. What is used. `swift-frontend -dump-ast -dump-ast-format json` of each of the package's shipped
   modules (the compile command SwiftPM wrote into .build/debug.yaml, made to dump instead of
   compile) names every declaration an expression refers to (`decl_usr`), every type (mangled,
   demangled with swift-demangle) and the conformances a declaration states.
3. What guards it. `@available` on an enclosing declaration, `if #available` / `guard #available`
   around the use, and `#if` branches that no Apple platform compiles (`os(Linux)`,
   `canImport(FoundationNetworking)`, ...). Code in a branch Linux does not compile (`#if
   canImport(Darwin)`, `#else` of the above) is not in the Linux AST: it is listed as unchecked,
   and the names of new types it mentions are warned about.

Each unguarded use is reported as `file:line:column: error: 'X' is only available in macOS 15.0 /
iOS 18.0 / ...`; the exit status is 1 when there is one. docs/apple-platforms.md says what the check
cannot see. `make availability` builds the package, runs Tests/Scripts/test_availability.py (the
positive control) and then this over every shipped module:

    python3 Scripts/availability.py [--scratch .build] [--target NAME ...] [--file F.swift ...]

`--file` checks standalone files (toolchain modules only) instead of the package's modules.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from long_functions import blank  # noqa: E402  (comments and string literals blanked)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPLE = ["macOS", "iOS", "tvOS", "watchOS"]
WORLDS = ["Linux"] + APPLE
# swift-api-digester's key for each platform's `introduced:` version.
DIGESTER_KEYS = {"macOS": "intro_Macosx", "iOS": "intro_iOS", "tvOS": "intro_tvOS", "watchOS": "intro_watchOS"}
# The toolchain modules whose availability is collected: everything the package's modules can
# import from the toolchain on Linux.
TOOLCHAIN_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Dispatch",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Observation", "Distributed",
]
# Bumped when what the cache holds changes.
CACHE_FORMAT = "3"
# The folders whose modules ship (built into apps or run on developers' Macs), relative to ROOT.
SHIPPED = ["Sources/", "Generated/", "Tests/Goldens/", "Plugins/"]

# `canImport` of modules that exist on one side only. Any other module is taken to be importable
# on Apple platforms, and on Linux when the toolchain or the build has it.
LINUX_ONLY_MODULES = {"Glibc", "Musl", "Android", "Bionic", "WASILibc", "FoundationNetworking",
                      "FoundationXML", "FoundationEssentials", "FoundationInternationalization"}
APPLE_ONLY_MODULES = {
    "Darwin": set(APPLE), "ObjectiveC": set(APPLE), "os": set(APPLE), "OSLog": set(APPLE),
    "Security": set(APPLE), "Network": set(APPLE), "Combine": set(APPLE), "CFNetwork": set(APPLE),
    "CryptoKit": set(APPLE), "SystemConfiguration": {"macOS", "iOS", "tvOS"},
    "UIKit": {"iOS", "tvOS"}, "AppKit": {"macOS"}, "WatchKit": {"watchOS"},
}


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def version(text):
    """"15", "15.0" and "15.0.0" alike, as (15, 0, 0)."""
    parts = tuple(int(part) for part in str(text).split("."))
    return (parts + (0, 0, 0))[:3]


def shown(v):
    return ".".join(str(part) for part in (v[:2] if v[2] == 0 else v))


# MARK: - The declared platforms


def declared_platforms(package_swift):
    """Package.swift's `platforms:` as {"macOS": (13,), ...}."""
    text = read(package_swift)
    found = dict(re.findall(r"\.(macOS|iOS|tvOS|watchOS)\(\.v(\d+(?:_\d+)*)\)", text))
    missing = [p for p in APPLE if p not in found]
    if missing:
        sys.exit(f"{package_swift}: no platform version for {', '.join(missing)}")
    return {p: version(found[p].replace("_", ".")) for p in APPLE}


# MARK: - What the toolchain's modules declare


def toolchain_availability(cache_dir, modules):
    """{usr: (name, {platform: version})} and {qualified type name: (name, {platform: version})}
    for every declaration of `modules` with an Apple `introduced:` version (its own or its
    type's). Cached per toolchain in cache_dir."""
    toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    key = hashlib.sha256((CACHE_FORMAT + toolchain + "\n".join(modules)).encode()).hexdigest()[:16]
    cache = os.path.join(cache_dir, f"toolchain-{key}.json")
    if os.path.exists(cache):
        data = json.loads(read(cache))
        return ({u: (n, {p: tuple(v) for p, v in i.items()}) for u, (n, i) in data["decls"].items()},
                {t: (n, {p: tuple(v) for p, v in i.items()}) for t, (n, i) in data["types"].items()})
    os.makedirs(cache_dir, exist_ok=True)
    decls, types = {}, {}
    with tempfile.TemporaryDirectory() as work:
        def dump(module):
            out = os.path.join(work, module + ".json")
            result = subprocess.run(["swift-api-digester", "-dump-sdk", "-module", module, "-o", out,
                                     "-target", target_triple()], capture_output=True, text=True)
            return module, out if result.returncode == 0 and os.path.exists(out) else None
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            dumps = list(pool.map(dump, modules))
        for module, out in dumps:
            if out is None:
                print(f"availability: note: no module {module} in this toolchain", file=sys.stderr)
                continue
            collect(json.loads(read(out))["ABIRoot"], decls, types)
    with open(cache, "w") as f:
        json.dump({"decls": decls, "types": types}, f)
    return decls, types


def collect(root, decls, types):
    """Walks one digester dump; a member inherits the newer of its own and its type's versions.

    Declarations that differ only in availability (a protocol requirement added in Swift 6 beside
    the extension method that served before it, e.g. FixedWidthInteger's `&*`) are one choice for
    the compiler: on an older Apple system it calls the older one, on Linux the AST may name
    either. Each of them counts as available from the oldest one's versions."""
    stack = [(child, {}, "") for child in root.get("children", [])]
    alike = {}  # (enclosing type, name, signature) -> [(usr, versions)]
    while stack:
        node, outer, path = stack.pop()
        own = {p: version(node[k]) for p, k in DIGESTER_KEYS.items() if k in node}
        intro = {p: max(outer.get(p, ()), own.get(p, ())) for p in APPLE if p in outer or p in own}
        name = (path + "." if path else "") + node.get("printedName", node.get("name", "?"))
        usr = node.get("usr")
        if usr and node.get("kind") not in ("TypeNominal", "TypeNameAlias", "TypeFunc", "TypeDecl"):
            signature = json.dumps([node.get("moduleName"), node.get("static"), node.get("genericSig"),
                                    [c.get("printedName") for c in node.get("children", [])]])
            alike.setdefault((path, node.get("printedName"), signature), []).append((usr, intro))
        if usr and intro and node.get("kind") not in ("TypeNominal", "TypeNameAlias", "TypeFunc"):
            previous = decls.get(usr)
            if previous is None or len(previous[1]) < len(intro):
                decls[usr] = (name, intro)
            if node.get("kind") == "TypeDecl":
                types[node.get("moduleName", "") + "." + name] = (name, intro)
        if node.get("kind") == "TypeDecl":
            for child in node.get("children", []):
                stack.append((child, intro, name))
    for group in alike.values():
        if len(group) < 2:
            continue
        # A platform missing from one of them: that one has no version there, nor does the group.
        oldest = {p: min(v[p] for _, v in group) for p in APPLE if all(p in v for _, v in group)}
        for usr, _ in group:
            if usr in decls:
                if oldest:
                    decls[usr] = (decls[usr][0], oldest)
                else:
                    del decls[usr]


def target_triple():
    out = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True).stdout
    return json.loads(out)["target"]["triple"]


# MARK: - `#if` branches


class Conditions:
    """Evaluates `#if` conditions for Linux and each Apple platform (the worlds)."""

    def __init__(self, flags, linux_modules):
        self.flags = flags
        self.linux_modules = linux_modules

    def can_import(self, module, world):
        if world == "Linux":
            return module in self.linux_modules and module not in APPLE_ONLY_MODULES
        if module in APPLE_ONLY_MODULES:
            return world in APPLE_ONLY_MODULES[module]
        return module not in LINUX_ONLY_MODULES

    def call(self, name, argument, world):
        first = argument.split(",")[0].strip()
        if name == "os":
            return first == world
        if name == "canImport":
            return self.can_import(first, world)
        if name == "_runtime":
            return (first == "_ObjC") == (world != "Linux")
        if name == "targetEnvironment":
            # simulator and macCatalyst builds are Apple builds of the same declarations.
            return world != "Linux"
        # compiler(>=), swift(>=): one toolchain for both sides; arch, _endian, _pointerBitWidth,
        # hasFeature, hasAttribute: taken to hold (the code under them is checked).
        return True

    def evaluate(self, text, world):
        # A call (`os(Linux)`, `compiler(>=6.2)`, `canImport(X, _version: 2)`) is one token.
        tokens = re.findall(r"[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)|&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*", text)
        position = 0

        def peek():
            return tokens[position] if position < len(tokens) else None

        def take():
            nonlocal position
            position += 1
            return tokens[position - 1] if position <= len(tokens) else ")"

        def primary():
            token = take()
            if token == "!":
                return not primary()
            if token == "(":
                value = disjunction()
                take()
                return value
            call = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)$", token)
            if call:
                return self.call(call.group(1), call.group(2), world)
            if token in ("true", "false"):
                return token == "true"
            return token in self.flags

        def conjunction():
            value = primary()
            while peek() == "&&":
                take()
                value = primary() and value
            return value

        def disjunction():
            value = conjunction()
            while peek() == "||":
                take()
                value = conjunction() or value
            return value

        return disjunction()


def branches(source, conditions):
    """The `#if` branches of a file: (start offset, end offset, first line, last line, worlds that
    compile it, the directive's text)."""
    text = blank(source)
    found, stack = [], []
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            kind, condition = directive.group(1), directive.group(2).strip()
            if kind in ("elseif", "else", "endif") and stack and stack[-1]["open"] is not None:
                branch = stack[-1]
                found.append((branch["open"], offset, branch["line"], number - 1, branch["worlds"], branch["text"]))
            if kind == "if":
                outer = stack[-1]["worlds"] if stack else set(WORLDS)
                stack.append({"outer": outer, "taken": set(), "open": None, "if": f"#if {condition}"})
            if kind in ("if", "elseif", "else") and stack:
                branch = stack[-1]
                holds = {w for w in WORLDS if kind == "else" or conditions.evaluate(condition, w)}
                branch["worlds"] = (branch["outer"] & holds) - branch["taken"]
                branch["taken"] |= holds
                branch["open"], branch["line"] = offset + len(line), number + 1
                branch["text"] = branch["if"] if kind == "if" else f"#{kind} {condition}".strip() + f" of {branch['if']}"
            if kind == "endif" and stack:
                stack.pop()
        offset += len(line.encode("utf-8"))
    return found


# MARK: - The AST


def available_specs(node):
    """{platform: version} of an `#available` condition or `@available` attributes."""
    specs = {}
    for attr in node:
        domain = attr.get("domain")
        if domain in APPLE:
            if attr.get("unavailable") or attr.get("kind") == "unavailable":
                specs[domain] = (10 ** 6, 0, 0)  # never runs there: nothing inside needs a version
            elif attr.get("introduced") or attr.get("version"):
                specs[domain] = version(attr.get("introduced") or attr.get("version"))
    return specs


# A context key (not a platform): the compiler chose this call, by the platform's availability.
DESUGARED = "desugared"


def merged(context, specs):
    if not specs:
        return context
    out = dict(context)
    for platform, v in specs.items():
        out[platform] = max(out.get(platform, ()), v)
    return out


def pound_available(conditions, kind):
    specs = {}
    for condition in conditions if isinstance(conditions, list) else [conditions]:
        if isinstance(condition, dict) and condition.get("_kind") == kind:
            specs.update(available_specs(condition.get("queries", [])))
    return specs


def uses(source_file):
    """(offset, usr or None, mangled type or None, {platform: guaranteed version}) of every
    declaration and type the file's AST refers to."""
    found = []
    stack = [(source_file, {}, 0)]
    while stack:
        node, context, position = stack.pop()
        if isinstance(node, list):
            for index, item in enumerate(node):
                stack.append((item, merged(context, binding_availability(node, index)), position))
            continue
        if not isinstance(node, dict):
            continue
        where = node.get("range")
        if isinstance(where, dict) and "start" in where:
            position = where["start"]
        if isinstance(node.get("attrs"), list):
            context = merged(context, available_specs([a for a in node["attrs"] if a.get("_kind") == "available_attr"]))
        kind = node.get("_kind")
        for key, value in node.items():
            if key == "decl_usr" and value and not context.get(DESUGARED):
                found.append((position, value, None, context))
            elif key in ("type", "interface_type", "result", "replacement_type") and isinstance(value, str) \
                    and value.startswith("$s"):
                found.append((position, None, value, context))
            elif key == "inherits" and isinstance(value, dict):
                # `struct S: NewProtocol`: the conformances the declaration states.
                for conformance in value.get("conformances", []):
                    if conformance.get("source_kind") != "synthesized" and conformance.get("protocol"):
                        found.append((position, conformance["protocol"], None, context))
            elif isinstance(value, (dict, list)):
                inner = context
                if kind == "for_each_stmt" and key == "next_call":
                    # `for await` calls `next(isolation:)` (macOS 15) where it is available and
                    # `next()` below that: the one in a Linux AST says nothing about Apple platforms.
                    inner = dict(context, **{DESUGARED: True})
                elif kind in ("if_stmt", "while_stmt") and key in ("then_stmt", "body"):
                    inner = merged(context, pound_available(node.get("conditions", []), "#available"))
                elif kind == "if_stmt" and key == "else_stmt":
                    inner = merged(context, pound_available(node.get("conditions", []), "#unavailable"))
                if key == "elements" and isinstance(value, list):
                    # `guard #available(...) else { return }` guards what follows it in the block.
                    for element in value:
                        stack.append((element, inner, position))
                        if isinstance(element, dict) and element.get("_kind") == "guard_stmt":
                            inner = merged(inner, pound_available(element.get("conditions", []), "#available"))
                    continue
                stack.append((value, inner, position))
    return found


def binding_availability(siblings, index):
    """`@available(...) let x = New()`: the attribute is on the variable, which follows its
    pattern binding (which holds the initial value) as a sibling."""
    binding = siblings[index]
    if not isinstance(binding, dict) or binding.get("_kind") != "pattern_binding_decl":
        return {}
    span = binding.get("range", {})
    specs = {}
    for sibling in siblings[index + 1:]:
        start = sibling.get("range", {}).get("start") if isinstance(sibling, dict) else None
        if not isinstance(sibling, dict) or sibling.get("_kind") != "var_decl" or start is None \
                or not span.get("start", 0) <= start <= span.get("end", -1):
            break
        specs = merged(specs, available_specs([a for a in sibling.get("attrs", []) if a.get("_kind") == "available_attr"]))
    return specs


def read_ast(path):
    """The source_file objects of one -dump-ast output (the frontend writes one per primary file)."""
    text = read(path)
    decoder, index, out = json.JSONDecoder(), 0, []
    while index < len(text):
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            break
        value, index = decoder.raw_decode(text, index)
        out.append(value)
    return out


def demangled(mangled_names):
    """{mangled: demangled} through one swift-demangle process."""
    names = sorted(mangled_names)
    if not names:
        return {}
    result = subprocess.run(["swift-demangle"], input="\n".join(names) + "\n",
                            capture_output=True, text=True, check=True)
    return dict(zip(names, result.stdout.splitlines()))


# MARK: - Compile commands


def module_commands(scratch, wanted):
    """{target: (swiftc arguments, source files)} of the package's shipped modules, from the
    llbuild manifest SwiftPM wrote for the debug build."""
    manifest = os.path.join(scratch, "debug.yaml")
    if not os.path.exists(manifest):
        sys.exit(f"availability: {manifest} missing: run `swift build` first")
    commands, inside, files = {}, False, []
    for line in read(manifest).splitlines():
        # "C.<target>-<triple>-debug.module" ("-debug-tool" is the same module built for plugins,
        # left out); the module's name is its -module-name (a target "a-b" is module "a_b").
        if line.startswith('  "'):
            inside, files = bool(re.match(r'\s+"C\..+-debug\.module":', line)), []
        elif inside and line.strip().startswith("inputs: ["):
            files = [f for f in json.loads(line.strip()[len("inputs: "):]) if f.endswith(".swift")]
        elif inside and line.strip().startswith("args: ["):
            args = json.loads(line.strip()[len("args: "):])
            name = args[args.index("-module-name") + 1] if "-module-name" in args else None
            shipped = [f for f in files if any(os.path.relpath(f, ROOT).startswith(s) for s in SHIPPED)]
            if name and shipped and (not wanted or name in wanted):
                commands[name] = (args, files)
            inside = False
    missing = set(wanted or []) - set(commands)
    if missing:
        sys.exit(f"availability: not in {manifest}: {', '.join(sorted(missing))}")
    return commands


# Driver options about outputs, incrementality and parallelism: not for a frontend that dumps.
DROP_WITH_VALUE = {"-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path",
                   "-emit-dependencies-path", "-num-threads"}
DROP = {"-emit-dependencies", "-emit-module", "-incremental", "-c", "-enable-batch-mode",
        "-serialize-diagnostics", "-parseable-output", "-emit-objc-header", "-g", "-emit-library",
        "-whole-module-optimization", "-no-whole-module-optimization"}


def dump_arguments(args):
    out, skip = [], False
    for index, arg in enumerate(args[1:], 1):
        if skip:
            skip = False
        elif args[index - 1] in ("-Xcc", "-Xlinker", "-Xfrontend"):
            out.append(arg)  # the clang option after -Xcc (`-Xcc -g`) stays
        elif arg in DROP_WITH_VALUE:
            skip = True
        elif arg in DROP or arg.startswith("@") or re.match(r"-j\d+$", arg):
            pass
        else:
            out.append(arg)
    return out


def dump_ast(arguments, files, work, label):
    """Runs the frontend over `files` (each a primary file), returns the JSON output paths. The
    driver (`-###`) says how it would run the frontend (plugin paths for macros, ...); that one
    command then dumps every file."""
    outputs = [os.path.join(work, f"{label}-{i}.json") for i in range(len(files))]
    planned = subprocess.run(["swiftc", "-###", "-dump-ast", "-dump-ast-format", "json"] + arguments + files,
                             capture_output=True, text=True)
    if planned.returncode != 0:
        sys.stderr.write(planned.stderr)
        sys.exit(f"availability: the driver refused the arguments of {label}")
    first = shlex.split(planned.stdout.splitlines()[0])
    command, skip = [], False
    for index, arg in enumerate(first):
        if skip:
            skip = False
        elif arg in ("-primary-file", "-o") and first[index - 1] not in ("-Xcc", "-Xllvm"):
            skip = arg == "-o"
        elif arg not in files:
            command.append(arg)
    for source in files:
        command += ["-primary-file", source]
    for output in outputs:
        command += ["-o", output]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        sys.exit(f"availability: the frontend failed on {label}")
    return outputs


# MARK: - The check


def line_column(data, offset):
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def check_file(source_file, used, floor, decls, types, names, conditions, report):
    path = source_file["filename"]
    data = read(path, "rb")
    regions = branches(data.decode("utf-8"), conditions)
    findings = {}  # (line, name) -> (column, message, from a type only)
    for offset, usr, mangled, context in used:
        if usr is not None:
            entry = decls.get(usr)
        else:
            entry = None
            for qualified in re.findall(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+", names.get(mangled, "")):
                entry = types.get(qualified)
                if entry:
                    break
        if entry is None:
            continue
        name, intro = entry
        compiled_for = set(APPLE)
        for start, end, _, _, worlds, _ in regions:
            if start <= offset < end:
                compiled_for &= worlds  # nested branches lie within their outer ones
        missing = [p for p in APPLE if p in compiled_for and p in intro and intro[p] > floor[p]
                   and context.get(p, floor[p]) < intro[p]]
        if not missing:
            continue
        line, column = line_column(data, offset)
        needs = " / ".join(f"{p} {shown(intro[p])}" for p in missing)
        findings.setdefault((line, name), (column, f"'{name}' is only available in {needs} or newer", usr is None))
    for (line, name), (column, message, type_only) in sorted(findings.items()):
        # `Mutex(0)` names Mutex.init and has the type Mutex: one error, the declaration's.
        if type_only and any(l == line and n.startswith(name + ".") for l, n in findings):
            continue
        report.error(path, line, column, message)
    for start, end, first, last, worlds, directive in regions:
        apple = [p for p in APPLE if p in worlds]
        if "Linux" in worlds or not apple or last < first:
            continue
        report.unchecked(path, first, last, apple, directive)
        text = blank(data[start:end].decode("utf-8"))
        mentioned = set(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b", text))
        for qualified, (name, intro) in sorted(types.items()):
            short = name.split(".")[-1]
            newer = [p for p in apple if p in intro and intro[p] > floor[p]]
            if short in mentioned and newer:
                needs = " / ".join(f"{p} {shown(intro[p])}" for p in newer)
                report.warning(path, first, 1, f"unchecked lines {first}-{last} mention '{short}' "
                                               f"({qualified}: {needs}); make sure it is guarded")


class Report:
    def __init__(self):
        self.errors, self.regions, self.lines = 0, 0, []

    def relative(self, path):
        path = os.path.abspath(path)
        return os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path

    def error(self, path, line, column, message):
        self.errors += 1
        self.lines.append((self.relative(path), line, column, f"error: {message}"))

    def warning(self, path, line, column, message):
        self.lines.append((self.relative(path), line, column, f"warning: {message}"))

    def unchecked(self, path, first, last, apple, directive):
        self.regions += 1
        self.lines.append((self.relative(path), first, 1,
                           f"note: lines {first}-{last} ({directive}) are compiled for "
                           f"{', '.join(apple)} only: not in the Linux AST, not checked"))

    def emit(self):
        for path, line, column, message in sorted(set(self.lines)):
            print(f"{path}:{line}:{column}: {message}")
        sys.stdout.flush()


def linux_modules(module_dirs):
    found = set()
    for folder in module_dirs:
        if os.path.isdir(folder):
            for entry in os.listdir(folder):
                if entry.endswith(".swiftmodule"):
                    found.add(entry[: -len(".swiftmodule")])
    for folder in ["Sources", "Tests/Support"]:
        for dirpath, _, filenames in os.walk(os.path.join(ROOT, folder)):
            if "module.modulemap" in filenames:
                text = read(os.path.join(dirpath, "module.modulemap"))
                found.update(re.findall(r"module\s+(\w+)", text))
    return found


def toolchain_module_dir():
    swift = shutil.which("swiftc")
    resource = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift", "linux")
    return resource


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scratch", default=os.path.join(ROOT, ".build"), help="SwiftPM's scratch path")
    parser.add_argument("--target", action="append", help="only this module (repeatable)")
    parser.add_argument("--file", action="append", help="check this standalone file instead (repeatable)")
    parser.add_argument("--package", default=os.path.join(ROOT, "Package.swift"), help="whose platforms are the floor")
    options = parser.parse_args()
    started = time.monotonic()
    floor = declared_platforms(options.package)
    cache = os.path.join(options.scratch, "availability")
    decls, types = toolchain_availability(cache, TOOLCHAIN_MODULES)
    report = Report()
    with tempfile.TemporaryDirectory() as work:
        if options.file:
            jobs = {"files": (["-target", target_triple(), "-module-name", "AvailabilityControl",
                               "-parse-as-library", "-swift-version", "6"],
                              [os.path.abspath(f) for f in options.file])}
            flags, bin_modules = {"DEBUG"}, []
        else:
            jobs = {name: (dump_arguments(args), files)
                    for name, (args, files) in module_commands(options.scratch, options.target).items()}
            flags = {"DEBUG", "SWIFT_PACKAGE"}
            bin_modules = {args[i + 1] for args, _ in jobs.values() for i, a in enumerate(args[:-1]) if a == "-I"}
        conditions = Conditions(flags, linux_modules([toolchain_module_dir()] + sorted(bin_modules)))

        def run(item):
            name, (arguments, files) = item
            return name, files, dump_ast(arguments, files, work, name)

        # Two modules type-check at a time; each is checked (and its dump deleted) as it ends.
        files_checked = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for done in concurrent.futures.as_completed([pool.submit(run, item) for item in sorted(jobs.items())]):
                _, _, outputs = done.result()
                for output in outputs:
                    for source_file in read_ast(output):
                        used = uses(source_file)
                        names = demangled({m for _, _, m, _ in used if m})
                        check_file(source_file, used, floor, decls, types, names, conditions, report)
                        files_checked += 1
                    os.unlink(output)
    report.emit()
    floor_text = " / ".join(f"{p} {shown(floor[p])}" for p in APPLE)
    print(f"availability: {len(jobs)} module(s), {files_checked} file(s) against {floor_text}; "
          f"{len(decls)} declarations with Apple versions known; {report.errors} error(s), "
          f"{report.regions} unchecked Apple-only region(s); {time.monotonic() - started:.1f} s",
          file=sys.stderr)
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
