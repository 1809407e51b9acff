"""The real-documents section of `make bench` (issue 31): GitHub's REST description and Stripe's
spec3 (Tests/Fixtures/openapi/public) through EndpointGen alone.

Per document: `import-openapi` + `generate` (release CLI, median), the debug build of the
generated module alone in bench.py's scratch package with the runtime prebuilt (time, peak,
warnings; compare_documents.build_once), then incremental rebuilds: after that full build, one
optional field is added to one model (or one query parameter to one endpoint) in the imported
specs, `generate` runs into the same folder (it rewrites only the files whose text changed),
and `swift build` rebuilds. Files recompiled are the target's object files the build rewrote
(the incremental driver rewrites only the objects of the files it compiled). Runs add and
remove the field in turn: each is an edit of one declaration, and no build is spent only on
undoing one. Results are kept per document in a JSON file, so one document can be measured
again without the other, and the section shows whatever is kept, each with its date (in a new
work folder, the figures of Benchmarks/results.json are the ones kept).

Model layouts (issue 53; `--layout-documents`, GitHub's by default): the same specs generated
twice, plain structs (the default) and `--storage-classes`, each module built `-c release`; the
figure is the Berkeley `size` text of its objects, per operation: what the option saves an app
that ships the module.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

from bench import SAVED, WORK, compile_package, count_lines, run_measured
import compare_documents
from compare_documents import DOCUMENTS, build_once, count_operations, prepare, run_watched, timed_runs

RESULTS = os.path.join(WORK, "real-documents.json")
HEADING = "## GitHub's and Stripe's documents: generation, debug build, rebuild after one edit"
ADDED = "bench_added_field"

# (what the edit stands for, the declaration's name in the imported specs, the section of it
# that gets one more optional entry). The names are the importer's; a document whose names
# change needs new ones here (the run stops with the name it could not find).
EDITS = {
    "github": [
        ("a model few files use", "PullRequestReviewComment", "fields"),
        ("a widely used model", "SimpleUser", "fields"),
        ("one endpoint (a query parameter)", "listFollowersForAuthenticatedUser", "query"),
    ],
    "stripe": [
        ("a model", "Coupon", "fields"),
    ],
}


def target_name(key):
    return f"Real{DOCUMENTS[key][0]}"


def edit_spec(specs, name, section, add):
    """Adds (or, add=False, removes) `bench_added_field: String?` as the first entry of
    `section` of the declaration `name` (a model's fields, an endpoint's query). Returns the spec
    file's name."""
    for spec in sorted(f for f in os.listdir(specs) if f.endswith(".yaml")):
        path = os.path.join(specs, spec)
        with open(path) as fh:
            lines = fh.read().split("\n")
        try:
            start = lines.index(f"  {name}:")
        except ValueError:
            continue
        entry = f"      {ADDED}: String?"
        for i in range(start + 1, len(lines)):
            if re.match(r"  \S", lines[i]):
                break
            if lines[i] == f"    {section}:":
                if add:
                    lines.insert(i + 1, entry)
                elif lines[i + 1] == entry:
                    del lines[i + 1]
                with open(path, "w") as fh:
                    fh.write("\n".join(lines))
                return spec
        sys.exit(f"{spec}: '{name}' has no '{section}:' section to edit")
    sys.exit(f"no spec in {specs} declares '{name}' (the importer's names changed? see EDITS)")


def mtimes(folder, suffix):
    return {f: os.stat(os.path.join(folder, f)).st_mtime_ns for f in os.listdir(folder) if f.endswith(suffix)}


def changed(before, after):
    return sorted(f for f, t in after.items() if before.get(f) != t)


def rebuild(tool, pkg, key, specs, out, edit, add, max_minutes):
    """Adds (or removes) the edit's field, generates, rebuilds; returns the measured sample."""
    _, name, section = edit
    objects = os.path.join(pkg, ".build", "debug", f"{target_name(key)}.build")
    edit_spec(specs, name, section, add=add)
    sources = mtimes(out, ".swift")
    gen_time, _, _ = run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"])
    rewritten = changed(sources, mtimes(out, ".swift"))
    # A compile job rewrites its files' .dia; its .o only when the code changed (the frontend skips
    # LLVM for an unchanged module), so .o files alone undercount what the build type-checked again.
    before, before_objects = mtimes(objects, ".dia"), mtimes(objects, ".o")
    r = run_watched(["swift", "build", "--target", target_name(key)], cwd=pkg, max_minutes=max_minutes)
    if r["code"] != 0 or r["killed"]:
        sys.exit(f"incremental build of {target_name(key)} failed: {compare_documents.failure_message(r)}")
    recompiled = [f for f in changed(before, mtimes(objects, ".dia")) if not f.endswith(".emit-module.dia")]
    return dict(added=add, generate=gen_time, time=r["time"], peak=r["peak"], load=os.getloadavg()[0],
                rewritten=rewritten, recompiled=recompiled, objects=changed(before_objects, mtimes(objects, ".o")))


