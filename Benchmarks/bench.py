#!/usr/bin/env python3
"""`make bench`: generation speed and memory, compile time of the output, runtime cost.

Every figure is a median of several runs with min and max. Generation is timed next to
libyaml's own parse of the same files in the same run, since the ratio between the two is
what stays comparable on a noisy machine. Results go to stdout and, with --write, to
BENCHMARKS.md with an SVG chart. GitHub's and Stripe's published documents get a section of their
own (bench_documents.py: generation, debug build, incremental rebuilds; --skip-documents), and so
does `import-swift` on a synthetic Moya layer (synth_swift_layer.py; --skip-import-swift, or
--only-import-swift to measure it alone and merge its figures into the saved ones).
BENCHMARKS.md holds the current figures only; what explains them is Benchmarks/NOTES.md.
"""
import argparse
import os
import platform
import resource
import shutil
import statistics
import json
import re
import subprocess
import sys
import time

# Run as a script this module is __main__; the modules it imports (bench_documents,
# compare_documents) import it as `bench`: one module, so they share its state (_DISCARDED).
sys.modules.setdefault("bench", sys.modules[__name__])

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("BENCH_WORK", "/tmp/endpointgen-bench")
# The figures BENCHMARKS.md is written from: saved by --write, read by --report-only. Committed
# beside BENCHMARKS.md, so a change to the report's writer can be applied in any clone.
SAVED = os.path.join(ROOT, "Benchmarks", "results.json")
# The same for `make bench-compare`'s synthetic figures (compare.py), which the report's summary quotes.
COMPARE_SAVED = os.path.join(ROOT, "Benchmarks", "compare-results.json")


def _run(cmd, cwd=None, env=None, keep_output=True):
    """Runs cmd to its end: (wall seconds, its rusage, stdout); a failure ends the benchmark."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE if keep_output else subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    out = proc.stdout.read().decode() if keep_output else ""
    err = proc.stderr.read().decode()
    if keep_output:
        proc.stdout.close()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"command failed ({code}): {' '.join(cmd)}\n{out}\n{err}")
    return elapsed, usage, out


def run_measured(cmd, cwd=None, env=None):
    """Runs cmd, returns (seconds, peak RSS in MiB of the largest process, stdout)."""
    elapsed, usage, out = _run(cmd, cwd=cwd, env=env)
    return elapsed, usage.ru_maxrss / 1024.0, out


def run_cpu(cmd, env=None):
    """Runs cmd, returns (wall seconds, CPU seconds: user + system)."""
    elapsed, usage, _ = _run(cmd, env=env, keep_output=False)
    return elapsed, usage.ru_utime + usage.ru_stime


def summary(values):
    return statistics.median(values), min(values), max(values)


def fmt(values, unit="ms", scale=1000.0):
    med, lo, hi = summary(values)
    return f"{med * scale:.1f} {unit} (min {lo * scale:.1f}, max {hi * scale:.1f})"


def build_tools():
    """The CLI as `make release-tool` builds it (optimized, one static executable)."""
    subprocess.run(["make", "--no-print-directory", "release-tool"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["make", "--no-print-directory", "-s", "release-tool-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    baseline = os.path.join(WORK, "libyaml_baseline")
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["cc", "-O2", "-o", baseline, os.path.join(ROOT, "Benchmarks", "libyaml_baseline.c"), "-lyaml"],
                   check=True)
    subprocess.run(["cc", "-O2", "-o", FLOOR, os.path.join(ROOT, "Benchmarks", "generation_floor.c"), "-lyaml"],
                   check=True)
    return bin_path, baseline


# Benchmarks/generation_floor.c: libyaml's parse of the specs and a durable copy of the output.
FLOOR = os.path.join(WORK, "generation_floor")


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


# Output folders of measured runs, deleted only when all timing is done (see fresh_output).
_DISCARDED = []


def fresh_output(parent):
    """A new, never-used output folder for one measured fresh generation.

    Nothing is deleted until the whole benchmark is done: this machine's disk is ext4 without a
    journal, whose inode allocator skips inodes freed in the last 1 to 6 minutes (RECENTCY_MIN
    and RECENTCY_DIRTY in fs/ext4/ialloc.c) when it creates files. Deleting the previous run's
    601 files right before a run made creating the next 601 files several times slower (the
    write stage went from ~26 ms to 150-440 ms), a cost of the benchmark's own clean-up rather
    than of the tool. A user's fresh generate (a new clone, a new project) creates files the
    way these runs do. Run the benchmark a few minutes after deleting many files."""
    runs = os.path.join(parent, "runs")
    os.makedirs(runs, exist_ok=True)
    for old in os.listdir(runs):  # left by an interrupted earlier benchmark
        if os.path.join(runs, old) not in _DISCARDED:
            _DISCARDED.append(os.path.join(runs, old))
    path = os.path.join(runs, f"run-{time.time_ns()}")
    os.makedirs(path)
    _DISCARDED.append(path)
    return path


def keep_output(path, folder):
    """Moves a measured run's output to `folder` (kept for the compile benchmark) by renaming."""
    if os.path.exists(folder):
        aside = os.path.join(os.path.dirname(path), f"old-{time.time_ns()}")
        os.rename(folder, aside)
        _DISCARDED.append(aside)
    os.rename(path, folder)
    _DISCARDED.remove(path)


