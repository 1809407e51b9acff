#!/usr/bin/env python3
"""Scripts/long_functions.py finds the bodies it should, at the right lines and lengths, whatever
braces hide in strings and comments (`make long-functions` runs this first)."""

import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts"))
import long_functions  # noqa: E402


def bodies(swift):
    with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as f:
        f.write(swift)
    try:
        return list(long_functions.declarations(f.name))
    finally:
        os.unlink(f.name)


class LongFunctionsTests(unittest.TestCase):
    def test_members_are_named_by_their_types_with_keyword_line_and_length(self):
        found = bodies(
            "struct A {\n"                          # 1
            "    /// Docs.\n"                       # 2
            "    @inlinable\n"                      # 3
            "    public func f(x: Int) -> Int {\n"  # 4
            "        x\n"                           # 5
            "    }\n"                               # 6
            "    init?(y: Int) { nil }\n"           # 7
            "    enum B { case c\n"                 # 8
            "        var d: Int {\n"                # 9
            "            get { 1 }\n"               # 10
            "        }\n"                           # 11
            "    }\n"                               # 12
            "}\n"                                   # 13
            "extension A.B {\n"                     # 14
            "    static let table: [Int] = {\n"     # 15
            "        [1]\n"                         # 16
            "    }()\n"                             # 17
            "    subscript(i: Int) -> Int { i }\n"  # 18
            "}\n"
            "func free() {}\n")
        self.assertEqual(found, [(4, "A.f", 3), (7, "A.init?", 1), (9, "A.B.d", 3),
                                 (15, "A.B.table", 3), (18, "A.B.subscript", 1), (20, "free", 1)])

    def test_braces_in_strings_and_comments_are_not_code(self):
        found = bodies(
            'func f() {\n'
            '    let a = "}{ \\(b ? "}" : "{") }"\n'
            '    let c = #"}\\(d)"{"#\n'
            '    let e = """\n'
            '        } \\(g.map { "\\($0)}" }) {\n'
            '        """\n'
            '    // }\n'
            '    /* } /* } */ } */\n'
            '}\n'
            'func h() {}\n')
        self.assertEqual(found, [(1, "f", 9), (10, "h", 1)])

    def test_a_default_argument_closure_is_part_of_the_declaration(self):
        found = bodies(
            "struct S {\n"
            "    func f(\n"
            "        g: () -> Int = { 1 }\n"
            "    ) {\n"
            "        _ = g()\n"
            "    }\n"
            "}\n")
        self.assertEqual(found, [(2, "S.f", 5)])

    def test_requirements_without_bodies_and_statements_in_bodies_are_not_listed(self):
        found = bodies(
            "protocol P {\n"
            "    func a()\n"
            "    var b: Int { get }\n"
            "}\n"
            "func c() {\n"
            "    if let d = e {\n"
            "        let f = { 1 }\n"
            "    }\n"
            "}\n")
        self.assertEqual(found, [(3, "P.b", 1), (5, "c", 5)])

    def test_a_long_function_fails_unless_allowed(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "Long.swift"), "w") as f:
                f.write("enum E {\n    static func long() {\n" + "        _ = 1\n" * 81 + "    }\n}\n")
            key = os.path.relpath(os.path.join(folder, "Long.swift"), long_functions.ROOT) + ":E.long"
            with contextlib.redirect_stdout(io.StringIO()) as printed:
                self.assertEqual(long_functions.main([folder]), 1)
            self.assertIn("Long.swift:2: error: E.long is 83 lines (more than 80)", printed.getvalue())
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(long_functions.main(["--limit", "83", folder]), 0)
            long_functions.ALLOWED[key] = "a test"
            try:
                with contextlib.redirect_stdout(io.StringIO()) as printed:
                    self.assertEqual(long_functions.main([folder]), 0)
                self.assertEqual(printed.getvalue(), "")
            finally:
                del long_functions.ALLOWED[key]

if __name__ == "__main__":
    unittest.main()
