"""The public-document half of `make bench-compare` (issue 31): GitHub's REST description and
Stripe's spec3 (Tests/Fixtures/openapi/public), through EndpointGen and swift-openapi-generator.

Per document and tool: import + generate (release tools), then the generated module built alone
in a scratch package with its runtime prebuilt: debug (`swift build`, batch mode) and release
(`-c release`: `-O`, whole module), with time, peak memory, compiler warnings and errors, and the
text size of the module's object files (`size`, Berkeley "text") per operation. Every build runs
under a watchdog (`run_watched`): swift-openapi-generator's output for Stripe was reported at
>10 GB, and this machine's 24 GiB are shared. Builds of the two tools' outputs alternate
(ours, theirs, ours, ...), since the machine's speed drifts; the report quotes medians, the load
average and ratios. Results are kept per document in a JSON file, so one document can be measured
again without the other, and COMPARE.md shows both.
"""
import json
import lzma
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from bench import ROOT, WORK, count_lines, fresh_output, keep_output, touch_all

PUBLIC = os.path.join(ROOT, "Tests", "Fixtures", "openapi", "public")
DOCUMENTS = {
    "github": ("GitHub", "github-api.github.com.json"),
    "stripe": ("Stripe", "stripe-spec3.yaml"),
}
RESULTS = os.path.join(WORK, "compare-documents.json")
PAGE = os.sysconf("SC_PAGE_SIZE")
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def process_tree(root):
    """(pid, resident bytes) of `root` and all its descendants. Found through parent ids, not a
    process group: `swift build` starts each compiler job in a process group of its own."""
    children, rss = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry)  # fields after the name: state, ppid, pgrp, ..., rss at 21
        children.setdefault(int(fields[1]), []).append(pid)
        rss[pid] = int(fields[21]) * PAGE
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append((pid, rss.get(pid, 0)))
        todo += children.get(pid, [])
    return tree


def available_gib():
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 2**20
    return float("inf")


def run_watched(cmd, cwd=None, max_gib=12.0, max_minutes=45.0, min_available_gib=1.5):
    """Runs cmd; kills it and every process under it when their resident memory passes
    max_gib, it runs past max_minutes, or the machine (shared with other builds) has less than
    min_available_gib left. Returns time, the largest process's peak (MiB), the peak of all of
    them together (MiB), exit code, output, and `killed` ("killed at X GiB / Y min") or None."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        state = dict(group_peak=0, killed=None)
        done = threading.Event()

        def watch():
            # Polls twice a second beside the blocking wait below, so the time measured is the
            # process's own: polling for its end instead rounded short commands up to 0.5 s.
            while not done.wait(0.5):
                tree = process_tree(proc.pid)
                rss = sum(size for _, size in tree)
                state["group_peak"] = max(state["group_peak"], rss)
                minutes = (time.perf_counter() - start) / 60
                low = available_gib() < min_available_gib
                if state["killed"] is None and (rss > max_gib * 2**30 or minutes > max_minutes or low):
                    killed = f"killed at {rss / 2**30:.1f} GiB / {minutes:.1f} min"
                    if low:
                        killed += f" (the machine had under {min_available_gib} GiB left)"
                    state["killed"] = killed
                    for pid, _ in reversed(tree):  # the compiler jobs first: they would outlive swift build
                        try:
                            os.kill(pid, signal.SIGKILL)
                        except ProcessLookupError:
                            pass
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        done.set()
        watcher.join()
        group_peak, killed = state["group_peak"], state["killed"]
        try:  # children the killed parent left behind
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out.seek(0)
        text = out.read().decode(errors="replace")
    return dict(time=elapsed, peak=usage.ru_maxrss / 1024.0, group_peak=group_peak / 2**20,
                code=os.waitstatus_to_exitcode(status), output=text, killed=killed)


def count_operations(path):
    if path.endswith(".json"):
        with open(path) as fh:
            doc = json.load(fh)
    else:
        import yaml  # PyYAML; its C loader takes a few seconds on Stripe's 4 MB
        with open(path) as fh:
            doc = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return sum(1 for item in doc.get("paths", {}).values() for key in item if key in METHODS)


def prepare(key):
    label, name = DOCUMENTS[key]
    folder = os.path.join(WORK, f"doc-{key}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        with lzma.open(os.path.join(PUBLIC, name + ".xz")) as src, open(path + ".part", "wb") as dst:
            dst.write(src.read())
        os.rename(path + ".part", path)
    # The configuration swift-openapi-generator's documentation gives for a client: types + client.
    with open(os.path.join(folder, "openapi-generator-config.yaml"), "w") as fh:
        fh.write("generate:\n  - types\n  - client\naccessModifier: public\n")
    return folder, path


def timed_runs(cmd, out, runs):
    """Like compare.measure: each run into a new folder; the last one's output ends up in `out`."""
    times, mems, result = [], [], None
    for _ in range(runs):
        fresh = fresh_output(os.path.dirname(out))
        result = run_watched([fresh if part == out else part for part in cmd])
        if result["code"] != 0 or result["killed"]:
            return dict(failed=failure_message(result), time=[result["time"]], peak=[result["peak"]])
        times.append(result["time"])
        mems.append(result["peak"])
    keep_output(fresh, out)
    return dict(time=times, peak=mems, warnings=count_tool_warnings(result["output"]))


