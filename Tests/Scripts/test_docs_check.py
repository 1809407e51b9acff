#!/usr/bin/env python3
"""Scripts/docs_check.py reports undocumented public symbols, top-level symbols in no topic group
and members a curated type page leaves out, and nothing else (`make docs` runs this first)."""

import contextlib
import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts"))
import docs_check  # noqa: E402


def symbol(path, kind="swift.struct", doc="Docs.", file="A.swift", line=0):
    raw = {"pathComponents": path.split("/"), "kind": {"identifier": "swift." + kind if "." not in kind else kind}}
    if doc is not None:
        raw["docComment"] = {"lines": [{"text": doc}]}
    if file is not None:
        raw["location"] = {"uri": "file://" + file, "position": {"line": line, "character": 4}}
    return raw


class DocsCheckTests(unittest.TestCase):
    def run_check(self, symbols, catalog, extension_symbols=()):
        """The check's messages and exit code for these symbols (files relative to a sources folder)
        and catalog files ({name: text})."""
        with tempfile.TemporaryDirectory() as root:
            sources = os.path.join(root, "Sources", "EndpointRuntime")
            graphs = os.path.join(root, "graphs")
            docc = os.path.join(sources, "EndpointRuntime.docc")
            os.makedirs(graphs)
            os.makedirs(docc)
            for raw in list(symbols) + list(extension_symbols):
                if "location" in raw:
                    raw["location"]["uri"] = "file://" + os.path.join(sources, raw["location"]["uri"][7:])
            for name, raws in (("EndpointRuntime.symbols.json", symbols),
                               ("EndpointRuntime@Swift.symbols.json", extension_symbols),
                               ("Other.symbols.json", [symbol("Stranger", doc=None)])):
                with open(os.path.join(graphs, name), "w") as f:
                    json.dump({"symbols": list(raws)}, f)
            for name, text in catalog.items():
                path = os.path.join(docc, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
            err, out = io.StringIO(), io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
                code = docs_check.main([graphs, "--catalog", docc, "--sources", sources])
            return [line.split("error: ", 1)[1] for line in err.getvalue().splitlines()], code

    LANDING = "# ``EndpointRuntime``\n\nText.\n\n## Topics\n\n### Essentials\n\n- ``APIClient``\n- ``EndpointRuntime/Endpoint``\n"

    def test_documented_and_curated_passes(self):
        messages, code = self.run_check(
            [symbol("APIClient"), symbol("APIClient/send(_:)", "method"), symbol("Endpoint", "protocol"),
             symbol("APIClient/==(_:_:)", "func.op", doc=None, file=None)],  # synthesized: not checked
            {"EndpointRuntime.md": self.LANDING})
        self.assertEqual((messages, code), ([], 0))

    def test_undocumented_symbols_are_reported_with_their_line(self):
        messages, code = self.run_check(
            [symbol("APIClient"), symbol("Endpoint", "protocol"), symbol("Endpoint/method", "property", doc=None),
             symbol("APIClient/run()", "method", doc="   ")],
            {"EndpointRuntime.md": self.LANDING},
            extension_symbols=[symbol("Array/append(name:)", "method", doc=None, file="B.swift", line=9)])
        self.assertEqual(code, 1)
        self.assertEqual(sorted(messages), ["public APIClient/run() has no doc comment",
                                            "public Array/append(name:) has no doc comment",
                                            "public Endpoint/method has no doc comment"])

    def test_a_top_level_symbol_outside_topics_is_reported(self):
        landing = self.LANDING.replace("## Topics", "See ``Transport`` above the topics.\n\n## Topics")
        messages, code = self.run_check([symbol("APIClient"), symbol("Endpoint", "protocol"), symbol("Transport", "class")],
                                        {"EndpointRuntime.md": landing})
        self.assertEqual((messages, code), (["Transport is in no topic group of EndpointRuntime.docc"], 1))

    def test_links_with_disambiguation_and_in_other_files_count(self):
        messages, code = self.run_check(
            [symbol("APIClient"), symbol("Endpoint", "protocol"), symbol("fieldsEqual(_:_:)", "func"),
             symbol("Transport", "class")],
            {"EndpointRuntime.md": self.LANDING,
             "Articles/Coding.md": "# Coding\n\n## Topics\n\n- ``fieldsEqual(_:_:)-3ax8q``\n- ``Transport-swift.class``\n"})
        self.assertEqual((messages, code), ([], 0))

    def test_a_curated_type_page_must_list_all_its_members(self):
        extension = ("# ``EndpointRuntime/APIClient``\n\n## Topics\n\n### Sending\n\n- ``send(_:)``\n"
                     "- ``APIClient/Configuration``\n")
        symbols = [symbol("APIClient"), symbol("Endpoint", "protocol"), symbol("APIClient/send(_:)", "method"),
                   symbol("APIClient/Configuration"), symbol("APIClient/Configuration/timeout", "property"),
                   symbol("APIClient/events(_:)", "method"), symbol("Endpoint/method", "property")]
        messages, code = self.run_check(symbols, {"EndpointRuntime.md": self.LANDING, "Extensions/APIClient.md": extension})
        self.assertEqual((messages, code), (["APIClient/events(_:) is missing from the topic groups of ``APIClient``"], 1))

    def test_no_symbols_is_an_error(self):
        messages, code = self.run_check([symbol("Elsewhere", file=None)], {"EndpointRuntime.md": self.LANDING})
        self.assertEqual(code, 1)
        self.assertEqual(len(messages), 1)
        self.assertIn("no symbols of EndpointRuntime", messages[0])


if __name__ == "__main__":
    unittest.main()