def incremental_runs(tool, pkg, key, specs, out, edit, runs, max_minutes):
    """`runs` measured rebuilds, the field added and removed in turn (each is an edit of one
    declaration, and no rebuild is spent only on undoing); a last unmeasured one when the
    field is still there."""
    samples = []
    for i in range(runs):
        samples.append(rebuild(tool, pkg, key, specs, out, edit, i % 2 == 0, max_minutes))
        s = samples[-1]
        print(f"  {edit[0]} ({edit[1]}, field {'added' if s['added'] else 'removed'}): generate {s['generate']:.2f} s "
              f"rewrote {len(s['rewritten'])}, rebuild {s['time']:.1f} s recompiled {len(s['recompiled'])} ({len(s['objects'])} objects changed) "
              f"(load {s['load']:.1f})", flush=True)
    if runs % 2:
        rebuild(tool, pkg, key, specs, out, edit, False, max_minutes)
    return samples


def measure_document(tool, key, args, save):
    _, doc = prepare(key)
    folder = os.path.join(WORK, f"real-{key}")
    specs, out = os.path.join(folder, "specs"), os.path.join(folder, "Generated")
    os.makedirs(folder, exist_ok=True)
    result = dict(operations=count_operations(doc), measured=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                  argv=sys.argv[1:])
    result["import"] = timed_runs([tool, "import-openapi", doc, "--output", specs], specs, args.runs)
    result["generate"] = timed_runs([tool, "generate", "--specs", specs, "--output", out, "--quiet"], out, args.runs)
    for step in ["import", "generate"]:
        if "failed" in result[step]:
            sys.exit(f"{DOCUMENTS[key][0]}: {step} failed: {result[step]['failed']}")
    # Each timed run wrote into a new folder, and a file's header names its spec relative to the
    # output folder: one more run in place, so the edits below rewrite only what they change.
    run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"])
    result["files"] = len([f for f in os.listdir(out) if f.endswith(".swift")])
    result["lines"] = count_lines(out)
    print(f"{DOCUMENTS[key][0]}: import {statistics.median(result['import']['time']):.2f} s + generate "
          f"{statistics.median(result['generate']['time']):.2f} s; {result['files']} files", flush=True)
    pkg = package(args)
    result["debug"] = []
    for _ in range(args.doc_build_runs):
        result["debug"].append(build_once(pkg, "debug", target_name(key), out, 12.0, args.doc_max_minutes))
        save(result)
        if "failed" in result["debug"][-1]:
            return result
    if key in args.layout_documents_list:
        result["layouts"] = measure_layouts(tool, key, specs, args)
        save(result)
    result["incremental"] = []
    for edit in EDITS[key]:
        samples = incremental_runs(tool, pkg, key, specs, out, edit, args.incremental_runs, args.doc_max_minutes)
        result["incremental"].append(dict(label=edit[0], name=edit[1], samples=samples))
        save(result)
    return result


def storage_target(key):
    return target_name(key) + "Storage"


def measure_layouts(tool, key, specs, args):
    """Release builds of the document's module in both model layouts: the folder of the
    measurement above (plain structs) and one generated with `--storage-classes` beside it."""
    layouts = {}
    for layout, folder, target, flags in [
        ("plain", f"real-{key}", target_name(key), []),
        ("storage", f"real-{key}-storage", storage_target(key), ["--storage-classes"]),
    ]:
        out = os.path.join(WORK, folder, "Generated")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        run_measured([tool, "generate", "--specs", specs, "--output", out, "--quiet"] + flags)  # exits on a failure
        pkg = package(args)
        # The runtime first, so that neither layout's time includes its optimized build.
        subprocess.run(["swift", "build", "-c", "release", "--target", "EndpointRuntime"], cwd=pkg, check=True,
                       stdout=subprocess.DEVNULL)
        sample = build_once(pkg, "release", target, out, 12.0, args.doc_max_minutes)
        sample["lines"] = count_lines(out)
        layouts[layout] = sample
        if "failed" in sample:
            break
    return layouts


