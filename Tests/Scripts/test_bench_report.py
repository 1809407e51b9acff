#!/usr/bin/env python3
"""BENCHMARKS.md is the report Benchmarks/bench.py writes from the committed figures
(Benchmarks/results.json), short, with its summary on the first screen; the benchmark notes speak
of the project, not of work sessions (`make check` runs this)."""

import contextlib
import copy
import io
import json
import os
import re
import shutil
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
import bench  # noqa: E402
import compare  # noqa: E402

SESSION = re.compile(r"sessions? [0-9]+", re.IGNORECASE)


def saved():
    with open(bench.SAVED) as fh:
        return json.load(fh)


class WriterTestCase(unittest.TestCase):
    """BENCHMARKS.md and the chart written into a temporary folder."""

    def setUp(self):
        self.root = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.root, "Benchmarks"))
        shutil.copy(os.path.join(ROOT, "Benchmarks", "COMPARE.md"), os.path.join(self.root, "Benchmarks"))
        self.patched = [(bench, "ROOT", bench.ROOT), (bench, "COMPARE_SAVED", bench.COMPARE_SAVED),
                        (compare, "ROOT", compare.ROOT), (compare, "COMPARE_SAVED", compare.COMPARE_SAVED)]
        bench.ROOT = compare.ROOT = self.root

    def tearDown(self):
        for module, name, value in self.patched:
            setattr(module, name, value)
        shutil.rmtree(self.root)

    def written(self, figures):
        bench.write_report(figures)
        with open(os.path.join(self.root, "BENCHMARKS.md")) as fh:
            return fh.read()


class ReportTests(WriterTestCase):
    def test_committed_report_and_chart_are_what_the_writer_makes_of_the_saved_figures(self):
        report = self.written(saved())
        with open(os.path.join(ROOT, "BENCHMARKS.md")) as fh:
            self.assertEqual(fh.read(), report, "BENCHMARKS.md is stale: python3 Benchmarks/bench.py --report-only")
        for name in ["chart.svg"]:
            with open(os.path.join(ROOT, "Benchmarks", name)) as a, open(os.path.join(self.root, "Benchmarks", name)) as b:
                self.assertEqual(a.read(), b.read(), f"Benchmarks/{name} is stale")

    def test_report_is_short_and_opens_with_the_summary(self):
        lines = self.written(saved()).splitlines()
        self.assertLessEqual(len(lines), 150)
        first_screen = "\n".join(lines[:20])
        for headline in ["| generate, N = 2000", "libyaml", "debug build of the generated module",
                         "a generated call", "GitHub's document", "Stripe's document", "swift-openapi-generator",
                         "| import-swift, a Moya layer of 100 cases"]:
            self.assertIn(headline, first_screen)
        text = "\n".join(lines)
        self.assertIn("## How to reproduce", text)
        self.assertIn("## Machine", text)
        self.assertIn("Benchmarks/NOTES.md", text)
        self.assertNotIn("## Targets of issue 5", text)  # the notes are linked, not appended

    def test_uncounted_rebuilds_get_a_footnote_and_counted_ones_their_object_count(self):
        figures = saved()
        self.assertIn('"not counted (n)"', self.written(figures))
        counted = copy.deepcopy(figures)
        for document in counted["documents"].values():
            for edit in document["incremental"]:
                for sample in edit["samples"]:
                    sample["objects"] = sample["recompiled"][:1]
        report = self.written(counted)
        self.assertNotIn("not counted", report)
        self.assertIn("| 2 (1) of 175 (UsersRouter, UsersService) |", report)

    def test_a_comparison_saved_by_compare_py_reaches_the_summary(self):
        bench.COMPARE_SAVED = compare.COMPARE_SAVED = os.path.join(self.root, "Benchmarks", "compare-results.json")
        rows = [dict(n=2000, ours=([0.1, 0.1, 0.1], [40]), theirs=([30.0, 30.0, 30.0], [300]),
                     ours_lines=1, theirs_lines=2)]
        compiles = [dict(n=500, EndpointGen=([20.0], [270]), OpenAPI=([250.0], [4000]))]
        with contextlib.redirect_stdout(io.StringIO()):
            compare.write_report(rows, compiles, 3)
        with open(compare.COMPARE_SAVED) as fh:
            kept = json.load(fh)
        self.assertEqual(kept["rows"][0]["speed"], 300.0)
        summary = self.written(saved()).splitlines()[:20]
        row = next(line for line in summary if "swift-openapi-generator" in line)
        self.assertIn("generation 300x faster at N = 2000; debug build **12.5x** faster at N = 500", row)
        self.assertIn(kept["measured"], row)


