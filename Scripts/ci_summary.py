#!/usr/bin/env python3
"""The end of `.ci/run`: each step's time and status, then one line, "N passed, M failed".

Reads the folder `.ci/run` writes (steps.txt: "name status seconds cpu-seconds" a line; name.log:
the step's output). A step whose log holds XCTest's summary of all tests counts its tests; any other step
counts as one check, except a "(background)" line, shown for its time only. A test step that failed with no failing test (a build error) adds one failure.
Exits 1 when anything failed.

Usage: ci_summary.py LOG_FOLDER
"""
import os
import re
import sys

# XCTest's last summary: "Executed 891 tests, with 1 test skipped and 1 failure (0 unexpected) in ..."
EXECUTED = re.compile(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?")


def test_counts(log_text):
    """(passed, failed) from XCTest's 'All tests' summaries in a log, or None when there is none."""
    lines = log_text.splitlines()
    found = None
    for index, line in enumerate(lines[:-1]):
        if line.startswith("Test Suite 'All tests'") and (" passed at " in line or " failed at " in line):
            match = EXECUTED.search(lines[index + 1])
            if match:
                executed, skipped, failures = int(match.group(1)), int(match.group(2) or 0), int(match.group(3))
                passed, failed = found or (0, 0)
                found = (passed + executed - skipped - failures, failed + failures)
    return found


# What says why a step failed: a test's failed assertion, a compiler or tool error, a Swift runtime
# trap ("Fatal error: …", a crash's banner) and the test that was running when the process died.
CAUSE = re.compile(r"(: error: |^error: |Fatal error|fatal error|💣|Program crashed|Crash: |Traceback|FAILED|\*\*\* )")
STARTED = re.compile(r"^Test Case '([^']+)' started")
ENDED = re.compile(r"^Test Case '([^']+)' (passed|failed|skipped)")


def failure_causes(log_text, limit=12):
    """The lines of a failed step's log that say why, and the test running when it stopped.

    The report of a CI run shows only the end of its output; a crash's backtrace fills it, so the
    cause is repeated here, beside the table."""
    causes = []
    running = None
    for line in log_text.splitlines():
        started = STARTED.match(line)
        if started:
            running = started.group(1)
            continue
        if ENDED.match(line):
            running = None
            continue
        if CAUSE.search(line) and line.strip() not in causes:
            causes.append(line.strip()[:300])
    lines = causes[:limit]
    if len(causes) > limit:
        lines.append(f"… {len(causes) - limit} more in the step's log")
    if running:
        lines.append(f"running when the process ended: {running}")
    return lines


def summarize(folder):
    passed = failed = 0
    rows = []
    with open(os.path.join(folder, "steps.txt"), encoding="utf-8") as handle:
        for line in handle:
            name, status, seconds, cpu = (line.split() + ["0"])[:4]
            rows.append((name, status, int(seconds), int(cpu)))
    for name, status, _, _ in rows:
        log = os.path.join(folder, f"{name}.log")
        if status == "ok" or not os.path.exists(log):
            continue
        print(f"--- why {name} failed")
        for line in failure_causes(open(log, encoding="utf-8", errors="replace").read()) or ["(no error line: see the step's log)"]:
            print(f"  {line}")
    for name, status, seconds, cpu in rows:
        if name.endswith("(background)"):
            # Shown for its time; not a check (the step that needs it reports its failure), and
            # its wall time overlaps the others'.
            print(f"{name:<22} {status:<7} {seconds // 60:3d} min {seconds % 60:02d} s   cpu {cpu // 60:3d} min {cpu % 60:02d} s")
            continue
        log = os.path.join(folder, f"{name}.log")
        text = open(log, encoding="utf-8", errors="replace").read() if os.path.exists(log) else ""
        counts = test_counts(text)
        if counts is None:
            passed, failed = (passed + 1, failed) if status == "ok" else (passed, failed + 1)
        else:
            passed += counts[0]
            failed += counts[1] + (1 if status != "ok" and counts[1] == 0 else 0)
        print(f"{name:<22} {status:<7} {seconds // 60:3d} min {seconds % 60:02d} s   cpu {cpu // 60:3d} min {cpu % 60:02d} s")
    total = sum(row[2] for row in rows if not row[0].endswith("(background)"))
    cpu = sum(row[3] for row in rows)
    print(f"{'all steps':<22} {'':<7} {total // 60:3d} min {total % 60:02d} s   cpu {cpu // 60:3d} min {cpu % 60:02d} s")
    elapsed = os.path.join(folder, "elapsed.txt")
    if os.path.exists(elapsed):
        # Less than the sum above: some steps run beside others.
        seconds = int(open(elapsed, encoding="utf-8").read().split()[0])
        print(f"{'CI, start to end':<22} {'':<7} {seconds // 60:3d} min {seconds % 60:02d} s")
    print(f"{passed} passed, {failed} failed")
    return failed


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(1 if summarize(sys.argv[1]) else 0)