def discard_outputs():
    for path in _DISCARDED:
        shutil.rmtree(path, ignore_errors=True)
    _DISCARDED.clear()


def paired_ratio(gen, yaml):
    """Median of the ratios of each generate to the libyaml parse timed right after it: drift of
    the machine's speed between pairs cancels, where a ratio of two medians can take its two
    medians from a fast and a slow minute."""
    return statistics.median(g / y for g, y in zip(gen, yaml))


def bench_generation(tool, baseline, sizes, runs):
    rows = []
    for n in sizes:
        specs = synth(n)
        files = sorted(os.path.join(specs, f) for f in os.listdir(specs))
        gen_t, gen_m, yaml_t, nochange_t = [], [], [], []
        for _ in range(runs):
            out = fresh_output(os.path.join(WORK, f"n{n}"))
            t, m, _ = run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"])
            gen_t.append(t)
            gen_m.append(m)
            t, _, _ = run_measured([baseline] + files)
            yaml_t.append(t)
            t, _, _ = run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"])
            nochange_t.append(t)
        kept = os.path.join(WORK, f"n{n}", "Generated")
        keep_output(out, kept)
        lines = count_lines(kept)
        ratio = paired_ratio(gen_t, yaml_t)
        floor = bench_floor(tool, specs, files, kept, runs)
        rows.append(dict(n=n, gen=gen_t, mem=gen_m, yaml=yaml_t, nochange=nochange_t, lines=lines,
                         size=sum(os.path.getsize(f) for f in files), ratio=ratio, **floor))
        print(f"N={n:5d}: generate {fmt(gen_t)}, peak {statistics.median(gen_m):.1f} MiB; "
              f"libyaml parse {fmt(yaml_t)}; ratio {ratio:.2f}x; no-change {fmt(nochange_t)}; "
              f"{lines} generated lines", flush=True)
        print(f"N={n:5d}: durable generate CPU {fmt(floor['durable_cpu'])}; floor (parse + durable copy) CPU "
              f"{fmt(floor['floor_cpu'])}; ratio {floor['floor_ratio']:.2f}x CPU, {floor['floor_wall_ratio']:.2f}x wall", flush=True)
    return rows


def bench_floor(tool, specs, files, output, runs):
    """`generate` into a new folder against its floor (generation_floor.c: libyaml's parse of the
    same specs and the same files written under temporary names and renamed), both durable
    (`ENDPOINTGEN_FSYNC=1`: every file and the folder flushed), in turn; the medians of the
    paired CPU and wall ratios."""
    env = dict(os.environ, ENDPOINTGEN_FSYNC="1")
    gen_wall, gen_cpu, floor_wall, floor_cpu = [], [], [], []
    for _ in range(runs):
        target = fresh_output(os.path.join(WORK, "durable"))
        wall, cpu = run_cpu([tool, "generate", "--specs", specs, "--output", target, "--quiet"], env=env)
        gen_wall.append(wall)
        gen_cpu.append(cpu)
        target = os.path.join(fresh_output(os.path.join(WORK, "floor")), "copy")
        wall, cpu = run_cpu([FLOOR, output, target] + files, env=env)
        floor_wall.append(wall)
        floor_cpu.append(cpu)
    return dict(durable_cpu=gen_cpu, floor_cpu=floor_cpu, floor_ratio=paired_ratio(gen_cpu, floor_cpu),
                floor_wall_ratio=paired_ratio(gen_wall, floor_wall))


def synth_layer(n):
    layer = os.path.join(WORK, f"swift-n{n}", "layer")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "synth_swift_layer.py"), str(n), layer], check=True)
    return layer


IMPORTED = re.compile(r"Imported (\d+) cases? of \d+ routers? .*: (\d+) whole, (\d+) with warnings, (\d+) left out")


def bench_import_swift(tool, sizes, runs):
    """`import-swift` of a Moya layer of N cases (synth_swift_layer.py), whole process. Each run
    writes into a folder that does not exist yet (the command never replaces a file), as a user's
    first import does."""
    rows = []
    for n in sizes:
        layer = synth_layer(n)
        files = sorted(os.path.join(layer, f) for f in os.listdir(layer) if f.endswith(".swift"))
        parent = os.path.join(WORK, f"swift-n{n}")
        # One run not timed, without --quiet: its last lines say what the layer imported as.
        first = subprocess.run([tool, "import-swift", layer, "--output", os.path.join(fresh_output(parent), "specs")],
                               capture_output=True, text=True)
        if first.returncode != 0:
            sys.exit(f"import-swift failed ({first.returncode}) on {layer}:\n{first.stdout[-3000:]}\n{first.stderr[-3000:]}")
        counts = IMPORTED.search(first.stdout + first.stderr)
        times, mems = [], []
        for _ in range(runs):
            out = os.path.join(fresh_output(parent), "specs")
            t, m, _ = run_measured([tool, "import-swift", layer, "--output", out, "--quiet"])
            times.append(t)
            mems.append(m)
        spec_lines = 0
        for name in os.listdir(out):
            with open(os.path.join(out, name), "rb") as fh:
                spec_lines += fh.read().count(b"\n")
        row = dict(n=n, time=times, mem=mems, files=len(files), lines=count_lines(layer),
                   size=sum(os.path.getsize(f) for f in files), spec_lines=spec_lines)
        if counts:
            row.update(cases=int(counts[1]), whole=int(counts[2]), warned=int(counts[3]), left_out=int(counts[4]))
        rows.append(row)
        print(f"N={n:5d}: import-swift {fmt(times)}, peak {max(mems):.1f} MiB; {row['files']} Swift files, "
              f"{row['lines']} lines -> {spec_lines} spec lines" + (f"; {counts[0]}" if counts else ""), flush=True)
    return dict(measured=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), machine=machine_description(),
                load=os.getloadavg()[0], runs=runs, rows=rows)


