#!/usr/bin/env python3
"""`make bench-compare`: EndpointGen next to Apple's swift-openapi-generator 1.14.3, same run.

Both tools get the same synthetic API (Benchmarks/synth_spec.py writes the EndpointGen specs
and, with --openapi, the equivalent OpenAPI 3.1 document). Measured: generation, whole process,
with peak memory and generated lines, for each N; and the debug compile of each tool's output
(its runtime library built first, only the generated target rebuilt) for the compile sizes.
swift-openapi-generator is built from the package cache (Benchmarks/Compare) on first use.
Then GitHub's and Stripe's published documents through both tools (compare_documents.py: import +
generate, debug and release builds of each output under a memory and time watchdog, object size
per operation). `--documents ""` skips them, `--sizes "" --compile-sizes ""` the synthetic API;
the part not run keeps its section of COMPARE.md.
Results go to stdout and to Benchmarks/COMPARE.md, whose synthetic part BENCHMARKS.md includes;
the synthetic figures are also saved to Benchmarks/compare-results.json for BENCHMARKS.md's summary.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import COMPARE_SAVED, ROOT, WORK, build_tools, count_lines, discard_outputs, fmt, machine_description, fresh_output, keep_output, run_measured, touch_all  # noqa: E402
import compare_documents  # noqa: E402

COMPARE = os.path.join(ROOT, "Benchmarks", "Compare")


def build_openapi_generator():
    subprocess.run(["swift", "build", "-c", "release", "--product", "swift-openapi-generator"], cwd=COMPARE,
                   check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=COMPARE, check=True,
                              capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "swift-openapi-generator")


def synth(n):
    folder = os.path.join(WORK, f"cmp{n}")
    specs = os.path.join(folder, "specs")
    openapi = os.path.join(folder, "openapi", "openapi.json")
    os.makedirs(os.path.dirname(openapi), exist_ok=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "synth_spec.py"), str(n), specs,
                    "--openapi", openapi], check=True)
    with open(os.path.join(folder, "openapi", "openapi-generator-config.yaml"), "w") as fh:
        fh.write("generate:\n  - types\n  - client\naccessModifier: public\n")
    return folder, specs, openapi


def measure(cmd, out, runs):
    """Each run writes into a new folder (bench.fresh_output: no deletions between timed runs);
    the last run's output ends up in `out`."""
    times, mems = [], []
    for _ in range(runs):
        fresh = fresh_output(os.path.dirname(out))
        t, m, _ = run_measured([fresh if part == out else part for part in cmd])
        times.append(t)
        mems.append(m)
    keep_output(fresh, out)
    return times, mems


def compile_package(sizes, documents=()):
    """One package: per N (and per public document) a target of EndpointGen's output and one of
    swift-openapi-generator's."""
    pkg = os.path.join(WORK, "compare-compile")
    os.makedirs(pkg, exist_ok=True)
    identity = os.path.basename(ROOT)
    targets = []
    names = [(str(n), f"cmp{n}") for n in sizes] + [(compare_documents.DOCUMENTS[k][0], f"doc-{k}") for k in documents]
    for n, source in names:
        for kind, path, deps in [
            ("EndpointGen", f"../{source}/Generated", f'.product(name: "EndpointRuntime", package: "{identity}")'),
            ("OpenAPI", f"../{source}/OpenAPIGenerated",
             '.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), '
             '.product(name: "HTTPTypes", package: "swift-http-types")'),
        ]:
            if not os.path.isdir(os.path.join(pkg, path)):
                continue  # a document a tool did not generate: no target
            link = os.path.join(pkg, f"{kind}{n}")
            if not os.path.islink(link):
                os.symlink(path, link)
            targets.append(f'        .target(name: "{kind}{n}", dependencies: [{deps}], path: "{kind}{n}")')
    target_list = ",\n".join(targets)
    manifest = f"""// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CompareCompile",
    dependencies: [
        .package(path: "{ROOT}"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
{target_list}
    ]
)
"""
    path = os.path.join(pkg, "Package.swift")
    if not os.path.exists(path) or open(path).read() != manifest:
        with open(path, "w") as fh:
            fh.write(manifest)
    return pkg