def measure_layouts_only(tool, keys, args):
    """`--only-layouts`: imports each document again and measures its layouts; the other
    figures of the kept results stay as they are."""
    results = load_results()
    for key in keys:
        if key not in results:
            sys.exit(f"{DOCUMENTS[key][0]} has no kept results to add layouts to: measure the document first")
        _, doc = prepare(key)
        specs = os.path.join(WORK, f"real-{key}", "specs")
        if not os.path.isdir(specs):
            run_measured([tool, "import-openapi", doc, "--output", specs])  # exits on a failure
        results[key]["layouts"] = measure_layouts(tool, key, specs, args)
        results[key]["layouts_measured"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        with open(RESULTS, "w") as fh:
            json.dump(results, fh, indent=1)
    return results


def package(args):
    """bench.py's scratch package, with a target per real document (and the synthetic N's whose
    output exists, so the manifest stays the one bench_compile wrote) and the runtime built."""
    targets = [(f"Gen{n}", f"n{n}/Generated") for n in args.compile_sizes_list
               if os.path.isdir(os.path.join(WORK, f"n{n}", "Generated"))]
    targets += [(target_name(k), f"real-{k}/Generated") for k in DOCUMENTS
                if os.path.isdir(os.path.join(WORK, f"real-{k}", "Generated"))]
    targets += [(storage_target(k), f"real-{k}-storage/Generated") for k in DOCUMENTS
                if os.path.isdir(os.path.join(WORK, f"real-{k}-storage", "Generated"))]
    pkg = compile_package(targets)
    subprocess.run(["swift", "build", "--target", "EndpointRuntime"], cwd=pkg, check=True, stdout=subprocess.DEVNULL)
    return pkg


def load_results():
    """The documents' kept results: this work folder's, else those BENCHMARKS.md was last written from."""
    for path in [RESULTS, SAVED]:
        if os.path.exists(path):
            with open(path) as fh:
                saved = json.load(fh)
            return saved if path == RESULTS else saved.get("documents", {})
    return {}


def document_names(results):
    """(key, display name) of each document with results, in DOCUMENTS' order."""
    return [(k, DOCUMENTS[k][0]) for k in DOCUMENTS if k in results]


def run(tool, keys, args):
    """Measures the documents in `keys`; returns all kept results (other documents' included)."""
    results = load_results()
    for key in keys:
        def save(result, key=key):
            results[key] = result
            with open(RESULTS, "w") as fh:
                json.dump(results, fh, indent=1)
        save(measure_document(tool, key, args, save))
    return results


def _med(values):
    return statistics.median(values) if values else None


def _span(samples, field, unit="s", digits=1):
    values = [s[field] for s in samples if "failed" not in s]
    if not values:
        return "–"
    runs = ", ".join(f"{v:.{digits}f}" for v in values)
    load = ", ".join(f"{s['load']:.1f}" for s in samples if "failed" not in s)
    return f"**{_med(values):.{digits}f} {unit}** ({runs}; load {load})"


def render(results):
    keys = [k for k in DOCUMENTS if k in results]
    if not keys:
        return ""
    lines = [HEADING, "",
             "The documents of Tests/Fixtures/openapi/public as published, through EndpointGen alone "
             "(Benchmarks/bench_documents.py). Import and generate: release CLI, whole process. Debug build: the "
             "generated module alone, its runtime built first; sources touched, then `swift build --target X`. Times "
             "move with the shared machine's load (1-minute average at the end of each build, quoted).", "",
             "| | " + " | ".join(DOCUMENTS[k][0] for k in keys) + " |", "|---|" + "---|" * len(keys)]

    def row(label, cell):
        lines.append(f"| {label} | " + " | ".join(cell(results[k]) for k in keys) + " |")
    row("measured", lambda r: r["measured"])
    row("operations; files, lines", lambda r: f"{r['operations']}; {r['files']}, {r['lines']:,}")
    row("import + generate (medians)", lambda r: f"{_med(r['import']['time']):.2f} + "
        f"{_med(r['generate']['time']):.2f} s, peak {max(r['import']['peak'] + r['generate']['peak']):.0f} MiB")
    row("debug build: median (runs; load)", lambda r: _span(r.get("debug", []), "time"))
    row("debug build: peak; warnings, errors", lambda r: _debug_cell(r.get("debug", [])))
    lines += ["", "Rebuild after one edit: one optional field added to (or, the next run, removed from) one "
              "declaration of the imported specs, `generate` into the same folder (it rewrites only the files whose "
              "text changed), `swift build --target X`. Files compiled again: those whose diagnostics file the build "
              "rewrote; in brackets, those whose object file changed.", "",
              "| document | edit | files rewritten by generate | files compiled again (object changed) | rebuild: median "
              "(runs; load) | generate |", "|---|---|---|---|---|---|"]
    uncounted = False
    for k in keys:
        for inc in results[k].get("incremental", []):
            samples = inc["samples"]
            counts = sorted(len(s["recompiled"]) for s in samples)
            count = f"{counts[0]}" if counts[0] == counts[-1] else f"{counts[0]}–{counts[-1]}"
            rewritten = sorted(len(s["rewritten"]) for s in samples)
            objects = sorted(len(s["objects"]) for s in samples if "objects" in s)
            if objects:
                count += f" ({objects[-1]})"
            else:  # runs before 2026-11-26 23:00 counted object files only
                count = f"not counted ({count})"
                uncounted = True
            example = max((s["recompiled"] for s in samples), key=len)
            shown = ", ".join(f.removesuffix(".dia").removesuffix(".o").removesuffix(".swift") for f in example[:4])
            more = f", … {len(example) - 4} more" if len(example) > 4 else ""
            lines.append(f"| {DOCUMENTS[k][0]} | {inc['label']}: `{inc['name']}` | {rewritten[-1]} | "
                         f"{count} of {results[k]['files']} ({shown}{more}) | {_span(samples, 'time')} | "
                         f"{_med([s['generate'] for s in samples]):.2f} s |")
    if uncounted:
        lines += ["", "\"not counted (n)\": a run from before files compiled again were counted, n its object files "
                  "changed; Benchmarks/NOTES.md, \"Incremental rebuilds\", has the counts."]
    lines += _layouts_table(results, keys)
    return "\n".join(lines) + "\n"


def _layouts_table(results, keys):
    """The model layouts' release builds, for the documents measured with them."""
    measured = [k for k in keys if results[k].get("layouts")]
    if not measured:
        return []
    lines = ["", "Model layouts: the same imported specs generated with plain structs (the default) and with "
             "`storageClasses: true` (`--storage-classes`: a model of four fields or more keeps them in a private "
             "class), each module built `swift build -c release --target X`; text: Berkeley `size` of its object "
             "files. Decode time per value of the two layouts: \"Runtime cost per request\" above.", "",
             "| document | layout | release build (load) | text | per operation | lines |", "|---|---|---|---|---|---|"]
    names = {"plain": "plain structs (default)", "storage": "storage classes"}
    ratios = []
    for k in measured:
        operations = results[k]["operations"]
        for layout, sample in results[k]["layouts"].items():
            if "failed" in sample:
                lines.append(f"| {DOCUMENTS[k][0]} | {names[layout]} | **{sample['failed']}** | – | – | – |")
                continue
            lines.append(f"| {DOCUMENTS[k][0]} | {names[layout]} | {sample['time']:.0f} s ({sample['load']:.1f}) | "
                         f"{sample['text'] / 1e6:.2f} MB | {sample['text'] / operations / 1e3:.1f} KB | {sample['lines']:,} |")
        layouts = results[k]["layouts"]
        if all("text" in layouts.get(name, {}) for name in names):
            ratio = layouts["storage"]["text"] / layouts["plain"]["text"]
            ratios.append(f"{DOCUMENTS[k][0]}: storage classes make the release text {ratio:.2f}x the plain structs' "
                          f"(measured {results[k].get('layouts_measured', results[k]['measured'])}).")
    return lines + [line for ratio in ratios for line in ["", ratio]]


def _debug_cell(samples):
    done = [s for s in samples if "failed" not in s]
    failed = next((s["failed"] for s in samples if "failed" in s), None)
    if not done:
        return f"**{failed or 'not built'}**"
    cell = f"{max(s['peak'] for s in done):.0f} MiB; {max(s['warnings'] for s in done)}, {max(s['errors'] for s in done)}"
    return cell + (f"; then {failed}" if failed else "")