def count_tool_warnings(text):
    return sum(1 for line in text.splitlines() if "warning:" in line)


def failure_message(result):
    if result["killed"]:
        return result["killed"]
    lines = [line for line in result["output"].splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return f"exit {result['code']}: " + " / ".join((errors or lines)[-3:])[:600]


def generate(key, tool, openapi_tool, runs):
    """Import + generate with both tools; returns the per-tool generation results."""
    folder, doc = prepare(key)
    specs, ours_out, theirs_out = (os.path.join(folder, f) for f in ["specs", "Generated", "OpenAPIGenerated"])
    result = dict(operations=count_operations(doc), document_bytes=os.path.getsize(doc))
    result["ours_import"] = timed_runs([tool, "import-openapi", doc, "--output", specs], specs, runs)
    if "failed" in result["ours_import"]:
        return result
    result["ours_generate"] = timed_runs([tool, "generate", "--specs", specs, "--output", ours_out, "--quiet"],
                                         ours_out, runs)
    result["ours_lines"] = count_lines(ours_out)
    result["ours_files"] = len([f for f in os.listdir(ours_out) if f.endswith(".swift")])
    config = os.path.join(folder, "openapi-generator-config.yaml")
    result["theirs_generate"] = timed_runs([openapi_tool, "generate", "--config", config, "--output-directory",
                                            theirs_out, doc], theirs_out, 1)
    if "failed" not in result["theirs_generate"]:
        result["theirs_lines"] = count_lines(theirs_out)
        result["theirs_files"] = len([f for f in os.listdir(theirs_out) if f.endswith(".swift")])
    for kind, gen in [("ours", result["ours_generate"]), ("theirs", result["theirs_generate"])]:
        status = gen.get("failed") or f"{statistics.median(gen['time']):.2f} s, {max(gen['peak']):.0f} MiB"
        print(f"{DOCUMENTS[key][0]}: {kind} generate: {status}", flush=True)
    return result


def text_size(pkg, config, target):
    """Berkeley `size` "text" of the target's object files, in bytes."""
    build = os.path.join(pkg, ".build", config, f"{target}.build")
    objects = sorted(os.path.join(build, f) for f in os.listdir(build) if f.endswith(".o"))
    out = subprocess.run(["size"] + objects, check=True, capture_output=True, text=True).stdout
    return sum(int(line.split()[0]) for line in out.splitlines()[1:] if line.strip())


def diagnostics(text, kind):
    """Compiler diagnostics of one kind in `swift build`'s output, each counted once."""
    return len({line for line in text.splitlines() if f": {kind}:" in line})


def build_once(pkg, config, target, folder, max_gib, max_minutes):
    touch_all(folder)
    r = run_watched(["swift", "build", "-c", config, "--target", target], cwd=pkg,
                    max_gib=max_gib, max_minutes=max_minutes)
    sample = dict(time=r["time"], peak=r["peak"], group_peak=r["group_peak"], load=os.getloadavg()[0],
                  warnings=diagnostics(r["output"], "warning"), errors=diagnostics(r["output"], "error"))
    if r["killed"] or r["code"] != 0:
        sample["failed"] = failure_message(r)
    elif config == "release":
        sample["text"] = text_size(pkg, config, target)
    status = sample.get("failed") or f"{r['time']:.1f} s, peak {r['peak']:.0f} MiB"
    print(f"  {config} build of {target}: {status} (load {sample['load']:.1f})", flush=True)
    return sample


def alternating_order(ours_runs, theirs_runs):
    """ours, theirs, ours, ours, ...: the peer's builds (minutes each) sit between ours."""
    order, wanted = [], {"ours": ours_runs, "theirs": theirs_runs}
    while len(order) < ours_runs + theirs_runs:
        for kind in ["ours", "theirs", "ours"]:
            if order.count(kind) < wanted[kind]:
                order.append(kind)
    return order


def compile_document(key, result, pkg, args, save):
    label = DOCUMENTS[key][0]
    folder = os.path.join(WORK, f"doc-{key}")
    sources = {"ours": (f"EndpointGen{label}", os.path.join(folder, "Generated")),
               "theirs": (f"OpenAPI{label}", os.path.join(folder, "OpenAPIGenerated"))}
    can_build = {"ours": "failed" not in result.get("ours_generate", {"failed": "not generated"}),
                 "theirs": "failed" not in result.get("theirs_generate", {"failed": "not generated"})}
    for config, ours_runs, theirs_runs in [("debug", args.doc_debug_runs, args.doc_their_debug_runs),
                                           ("release", args.doc_release_runs, args.doc_their_release_runs)]:
        for kind in alternating_order(ours_runs, theirs_runs):
            samples = result.setdefault(f"{kind}_{config}", [])
            if not can_build[kind] or any("failed" in s for s in samples):
                continue  # a build that was killed or failed is not repeated
            debug_failed = _failed(result.get(f"{kind}_debug", []))
            if config == "release" and debug_failed:
                # A whole-module -O build holds the module at once and takes longer than the
                # debug batches: past the watchdog whenever the debug build was.
                samples.append(dict(failed=f"not built: its debug build failed ({debug_failed})"))
                continue
            target, src = sources[kind]
            samples.append(build_once(pkg, config, target, src, args.max_gib, args.max_minutes))
            save()  # an interrupted run keeps what it measured (--report-only shows it)


def load_results():
    if os.path.exists(RESULTS):
        with open(RESULTS) as fh:
            return json.load(fh)
    return {}


def save_results(results):
    with open(RESULTS, "w") as fh:
        json.dump(results, fh, indent=1)


def run_documents(keys, tool, openapi_tool, make_package, args):
    """Generates every document with both tools, then (make_package: the scratch package with a
    target per generated output, runtimes built) builds the outputs, GitHub's first."""
    results = load_results()
    fresh = {}
    for key in keys:
        started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        fresh[key] = dict(generate(key, tool, openapi_tool, args.runs), measured=started,
                          load_before=os.getloadavg(), argv=sys.argv[1:])
    pkg = make_package()
    for key in keys:
        result = fresh[key]
        results[key] = result

        def save():
            result["load_after"] = os.getloadavg()
            save_results(results)
        if "failed" not in result["ours_import"]:
            compile_document(key, result, pkg, args, save)
        save()
    return results


def sys_exit_if_missing(keys):
    unknown = [k for k in keys if k not in DOCUMENTS]
    if unknown:
        sys.exit(f"unknown document(s) {unknown}; known: {', '.join(DOCUMENTS)}")


HEADING = "## GitHub's and Stripe's OpenAPI documents, both tools (issue 31)"


def _median(samples, field):
    values = [s[field] for s in samples if "failed" not in s and field in s]
    return statistics.median(values) if values else None


def _failed(samples):
    return next((s["failed"] for s in samples if "failed" in s), None)


def _build_cell(samples):
    if not samples:
        return "not built"
    failed = _failed(samples)
    done = [s for s in samples if "failed" not in s]
    if not done:
        return f"**{failed}**"
    times = ", ".join(f"{s['time']:.0f}" for s in samples if "failed" not in s)
    cell = (f"{_median(samples, 'time'):.0f} s ({times}; load {statistics.median(s['load'] for s in done):.1f}), "
            f"{max(s['peak'] for s in done) / 1024:.2f} GiB")
    return cell + (f"; then {failed}" if failed else "")


def _ratio(ours, theirs):
    return f"{ours / theirs:.2f}x" if ours is not None and theirs else "–"


def _generation_cell(result, kind):
    if kind == "ours":
        imp, gen = result.get("ours_import", {}), result.get("ours_generate", {})
        if "failed" in imp or "failed" in gen or not gen:
            return f"**{imp.get('failed') or gen.get('failed', 'not run')}**", None
        total = statistics.median(imp["time"]) + statistics.median(gen["time"])
        return (f"{statistics.median(imp['time']):.2f} + {statistics.median(gen['time']):.2f} s, "
                f"{max(imp['peak'] + gen['peak']):.0f} MiB"), total
    gen = result.get("theirs_generate", {})
    if "failed" in gen or not gen:
        return f"**{gen.get('failed', 'not run')}**", None
    return f"{statistics.median(gen['time']):.2f} s, {max(gen['peak']):.0f} MiB", statistics.median(gen["time"])


def _rows(result):
    """(label, ours cell, theirs cell, ratio cell) for one document."""
    ops = result["operations"]
    rows = []
    ours_gen, ours_t = _generation_cell(result, "ours")
    theirs_gen, theirs_t = _generation_cell(result, "theirs")
    rows.append(("import + generate (release tools), peak", ours_gen, theirs_gen, _ratio(ours_t, theirs_t)))
    rows.append(("files, lines", f"{result.get('ours_files', '–')}, {result.get('ours_lines', '–')}",
                 f"{result.get('theirs_files', '–')}, {result.get('theirs_lines', '–')}",
                 _ratio(result.get("ours_lines"), result.get("theirs_lines"))))
    for config, label in [("debug", "debug build (runtime prebuilt): median (runs; load), peak"),
                          ("release", "release build (`-O`, whole module): median (runs; load), peak")]:
        ours, theirs = result.get(f"ours_{config}", []), result.get(f"theirs_{config}", [])
        rows.append((label, _build_cell(ours), _build_cell(theirs),
                     f"{_ratio(_median(ours, 'time'), _median(theirs, 'time'))} time, "
                     f"{_ratio(_median(ours, 'peak'), _median(theirs, 'peak'))} peak"))
        if config == "debug":
            def diag(samples):
                done = [s for s in samples if "failed" not in s]
                return f"{max(s['warnings'] for s in done)}, {max(s['errors'] for s in done)}" if done else "–"
            rows.append(("debug build: warnings, errors", diag(ours), diag(theirs), ""))
    ours_text = _median(result.get("ours_release", []), "text")
    theirs_text = _median(result.get("theirs_release", []), "text")

    def text_cell(size):
        return f"**{size / 1e6:.2f} MB, {size / ops / 1e3:.1f} KB per operation**" if size else "–"
    rows.append(("release text (`size` of the module's .o files), per operation", text_cell(ours_text),
                 text_cell(theirs_text), f"**{_ratio(ours_text, theirs_text)}**"))
    return rows


def _argv(result):
    return f", `COMPARE_ARGS='{' '.join(result['argv'])}'`" if result.get("argv") else ""


def render(results, args_line):
    keys = [k for k in DOCUMENTS if k in results]
    if not keys:
        return ""
    lines = [HEADING, "",
             "The documents of Tests/Fixtures/openapi/public as published, through both tools in one run "
             f"(`{args_line}`; each document's own arguments in its first row). Generation: release CLIs, whole process (EndpointGen: "
             "`import-openapi` + `generate`; swift-openapi-generator 1.14.3: `generate` with types + client). "
             "Builds: the generated module alone, a target of a scratch package whose runtime "
             "(EndpointRuntime; OpenAPIRuntime and HTTPTypes) is built first; sources touched, then "
             "`swift build [-c release] --target X`; the two tools' builds alternate; peak is the "
             "largest process's. Each build runs under a watchdog that kills it past a resident size or "
             "a time (its result is then \"killed at\"). Text is load-independent; times on this shared "
             "2-core machine are not, hence the load averages (1 minute, at the end of each build). "
             "Ratios: EndpointGen / swift-openapi-generator (issue 31's target: at most 0.33x).", ""]
    header = "| |" + "".join(f" {DOCUMENTS[k][0]}: EndpointGen | {DOCUMENTS[k][0]}: swift-openapi-generator | "
                            f"{DOCUMENTS[k][0]}: ratio |" for k in keys)
    lines += [header, "|---|" + "---|---|---|" * len(keys)]
    per_doc = [_rows(results[k]) for k in keys]
    lines.append("| document |" + "".join(f" {results[k]['operations']} operations, "
                                          f"{results[k]['document_bytes'] / 1e6:.2f} MB, measured "
                                          f"{results[k]['measured']}{_argv(results[k])} | | |" for k in keys))
    for i, (label, *_rest) in enumerate(per_doc[0]):
        lines.append(f"| {label} |" + "".join(f" {rows[i][1]} | {rows[i][2]} | {rows[i][3]} |" for rows in per_doc))
    loads = "; ".join(f"{DOCUMENTS[k][0]}: {results[k]['load_before'][0]:.1f} before, "
                      f"{results[k]['load_after'][0]:.1f} after" for k in keys)
    lines += ["", f"Load average (1 minute) around each document's run: {loads}."]
    return "\n".join(lines) + "\n"