def compile_package(targets):
    """A scratch package with one target per (name, folder under WORK) whose sources are a
    generated module (bench_compile: N's; bench_documents: the public documents')."""
    pkg = WORK  # targets must lie inside the package folder
    os.makedirs(pkg, exist_ok=True)
    identity = os.path.basename(ROOT)
    targets = ",\n".join(
        f'        .target(name: "{name}", dependencies: [.product(name: "EndpointRuntime", package: "{identity}")], '
        f'path: "{folder}")' for name, folder in targets)
    manifest = f"""// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CompileBench",
    dependencies: [.package(path: "{ROOT}")],
    targets: [
{targets}
    ]
)
"""
    path = os.path.join(pkg, "Package.swift")
    if not os.path.exists(path) or open(path).read() != manifest:
        with open(path, "w") as fh:
            fh.write(manifest)
    return pkg


def touch_all(folder):
    for name in os.listdir(folder):
        os.utime(os.path.join(folder, name))


def bench_compile(sizes, runs):
    """Debug and release compile of the generated module alone: dependencies are built first."""
    pkg = compile_package([(f"Gen{n}", f"n{n}/Generated") for n in sizes])
    rows = []
    for config in ["debug", "release"]:
        subprocess.run(["swift", "build", "-c", config, "--target", "EndpointRuntime"], cwd=pkg, check=True,
                       stdout=subprocess.DEVNULL)
        for n in sizes:
            folder = os.path.join(WORK, f"n{n}", "Generated")
            times, mems = [], []
            for _ in range(runs):
                touch_all(folder)
                t, m, _ = run_measured(["swift", "build", "-c", config, "--target", f"Gen{n}"], cwd=pkg)
                times.append(t)
                mems.append(m)
            rows.append(dict(n=n, config=config, time=times, mem=mems, lines=count_lines(folder)))
            print(f"N={n:5d}: {config} compile of the generated module {fmt(times, 's', 1.0)}, "
                  f"peak {max(mems):.0f} MiB, {count_lines(folder)} lines", flush=True)
    return rows


STORAGE_OPS = ["decode", "encode", "copy", "compare", "read"]


def bench_runtime(tool, iterations, rounds):
    """A generated call through the stub transport vs the hand-written equivalent, same process;
    then a 20-field model with its storage class (`--storage-classes`) vs the same model inline (the default)."""
    pkg = os.path.join(ROOT, "Benchmarks", "RuntimeBench")
    sources = os.path.join(pkg, "Sources", "RuntimeBench")
    for specs, out, options in [("specs", "Generated", ["--storage-classes"]), ("specs-inline", "GeneratedInline", [])]:
        os.makedirs(os.path.join(sources, out), exist_ok=True)
        subprocess.run([tool, "generate", "--specs", os.path.join(pkg, specs), "--output", os.path.join(sources, out),
                        "--quiet"] + options, check=True)
    build = subprocess.run(["swift", "build", "-c", "release"], cwd=pkg, capture_output=True, text=True)
    if build.returncode != 0:
        # Seen once after the runtime's sources changed (2026-11-23): the build failed without a
        # compiler error and the next one passed. Show what it printed, then try once more.
        print("RuntimeBench build failed; retrying once:\n" + build.stdout[-3000:] + build.stderr[-3000:], flush=True)
        subprocess.run(["swift", "build", "-c", "release"], cwd=pkg, check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=pkg, check=True,
                            capture_output=True, text=True).stdout.strip()
    out = subprocess.run([os.path.join(binary, "RuntimeBench"), str(iterations), str(rounds)], check=True,
                         capture_output=True, text=True).stdout
    sides, cpu, storage = {}, {}, {}
    for line in out.splitlines():
        record = json.loads(line)
        if "op" in record:
            storage.setdefault(record["op"], {})[record["model"]] = record["ns"]
        else:
            sides[record["side"]] = [v / 1000.0 for v in record["ns"]]
            cpu[record["side"]] = [v / 1000.0 for v in record["cpu"]]
    gen, hand = sides["generated"], sides["hand-written"]
    # The median of the rounds' ratios: each round times both sides back to back, so a busy
    # minute on the shared machine weighs on one ratio instead of on one side's median.
    ratio = statistics.median(g / h for g, h in zip(gen, hand))
    cpu_ratio = statistics.median(g / h for g, h in zip(cpu["generated"], cpu["hand-written"]))
    print(f"runtime per request: generated {fmt(gen, 'us', 1.0)}; hand-written {fmt(hand, 'us', 1.0)}; "
          f"ratio {ratio:.2f}x (CPU time: generated {fmt(cpu['generated'], 'us', 1.0)}, "
          f"hand-written {fmt(cpu['hand-written'], 'us', 1.0)}, ratio {cpu_ratio:.2f}x)", flush=True)
    for op in STORAGE_OPS:
        sides_of_op = storage[op]
        sides_of_op["ratio"] = storage_ratio(sides_of_op)
        print(f"storage class, {op} per value: storage {fmt(sides_of_op['storage'], 'ns', 1.0)}; "
              f"inline {fmt(sides_of_op['inline'], 'ns', 1.0)}; ratio {storage_ratio(sides_of_op):.2f}x", flush=True)
    return dict(generated=gen, hand=hand, ratio=ratio, cpu_generated=cpu["generated"], cpu_hand=cpu["hand-written"],
                cpu_ratio=cpu_ratio, storage=storage, load=os.getloadavg()[0])