def prebuild_runtimes(pkg, configs):
    """Both tools' runtime libraries, so that a measured build compiles the generated module alone."""
    for config in configs:
        for target in ["EndpointRuntime", "OpenAPIRuntime", "HTTPTypes"]:
            subprocess.run(["swift", "build", "-c", config, "--target", target], cwd=pkg, check=True,
                           stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,500,2000")
    parser.add_argument("--runs", type=int, default=3)
    # N = 500 is the size issue 5's compile target is stated for (about 4 minutes for theirs).
    parser.add_argument("--compile-sizes", default="100,500")
    parser.add_argument("--compile-runs", type=int, default=3,
                        help="debug compiles of EndpointGen's output per N, around each of swift-openapi-generator's")
    parser.add_argument("--their-compile-runs", type=int, default=1,
                        help="debug compiles of swift-openapi-generator's output per N (minutes each)")
    parser.add_argument("--documents", default="github,stripe",
                        help="public documents to compare (github, stripe; in this order), empty for none")
    parser.add_argument("--doc-debug-runs", type=int, default=3, help="debug builds of EndpointGen's output")
    parser.add_argument("--doc-their-debug-runs", type=int, default=1)
    parser.add_argument("--doc-release-runs", type=int, default=1, help="release builds of EndpointGen's output")
    parser.add_argument("--doc-their-release-runs", type=int, default=1)
    parser.add_argument("--max-gib", type=float, default=12.0,
                        help="watchdog: a document build whose processes hold more is killed")
    parser.add_argument("--max-minutes", type=float, default=45.0, help="watchdog: the same for time")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite COMPARE.md's document section from the last results kept")
    args = parser.parse_args()
    documents = [d for d in args.documents.split(",") if d]
    compare_documents.sys_exit_if_missing(documents)
    if args.report_only:
        write_documents_report(compare_documents.load_results())
        return
    sizes = [int(s) for s in args.sizes.split(",") if s]
    compile_sizes = [int(s) for s in args.compile_sizes.split(",") if s]
    tool, _ = build_tools()
    openapi_tool = build_openapi_generator()
    rows = []
    for n in sorted(set(sizes) | set(compile_sizes)):
        folder, specs, openapi = synth(n)
        ours_out = os.path.join(folder, "Generated")
        theirs_out = os.path.join(folder, "OpenAPIGenerated")
        runs = args.runs if n in sizes else 1
        ours = measure([tool, "generate", "--specs", specs, "--output", ours_out, "--quiet"], ours_out, runs)
        theirs = measure([openapi_tool, "generate", "--config", os.path.join(os.path.dirname(openapi),
                          "openapi-generator-config.yaml"), "--output-directory", theirs_out, openapi],
                         theirs_out, runs)
        row = dict(n=n, ours=ours, theirs=theirs, ours_lines=count_lines(ours_out), theirs_lines=count_lines(theirs_out))
        if n in sizes:
            rows.append(row)
            print(f"N={n:5d}: endpointgen {fmt(ours[0])}, {max(ours[1]):.0f} MiB, {row['ours_lines']} lines | "
                  f"swift-openapi-generator {fmt(theirs[0], 's', 1.0)}, {max(theirs[1]):.0f} MiB, "
                  f"{row['theirs_lines']} lines | {statistics.median(theirs[0]) / statistics.median(ours[0]):.0f}x",
                  flush=True)
    discard_outputs()
    compiles = []
    if compile_sizes:
        pkg = compile_package(compile_sizes)
        prebuild_runtimes(pkg, ["debug"])
        for n in compile_sizes:
            # This machine's compile speed drifts by up to 2x within an hour: the two outputs are
            # compiled alternately (ours, theirs, ours, ours, ...), and the medians compared.
            samples = {"EndpointGen": ([], []), "OpenAPI": ([], [])}
            wanted = {"EndpointGen": args.compile_runs, "OpenAPI": args.their_compile_runs}
            order = []
            while len(order) < args.compile_runs + args.their_compile_runs:
                for kind in ["EndpointGen", "OpenAPI", "EndpointGen"]:
                    if order.count(kind) < wanted[kind]:
                        order.append(kind)
            for kind in order:
                folder = "Generated" if kind == "EndpointGen" else "OpenAPIGenerated"
                touch_all(os.path.join(WORK, f"cmp{n}", folder))
                t, m, _ = run_measured(["swift", "build", "--target", f"{kind}{n}"], cwd=pkg)
                samples[kind][0].append(t)
                samples[kind][1].append(m)
                print(f"N={n:5d}: debug compile of {kind}'s output {t:.1f} s, peak {m:.0f} MiB", flush=True)
            result = dict(n=n, **samples)
            compiles.append(result)
    if rows or compiles:
        write_report(rows, compiles, args.runs)
    if documents:
        def package_for_documents():
            pkg = compile_package(compile_sizes, documents)
            prebuild_runtimes(pkg, ["debug", "release"])
            return pkg
        results = compare_documents.run_documents(documents, tool, openapi_tool, package_for_documents, args)
        discard_outputs()
        write_documents_report(results)


def split_report():
    """COMPARE.md as (synthetic section, document section)."""
    path = os.path.join(ROOT, "Benchmarks", "COMPARE.md")
    text = open(path).read() if os.path.exists(path) else ""
    head, _, tail = text.partition(compare_documents.HEADING)
    return head.rstrip("\n") + "\n", (compare_documents.HEADING + tail) if tail else ""


def write_documents_report(results):
    synthetic, _ = split_report()
    section = compare_documents.render(results, "make bench-compare")
    with open(os.path.join(ROOT, "Benchmarks", "COMPARE.md"), "w") as fh:
        fh.write(synthetic + ("\n" + section if section else ""))
    print(section)
    print("wrote Benchmarks/COMPARE.md (documents)")


def write_report(rows, compiles, runs):
    lines = ["## EndpointGen next to swift-openapi-generator 1.14.3 (`make bench-compare`, same run)", "",
             f"Same synthetic API for both (synth_spec.py writes the OpenAPI 3.1 document too); medians of {runs} runs "
             "(min, max); whole process; output written into a new folder (nothing is deleted until all timing is done, see NOTES).", "",
             "| N | endpointgen | peak | lines | swift-openapi-generator | peak | lines | faster |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        speed = r["speed"] = statistics.median(r["theirs"][0]) / statistics.median(r["ours"][0])
        lines.append(f"| {r['n']} | {fmt(r['ours'][0])} | {max(r['ours'][1]):.0f} MiB | {r['ours_lines']} | "
                     f"{fmt(r['theirs'][0], 's', 1.0)} | {max(r['theirs'][1]):.0f} MiB | {r['theirs_lines']} | {speed:.0f}x |")
    if compiles:
        lines += ["", "Debug compiles of the generated module alone (its runtime built first), the two outputs compiled "
                  "alternately (ours, theirs, ours, ours: this machine's compile speed drifts within the hour); medians.", "",
                  "| N | debug compile, EndpointGen output | swift-openapi-generator output | faster |", "|---|---|---|---|"]
        for c in compiles:
            ours, theirs = c["EndpointGen"], c["OpenAPI"]
            speed = c["speed"] = statistics.median(theirs[0]) / statistics.median(ours[0])
            lines.append(f"| {c['n']} | {fmt(ours[0], 's', 1.0)}, {max(ours[1]):.0f} MiB | "
                         f"{fmt(theirs[0], 's', 1.0)}, {max(theirs[1]):.0f} MiB | {speed:.1f}x |")
    _, documents = split_report()
    with open(os.path.join(ROOT, "Benchmarks", "COMPARE.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n" + ("\n" + documents if documents else ""))
    with open(COMPARE_SAVED, "w") as fh:
        json.dump(dict(measured=time.strftime("%Y-%m-%d", time.gmtime()), machine=machine_summary(), runs=runs,
                       rows=rows, compiles=compiles), fh, indent=1)
        fh.write("\n")
    print("wrote Benchmarks/COMPARE.md and", COMPARE_SAVED)


def machine_summary():
    """The CPU and its cores: what BENCHMARKS.md's summary says of the machine of this comparison."""
    return ", ".join(machine_description().split(", ")[:2])


if __name__ == "__main__":
    main()
