#!/usr/bin/env python3
"""Scripts/availability.py reports what it should (`make availability` runs this first).

The positive control: Tests/Scripts/availability/control.swift uses Mutex and
String(validating:as:) (macOS 15 / iOS 18 / tvOS 18 / watchOS 11) guarded and not; the check must
report exactly the lines marked `expect-error:` with exactly the platforms named there, list the
Apple-only branch marked `expect-unchecked` and warn about what it mentions. A check that reports
nothing fails here, so a clean run over the package means something."""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
import availability  # noqa: E402

CONTROL = os.path.join(HERE, "availability", "control.swift")
REPORTED = re.compile(r"^(.+?):(\d+):(\d+): (error|warning|note): (.*)$")


def run_check(*files):
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "Scripts", "availability.py"),
         "--scratch", os.path.join(ROOT, ".build")] + [a for f in files for a in ("--file", f)],
        capture_output=True, text=True)
    found = [REPORTED.match(line).groups() for line in result.stdout.splitlines() if REPORTED.match(line)]
    return result.returncode, found, result.stdout + result.stderr


def expectations(path):
    errors, unchecked, warnings = {}, set(), {}
    with open(path) as f:
        lines = f.read().splitlines()
    for number, line in enumerate(lines, 1):
        error = re.search(r"expect-error: ([A-Za-z ]+)$", line)
        if error:
            errors[number] = set(error.group(1).split())
        if "expect-unchecked" in line:
            unchecked.add(number)
        warning = re.search(r"expect-warning: (\w+)", line)
        if warning:
            warnings[number] = warning.group(1)
    return errors, unchecked, warnings


class ControlTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.status, cls.found, cls.output = run_check(CONTROL)

    def test_reports_exactly_the_unguarded_uses_with_the_platforms_they_miss(self):
        expected, _, _ = expectations(CONTROL)
        self.assertGreaterEqual(len(expected), 4)
        reported = {}
        for _, line, _, kind, message in self.found:
            if kind == "error":
                self.assertNotIn(int(line), reported, self.output)
                reported[int(line)] = set(re.findall(r"(macOS|iOS|tvOS|watchOS) \d", message))
        self.assertEqual(reported, expected, self.output)
        self.assertEqual(self.status, 1, self.output)

    def test_names_the_declaration_and_its_versions(self):
        messages = [m for _, line, _, kind, m in self.found if kind == "error"]
        self.assertIn("'String.init(validating:as:)' is only available in macOS 15.0 / iOS 18.0 / tvOS 18.0 / "
                      "watchOS 11.0 or newer", messages, self.output)
        self.assertTrue(any(m.startswith("'Mutex") for m in messages), self.output)

    def test_lists_the_branch_linux_does_not_compile_and_what_it_mentions(self):
        _, unchecked, warnings = expectations(CONTROL)
        notes = {int(line) for _, line, _, kind, m in self.found if kind == "note" and "not checked" in m}
        self.assertEqual(notes, unchecked, self.output)
        mentioned = {int(line): re.search(r"mention '(\w+)'", m).group(1)
                     for _, line, _, kind, m in self.found if kind == "warning"}
        self.assertEqual(mentioned, warnings, self.output)

    def test_a_guarded_file_is_clean(self):
        with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as f:
            f.write("import Synchronization\n"
                    "@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)\n"
                    "let lock = Mutex(0)\n"
                    "func f() { if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) { _ = Mutex(1) } }\n")
        try:
            status, found, output = run_check(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual((status, found), (0, []), output)


class ConditionTests(unittest.TestCase):
    conditions = availability.Conditions({"DEBUG"}, {"Foundation", "FoundationNetworking", "Glibc", "Synchronization"})

    def worlds(self, condition):
        return {w for w in availability.WORLDS if self.conditions.evaluate(condition, w)}

    def test_platform_conditions(self):
        apple = set(availability.APPLE)
        self.assertEqual(self.worlds("os(Linux)"), {"Linux"})
        self.assertEqual(self.worlds("canImport(FoundationNetworking)"), {"Linux"})
        self.assertEqual(self.worlds("canImport(Darwin)"), apple)
        self.assertEqual(self.worlds("!os(Linux)"), apple)
        self.assertEqual(self.worlds("os(macOS) || os(iOS)"), {"macOS", "iOS"})
        self.assertEqual(self.worlds("canImport(UIKit) && !os(tvOS)"), {"iOS"})
        self.assertEqual(self.worlds("compiler(>=6.2)"), set(availability.WORLDS))
        self.assertEqual(self.worlds("DEBUG && (os(Linux) || os(Windows))"), {"Linux"})
        self.assertEqual(self.worlds("RELEASE"), set())

    def test_branches_take_what_earlier_ones_left(self):
        source = ("#if canImport(FoundationNetworking)\n"  # 1
                  "a\n"                                    # 2
                  "#elseif os(macOS)\n"                    # 3
                  "b\n"                                    # 4
                  "#else\n"                                # 5
                  "  #if os(watchOS)\n"                    # 6
                  "c\n"                                    # 7
                  "  #endif\n"                             # 8
                  "#endif\n"                               # 9
                  "let s = \"\"\"\n#if os(Linux)\n\"\"\"\n")  # a directive in a string is not one
        found = [(first, last, worlds) for _, _, first, last, worlds, _ in availability.branches(source, self.conditions)]
        self.assertEqual(found, [(2, 2, {"Linux"}), (4, 4, {"macOS"}), (7, 7, {"watchOS"}),
                                 (6, 8, {"iOS", "tvOS", "watchOS"})])


class ArgumentTests(unittest.TestCase):
    def test_the_compile_command_loses_its_outputs_and_keeps_its_search_paths(self):
        args = ["/opt/swift/usr/bin/swiftc", "-module-name", "M", "-emit-module", "-emit-module-path", "x",
                "-output-file-map", "y", "-c", "@sources", "-I", "Modules", "-j2", "-DDEBUG",
                "-Xcc", "-I", "-Xcc", "inc", "-swift-version", "6", "-g", "-parseable-output"]
        self.assertEqual(availability.dump_arguments(args),
                         ["-module-name", "M", "-I", "Modules", "-DDEBUG", "-Xcc", "-I", "-Xcc", "inc",
                          "-swift-version", "6"])

    def test_the_shipped_modules_come_from_the_build_manifest_tests_and_tool_copies_left_out(self):
        def command(name, files, tool=""):
            inputs = json.dumps([os.path.join(ROOT, f) for f in files] + ["/x/swift-version.txt"])
            return (f'  "C.{name}-x86_64-unknown-linux-gnu-debug{tool}.module":\n    tool: shell\n'
                    f'    inputs: {inputs}\n    args: {json.dumps(["swiftc", "-module-name", name])}\n\n')
        with tempfile.TemporaryDirectory() as scratch:
            with open(os.path.join(scratch, "debug.yaml"), "w") as manifest:
                manifest.write("commands:\n"
                               + command("EndpointRuntime", ["Sources/EndpointRuntime/A.swift"])
                               + command("EndpointGenKit", ["Sources/EndpointGenKit/B.swift"], "-tool")
                               + command("GoldenFeatures", ["Tests/Goldens/features/C.swift"])
                               + command("RuntimeTests", ["Tests/RuntimeTests/D.swift"])
                               + command("NIOCore", ["/elsewhere/.build/checkouts/swift-nio/E.swift"]))
            commands = availability.module_commands(scratch, None)
        self.assertEqual(sorted(commands), ["EndpointRuntime", "GoldenFeatures"])
        self.assertEqual(commands["GoldenFeatures"][1], [os.path.join(ROOT, "Tests/Goldens/features/C.swift")])

    def test_versions(self):
        self.assertEqual(availability.version("15"), (15, 0, 0))
        self.assertLess(availability.version("13"), availability.version("13.3"))
        self.assertEqual(availability.shown((11, 0, 0)), "11.0")


if __name__ == "__main__":
    unittest.main()