def storage_ratio(sides_of_op):
    """Storage class / inline: the median of the per-round ratios (rounds interleave the two)."""
    if "ratio" in sides_of_op:
        return sides_of_op["ratio"]
    return statistics.median(a / b for a, b in zip(sides_of_op["storage"], sides_of_op["inline"]))


def storage_section(runtime):
    """BENCHMARKS.md's rows for the storage-class comparison (none from a run before it existed)."""
    storage = runtime.get("storage")
    if not storage:
        return []
    lines = ["", "### A 20-field model: storage class against the same fields inline", "",
             "Benchmarks/RuntimeBench/specs/wide.yaml generated with `--storage-classes` (`_Storage`) and as usual "
             f"(fields inline); release build; thread CPU ns per value over 1,000 values; load {runtime.get('load', 0):.1f}.", "",
             "| operation | storage class | inline | storage / inline |", "|---|---|---|---|"]
    for op in STORAGE_OPS:
        if op in storage:
            lines.append(f"| {op} | {fmt(storage[op]['storage'], 'ns', 1.0)} | {fmt(storage[op]['inline'], 'ns', 1.0)} | "
                         f"{storage_ratio(storage[op]):.2f}x |")
    return lines


# swift-openapi-generator 1.14.3 on an OpenAPI document of the same shape, measured on this kind
# of machine (issue 5): generation seconds, peak MB, lines, debug compile seconds.
OPENAPI_REFERENCE = {100: (0.7, 42, 28000, 36.0), 500: (3.7, 82, 140000, 170.0), 2000: (15.0, 236, 560000, None)}


def svg_chart(gen_rows, compile_rows):
    """Two log-scale panels: generation time and debug compile time against N."""
    width, height, pad = 760, 330, 56
    panel_w = (width - 3 * pad) / 2

    def panel(x0, title, unit, series, lo, hi):
        import math
        out = [f'<text x="{x0 + panel_w / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>']
        top, bottom = 40, height - pad
        ns = [100, 500, 2000]

        def px(n):
            return x0 + (math.log10(n) - 2) / (math.log10(2000) - 2) * panel_w

        def py(v):
            return bottom - (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * (bottom - top)
        out.append(f'<rect x="{x0}" y="{top}" width="{panel_w}" height="{bottom - top}" fill="none" stroke="#999"/>')
        decade = 10 ** math.floor(math.log10(lo))
        while decade <= hi:
            if decade >= lo:
                y = py(decade)
                out.append(f'<line x1="{x0}" x2="{x0 + panel_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee"/>')
                out.append(f'<text x="{x0 - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="10">{decade:g} {unit}</text>')
            decade *= 10
        for n in ns:
            out.append(f'<text x="{px(n):.1f}" y="{bottom + 14}" text-anchor="middle" font-size="10">N={n}</text>')
        for index, (label, color, points) in enumerate(series):
            pts = [(px(n), py(v)) for n, v in points if v]
            if len(pts) > 1:
                out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                           % (color, " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)))
            for x, y in pts:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
            ly = bottom + 30 + 14 * index
            out.append(f'<rect x="{x0}" y="{ly - 8}" width="10" height="3" fill="{color}"/>')
            out.append(f'<text x="{x0 + 14}" y="{ly}" font-size="11">{label}</text>')
        return out

    gen_series = [
        ("endpointgen generate", "#d9480f", [(r["n"], statistics.median(r["gen"])) for r in gen_rows]),
        ("libyaml parse alone", "#1c7ed6", [(r["n"], statistics.median(r["yaml"])) for r in gen_rows]),
        ("swift-openapi-generator (issue 5)", "#868e96", [(n, v[0]) for n, v in sorted(OPENAPI_REFERENCE.items())]),
    ]
    debug = [r for r in compile_rows if r["config"] == "debug"]
    release = [r for r in compile_rows if r["config"] == "release"]
    compile_series = [
        ("debug build of endpointgen output", "#d9480f", [(r["n"], statistics.median(r["time"])) for r in debug]),
        ("release build of endpointgen output", "#f08c00", [(r["n"], statistics.median(r["time"])) for r in release]),
        ("debug, swift-openapi-generator (issue 5)", "#868e96",
         [(n, v[3]) for n, v in sorted(OPENAPI_REFERENCE.items()) if v[3]]),
    ]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 20}" '
             f'font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>']
    parts += panel(pad, "Generation, whole process", "s", gen_series, 0.001, 100)
    parts += panel(2 * pad + panel_w, "Compile of the generated module", "s", compile_series, 1, 1000)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def machine_description():
    """CPU, cores, memory, kernel and Swift of this machine, as the reports name it."""
    with open("/proc/cpuinfo") as fh:
        model = next((l.split(":", 1)[1].strip() for l in fh if l.startswith("model name")), platform.machine())
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2 ** 30
    return f"{model}, {os.cpu_count()} cores, {mem:.0f} GiB, {platform.system()} {platform.release()}; {swift}"