def import_swift_section():
    row = dict(files=6, spec_lines=1225, cases=100, whole=94, warned=6, left_out=0)
    return dict(measured="2026-12-02 05:00 UTC", machine="a machine", load=1.5, runs=3, rows=[
        dict(row, n=100, time=[0.021, 0.020, 0.025], mem=[21.0, 21.2, 21.1], lines=1181, size=39069),
        dict(row, n=1000, time=[0.19, 0.2, 0.21], mem=[40.0, 41.0, 40.5], lines=10519, size=352000, cases=1000)])


class ImportSwiftSectionTests(WriterTestCase):
    """`make bench`'s import-swift section (a Moya layer of N cases; the issue: 100 cases well under a second)."""

    def test_the_section_says_what_was_measured_with_the_target_and_how_it_scales(self):
        figures = saved()
        figures["import_swift"] = import_swift_section()
        report = self.written(figures)
        self.assertIn("## import-swift: a Moya layer of N cases", report)
        self.assertIn("`endpointgen import-swift LAYER --output OUT --quiet`", report)
        self.assertIn("Benchmarks/synth_swift_layer.py", report)
        self.assertIn("Target: 100 cases well under a second.", report)
        self.assertIn("| 100 | 6, 1,181 | 21.0 ms (min 20.0, max 25.0) | 21 MiB | 94 / 6 / 0 | 1,225 |", report)
        self.assertIn("1000 cases take 9.5x the time of 100 (10x the cases).", report)
        first_screen = report.splitlines()[:20]
        row = next(line for line in first_screen if "import-swift" in line)
        self.assertIn("whole process (2026-12-02) | **21.0 ms**, peak 21 MiB; 1000 cases 200.0 ms, 41 MiB | "
                      "well under 1 s (100 cases) |", row)
        self.assertIn("Measured 2026-12-02 05:00 UTC, 3 runs, load 1.5, on a machine.", report)

    def test_measured_with_the_rest_the_section_repeats_neither_date_nor_machine(self):
        figures = saved()
        section = import_swift_section()
        section.update(measured=figures["measured"], machine=figures["machine"])
        figures["import_swift"] = section
        report = self.written(figures)
        self.assertIn("whole process | **21.0 ms**", report)
        self.assertIn(f"Measured {figures['measured']}, 3 runs, load 1.5.", report)

    def test_figures_saved_before_the_section_existed_give_no_section(self):
        figures = saved()
        figures.pop("import_swift", None)
        report = self.written(figures)
        self.assertNotIn("import-swift", report.replace("--skip-import-swift", "").replace("--only-import-swift", "")
                         .replace("--import-swift-sizes", "").replace("the import-swift section alone", ""))

    def test_the_section_measured_alone_replaces_its_figures_and_keeps_the_others(self):
        path = os.path.join(self.root, "Benchmarks", "results.json")
        shutil.copy(bench.SAVED, path)
        self.patched.append((bench, "SAVED", bench.SAVED))
        bench.SAVED = path
        before = saved()
        merged = bench.merge_saved(import_swift=import_swift_section())
        with open(path) as fh:
            after = json.load(fh)
        self.assertEqual(merged, after)
        self.assertEqual(after["import_swift"], import_swift_section())
        for key in before:
            if key != "import_swift":
                self.assertEqual(after[key], before[key], key)


class NotesTests(unittest.TestCase):
    def test_no_line_of_the_benchmarks_refers_to_a_numbered_session(self):
        for folder, _, files in os.walk(os.path.join(ROOT, "Benchmarks")):
            if ".build" in folder:
                continue
            for name in files:
                if name.endswith((".md", ".py", ".json", ".swift")):
                    path = os.path.join(folder, name)
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        for number, line in enumerate(fh, 1):
                            self.assertIsNone(SESSION.search(line), f"{path}:{number}: {line.strip()}")
        with open(os.path.join(ROOT, "BENCHMARKS.md")) as fh:
            self.assertIsNone(SESSION.search(fh.read()))


if __name__ == "__main__":
    unittest.main()