# Targets of issue 5 (synthetic API, runtime) and issue 31 (public documents), beside the figures.
TARGETS = dict(generation="< 150 ms, < 64 MB", libyaml="≤ 3x", floor="CPU ≤ 1.25x", nochange="< 100 ms", debug="< 17 s, < 1 GB",
               call="≤ 1.2x", documents="< 1 s; < 60 s, < 1 GB", rebuild="< 5 s", compare="≥ 10x (debug build)",
               import_swift="well under 1 s (100 cases)")


def _ms(values):
    return f"{statistics.median(values) * 1000:.1f} ms"


def summary_rows(gen_rows, compile_rows, runtime, documents, compare, import_swift=None, measured=None):
    """The first screen of BENCHMARKS.md: one row per headline figure, with its target."""
    import bench_documents
    rows = []
    if gen_rows:
        big, small = gen_rows[-1], gen_rows[0]
        rows.append((f"generate, N = {big['n']} endpoints ({big['size'] / 1e6:.2f} MB of specs, {big['lines']:,} lines "
                     "written), whole process",
                     f"**{_ms(big['gen'])}**, peak {statistics.median(big['mem']):.0f} MiB", TARGETS["generation"]))
        rows.append(("the same against libyaml's parse alone of the same specs (paired runs), "
                     f"N = {big['n']} / N = {small['n']}",
                     f"**{gen_ratio(big):.1f}x** / {gen_ratio(small):.1f}x", TARGETS["libyaml"]))
        if "floor_ratio" in big:
            rows.append((f"durable generate (`ENDPOINTGEN_FSYNC=1`) against its floor: libyaml's parse plus a durable copy of "
                         f"the same output (Benchmarks/generation_floor.c), N = {big['n']}, CPU / wall (paired runs)",
                         f"**{big['floor_ratio']:.2f}x** / {big['floor_wall_ratio']:.2f}x", TARGETS["floor"]))
        rows.append((f"generate again with nothing changed, N = {big['n']}", _ms(big["nochange"]), TARGETS["nochange"]))
    debug = [r for r in compile_rows if r["config"] == "debug"]
    release = [r for r in compile_rows if r["config"] == "release"]
    if debug:
        d = debug[-1]
        cell = f"**{statistics.median(d['time']):.1f} s**, {max(d['mem']):.0f} MiB"
        r = next((r for r in release if r["n"] == d["n"]), None)
        if r:
            cell += f"; release {statistics.median(r['time']):.1f} s, {max(r['mem']):.0f} MiB"
        rows.append((f"debug build of the generated module, N = {d['n']} ({d['lines']:,} lines), runtime prebuilt",
                     cell, TARGETS["debug"]))
    swift_rows = (import_swift or {}).get("rows", [])
    if swift_rows:
        small, big = swift_rows[0], swift_rows[-1]
        cell = f"**{_ms(small['time'])}**, peak {max(small['mem']):.0f} MiB"
        if big is not small:
            cell += f"; {big['n']} cases {_ms(big['time'])}, {max(big['mem']):.0f} MiB"
        # Measured alone (--only-import-swift), the section has a date of its own.
        when = f" ({import_swift['measured'][:10]})" if import_swift["measured"] != measured else ""
        rows.append((f"import-swift, a Moya layer of {small['n']} cases ({small['files']} Swift files, "
                     f"{small['lines']:,} lines), whole process{when}", cell, TARGETS["import_swift"]))
    if runtime:
        rows.append(("a generated call against the hand-written one, stub transport (µs per request)",
                     f"{statistics.median(runtime['generated']):.1f} against {statistics.median(runtime['hand']):.1f}: "
                     f"**{runtime['ratio']:.2f}x**", TARGETS["call"]))
    for key, name in bench_documents.document_names(documents):
        r = documents[key]
        built = [s for s in r.get("debug", []) if "failed" not in s]
        cell = (f"{statistics.median(r['import']['time']):.2f} + {statistics.median(r['generate']['time']):.2f} s; "
                + (f"**{statistics.median(s['time'] for s in built):.1f} s**, {max(s['peak'] for s in built):.0f} MiB, "
                   f"{max(s['warnings'] for s in built)} warnings" if built else "not built"))
        rows.append((f"{name}'s document ({r['operations']} operations): import + generate; debug build", cell,
                     TARGETS["documents"]))
        medians = [statistics.median(s["time"] for s in inc["samples"]) for inc in r.get("incremental", [])]
        if medians:
            span = f"{min(medians):.1f}" + (f"–{max(medians):.1f}" if max(medians) > min(medians) else "")
            rows.append((f"{name}: rebuild after one edit (median of each of {len(medians)} edits)" if len(medians) > 1
                         else f"{name}: rebuild after one edit (median)", f"{span} s",
                         TARGETS["rebuild"]))
    if compare:
        parts = []
        gen = compare.get("rows", [])
        if gen:
            g = gen[-1]
            parts.append(f"generation {g['speed']:.0f}x faster at N = {g['n']}")
        if compare.get("compiles"):
            c = compare["compiles"][-1]
            parts.append(f"debug build **{c['speed']:.1f}x** faster at N = {c['n']}")
        rows.append((f"against swift-openapi-generator 1.14.3 on the same API (`make bench-compare`, "
                     f"{compare['measured']}, {compare['machine']})", "; ".join(parts), TARGETS["compare"]))
    lines = ["| | figure | target |", "|---|---|---|"]
    lines += [f"| {label} | {figure} | {target} |" for label, figure, target in rows]
    return lines


def gen_ratio(row):
    """A generation row's paired ratio to libyaml's parse (saved with the row; computed for older rows)."""
    return row["ratio"] if "ratio" in row else paired_ratio(row["gen"], row["yaml"])


def compare_section():
    """The synthetic part of Benchmarks/COMPARE.md (the public documents' part is wide: linked)."""
    import compare_documents
    path = os.path.join(ROOT, "Benchmarks", "COMPARE.md")
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        synthetic = fh.read().partition(compare_documents.HEADING)[0].strip()
    compare = load_compare()
    when = [f"Measured {compare['measured']} on {compare['machine']} (Benchmarks/compare-results.json)."] if compare else []
    return ["", synthetic, ""] + when + ["", "Both tools on GitHub's and Stripe's documents (import, debug and release builds, release "
            "size per operation): [Benchmarks/COMPARE.md](Benchmarks/COMPARE.md)."]


def load_compare():
    if os.path.exists(COMPARE_SAVED):
        with open(COMPARE_SAVED) as fh:
            return json.load(fh)
    return None


def import_swift_section(section, machine=None):
    """BENCHMARKS.md's section for `import-swift` (none from a run before it existed); the machine
    is named when it is not the one of the rest of the report (a section measured alone)."""
    rows = (section or {}).get("rows", [])
    if not rows:
        return []
    lines = ["", "## import-swift: a Moya layer of N cases", "",
             "`endpointgen import-swift LAYER --output OUT --quiet`, release CLI, whole process, each run into an output "
             "folder that does not exist yet (the command never replaces a file). LAYER is what "
             "Benchmarks/synth_swift_layer.py writes: one Moya `TargetType` enum of N cases split over six files as apps "
             "split it (API.swift, API+Path, API+Method, API+Task, API+Headers with a Bearer token, Models.swift with the "
             "Codable DTOs). Target: 100 cases well under a second. "
             f"Measured {section['measured']}, {section['runs']} runs, load {section['load']:.1f}"
             + (f", on {section['machine']}." if section["machine"] != machine else "."), "",
             "| cases | Swift files, lines | import-swift | peak memory | imported: whole / with warnings / left out | "
             "spec lines written |", "|---|---|---|---|---|---|"]
    for r in rows:
        counts = f"{r['whole']} / {r['warned']} / {r['left_out']}" if "whole" in r else "–"
        lines.append(f"| {r['n']} | {r['files']}, {r['lines']:,} | {fmt(r['time'])} | {max(r['mem']):.0f} MiB | {counts} | "
                     f"{r['spec_lines']:,} |")
    if len(rows) > 1:
        a, b = rows[0], rows[-1]
        growth = statistics.median(b["time"]) / statistics.median(a["time"])
        lines += ["", f"{b['n']} cases take {growth:.1f}x the time of {a['n']} ({b['n'] / a['n']:.0f}x the cases)."]
    return lines


def write_report(saved):
    """BENCHMARKS.md (the current figures, from `saved`) and Benchmarks/chart.svg."""
    import bench_documents
    gen_rows, compile_rows, runtime = saved["gen"], saved["compile"], saved["runtime"]
    documents = saved.get("documents", {})
    run = f"`make bench` on {saved['measured']}" + (f" (`BENCH_ARGS='{' '.join(saved['argv'])}'`)" if saved.get("argv") else "")
    lines = ["# Benchmarks", "",
             f"How fast EndpointGen is, as measured by {run} on the machine below. Every figure is a "
             "median, with min and max or each run; the tables below have the details, and "
             "[Benchmarks/NOTES.md](Benchmarks/NOTES.md) the findings that explain them.", ""]
    import_swift = saved.get("import_swift")
    lines += summary_rows(gen_rows, compile_rows, runtime, documents, load_compare(), import_swift, saved["measured"])
    lines += ["", "Synthetic specs from Benchmarks/synth_spec.py (issue 5's shape: N services of 20 endpoints "
              "over shared models); release CLI of `make release-tool`.", "",
              "![generation and compile time against N](Benchmarks/chart.svg)", "",
              "## Generation (whole process)", "",
              "Ratio: the median of the ratios of each generate to libyaml's parse of the same files timed right after it.", "",
              "| N | spec size | generate | peak memory | libyaml parse alone | ratio | no-change generate | generated lines |",
              "|---|---|---|---|---|---|---|---|"]
    for r in gen_rows:
        lines.append(f"| {r['n']} | {r['size'] / 1e6:.2f} MB | {fmt(r['gen'])} | {statistics.median(r['mem']):.0f} MiB | "
                     f"{fmt(r['yaml'])} | {gen_ratio(r):.1f}x | {fmt(r['nochange'])} | {r['lines']} |")
    if len(gen_rows) > 1:
        a, b = gen_rows[-2], gen_rows[-1]
        growth = statistics.median(b["gen"]) / statistics.median(a["gen"])
        lines += ["", f"N = {b['n']} takes {growth:.2f}x the time of N = {a['n']} ({b['n'] / a['n']:.0f}x the endpoints)."]
    lines += import_swift_section(import_swift, saved["machine"])
    if compile_rows:
        lines += ["", "## Compile time of the generated module (dependencies built first)", "",
                  "| N | configuration | compile | peak memory | lines |", "|---|---|---|---|---|"]
        for r in compile_rows:
            lines.append(f"| {r['n']} | {r['config']} | {fmt(r['time'], 's', 1.0)} | {max(r['mem']):.0f} MiB | {r['lines']} |")
    if runtime:
        lines += ["", "## Runtime cost per request (stub transport, no network)", "",
                  "| side | per request |", "|---|---|",
                  f"| generated service | {fmt(runtime['generated'], 'us', 1.0)} |",
                  f"| hand-written URLRequest + JSONEncoder/JSONDecoder | {fmt(runtime['hand'], 'us', 1.0)} |",
                  "", f"Ratio generated / hand-written: {runtime['ratio']:.2f}x."]
        if "cpu_ratio" in runtime:
            lines += ["", f"CPU time of the process per request (all its threads): generated {fmt(runtime['cpu_generated'], 'us', 1.0)}, "
                      f"hand-written {fmt(runtime['cpu_hand'], 'us', 1.0)}; ratio {runtime['cpu_ratio']:.2f}x."]
        lines += storage_section(runtime)
    section = bench_documents.render(documents)
    if section:
        lines += ["", section.strip()]
    lines += compare_section()
    lines += ["", "## How to reproduce", "",
              "- `make bench` measures all of the above and rewrites this file, Benchmarks/chart.svg and "
              "Benchmarks/results.json (the figures this file is written from): about 10 minutes on a quiet machine, "
              "half an hour at load 10, most of it the documents' builds; `BENCH_ARGS` passes options to Benchmarks/bench.py: `--runs 3`, "
              "`--compile-runs 1`, `--skip-compile`, `--skip-runtime`, `--skip-documents`, `--documents github` "
              "(the other document keeps its figures), `--doc-build-runs 2`, `--incremental-runs 3`, "
              "`--skip-import-swift` (its figures are kept), `--import-swift-sizes 100,1000`.",
              "- `BENCH_ARGS=--only-import-swift make bench` measures the import-swift section alone and merges its "
              "figures into Benchmarks/results.json, the others kept as they are.",
              "- `BENCH_ARGS=--only-layouts make bench` builds GitHub's module in both model layouts alone "
              "(`--layout-documents github,stripe` for both documents; a full run measures them too) and merges the "
              "figures into Benchmarks/results.json.",
              "- `make bench-compare` runs swift-openapi-generator beside EndpointGen (Benchmarks/compare.py; "
              "`COMPARE_ARGS`) and writes Benchmarks/COMPARE.md and Benchmarks/compare-results.json; the next "
              "`make bench` (or the line below) takes them in.",
              "- `python3 Benchmarks/bench.py --report-only` writes this file again from Benchmarks/results.json "
              "without measuring.",
              "- Times on a shared machine move with its load: compare figures of one run, or paired runs; "
              "Benchmarks/NOTES.md, \"Measurement\", says how the figures are taken and where they mislead.",
              "", "## Machine", "", saved["machine"]]
    with open(os.path.join(ROOT, "BENCHMARKS.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    with open(os.path.join(ROOT, "Benchmarks", "chart.svg"), "w") as fh:
        fh.write(svg_chart(gen_rows, compile_rows))


def load_saved():
    if os.path.exists(SAVED):
        with open(SAVED) as fh:
            return json.load(fh)
    return {}


def save(saved):
    with open(SAVED, "w") as fh:
        json.dump(saved, fh, indent=1)
        fh.write("\n")


def merge_saved(**sections):
    """The saved figures with `sections` replaced (a section measured alone), written back."""
    saved = load_saved()
    if "gen" not in saved:
        sys.exit(f"{SAVED} holds no full run to merge into: run `make bench` first")
    saved.update(sections)
    save(saved)
    return saved


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100,500,2000")
    parser.add_argument("--compile-sizes", default="100,500")
    parser.add_argument("--compile-runs", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--skip-compile", action="store_true")
    parser.add_argument("--skip-runtime", action="store_true")
    parser.add_argument("--documents", default="github,stripe",
                        help="public documents to measure (bench_documents.py); the others keep their last results")
    parser.add_argument("--skip-documents", action="store_true", help="measure no public document")
    parser.add_argument("--doc-build-runs", type=int, default=1,
                        help="full debug builds of each document's module (the section takes ~30 min at load 12)")
    parser.add_argument("--incremental-runs", type=int, default=3, help="rebuilds after each edit")
    parser.add_argument("--doc-max-minutes", type=float, default=30.0, help="a document's build is killed past this")
    parser.add_argument("--import-swift-sizes", default="100,1000", help="cases of the Moya layers import-swift reads")
    parser.add_argument("--skip-import-swift", action="store_true",
                        help="do not measure import-swift (its saved figures are kept)")
    parser.add_argument("--only-import-swift", action="store_true",
                        help="measure import-swift alone; with --write its figures replace the saved ones, the others are kept")
    parser.add_argument("--layout-documents", default="github",
                        help="documents whose module is also built -c release in both model layouts (plain, storage classes)")
    parser.add_argument("--only-layouts", action="store_true",
                        help="measure the model layouts of --layout-documents alone; with --write they join the saved figures")
    parser.add_argument("--write", action="store_true",
                        help="update BENCHMARKS.md, Benchmarks/chart.svg and Benchmarks/results.json")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite BENCHMARKS.md and the chart from Benchmarks/results.json, measuring nothing")
    args = parser.parse_args()
    if args.report_only:
        with open(SAVED) as fh:
            write_report(json.load(fh))
        print("wrote BENCHMARKS.md and Benchmarks/chart.svg from", SAVED)
        return
    swift_sizes = [int(s) for s in args.import_swift_sizes.split(",") if s]
    args.layout_documents_list = [d for d in args.layout_documents.split(",") if d]
    if args.only_layouts:
        import bench_documents
        bench_documents.compare_documents.sys_exit_if_missing(args.layout_documents_list)
        print(f"machine: {machine_description()}", flush=True)
        tool, _ = build_tools()
        args.compile_sizes_list = []
        documents = bench_documents.measure_layouts_only(tool, args.layout_documents_list, args)
        discard_outputs()
        if args.write:
            write_report(merge_saved(documents=documents))
            print("wrote BENCHMARKS.md, Benchmarks/chart.svg and", SAVED, "(the layouts; the other figures kept)")
        return
    if args.only_import_swift:
        machine = machine_description()
        print(f"machine: {machine}", flush=True)
        tool, _ = build_tools()
        section = bench_import_swift(tool, swift_sizes, args.runs)
        discard_outputs()
        if args.write:
            saved = merge_saved(import_swift=section)
            write_report(saved)
            print("wrote BENCHMARKS.md, Benchmarks/chart.svg and", SAVED, "(the import-swift figures; the others kept)")
        return
    sizes = [int(s) for s in args.sizes.split(",") if s]
    compile_sizes = [int(s) for s in args.compile_sizes.split(",") if s]
    args.compile_sizes_list = [] if args.skip_compile else compile_sizes
    documents = [] if args.skip_documents else [d for d in args.documents.split(",") if d]
    import bench_documents
    bench_documents.compare_documents.sys_exit_if_missing(documents)
    machine = machine_description()
    print(f"machine: {machine}", flush=True)
    tool, baseline = build_tools()
    gen_rows = bench_generation(tool, baseline, sizes, args.runs)
    for n in ([] if args.skip_compile else compile_sizes):
        if n not in sizes:
            bench_generation(tool, baseline, [n], 1)
    compile_rows = [] if args.skip_compile else bench_compile(compile_sizes, args.compile_runs)
    runtime = None if args.skip_runtime else bench_runtime(tool, args.iterations, args.runs)
    kept = bench_documents.run(tool, documents, args)
    # Skipped, the section keeps the figures it was last saved with (and their date), as documents do.
    import_swift = load_saved().get("import_swift") if args.skip_import_swift else \
        bench_import_swift(tool, swift_sizes, args.runs)
    discard_outputs()
    if args.write:
        saved = dict(machine=machine, measured=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                     argv=sys.argv[1:], gen=gen_rows, compile=compile_rows, runtime=runtime, documents=kept)
        if import_swift:
            saved["import_swift"] = import_swift
        save(saved)
        write_report(saved)
        print("wrote BENCHMARKS.md, Benchmarks/chart.svg and", SAVED)


if __name__ == "__main__":
    main()
