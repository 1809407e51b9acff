#!/usr/bin/env python3
"""What an app that depends on EndpointGen resolves (`make resolve-check`, issue 41).

Makes throwaway app packages in a temporary folder, each depending on this checkout by path (as
Tests/FirstFiveMinutes does), runs `swift package resolve` in each and reads what SwiftPM pinned
(Package.resolved) and checked out (.build/checkouts):

  runtime-only    uses only EndpointRuntime, EndpointGen's traits as they are by default:
                  resolves nothing but ALLOWED (swift-argument-parser, which the CLI that the
                  plugins run needs); SwiftNIO's packages, swift-crypto and the test-only
                  FlyingFox stay out.
  server          turns on the AsyncHTTPClient trait and uses EndpointRuntimeAsyncHTTPClient:
                  resolves async-http-client, swift-nio and swift-nio-ssl. The control that
                  shows the count can change: were SwiftPM to stop reading traits, or a package
                  name here to go stale, this case fails instead of the first passing for nothing.
  product-only    uses EndpointRuntimeAsyncHTTPClient without the trait: resolves nothing but
                  ALLOWED, and building it fails with the message that names the trait (the
                  module's stand-in, Sources/EndpointRuntimeAsyncHTTPClient/WithoutTheTrait.swift).
                  This one builds EndpointRuntime (about a minute of CPU time).

The folder is removed after a success and kept after a failure (or with --keep).

Usage: resolve_check.py [--keep] [--skip-build]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALLOWED = {"swift-argument-parser"}
SERVER_NEEDS = {"async-http-client", "swift-nio", "swift-nio-ssl"}
TRAIT_MESSAGE = "EndpointGen's AsyncHTTPClient trait is off"

RUNTIME_ONLY_MAIN = """import EndpointRuntime

let client = APIClient(transport: StubTransport())
print(type(of: client))
"""

SERVER_MAIN = """import EndpointRuntime
import EndpointRuntimeAsyncHTTPClient

let transport = AsyncHTTPClientTransport()
print(type(of: APIClient(transport: transport)))
try await transport.shutdown()
"""


def manifest(traits, products):
    dependency = f'.package(name: "EndpointGen", path: "{ROOT}"'
    dependency += f', traits: [{", ".join(json.dumps(t) for t in traits)}])' if traits is not None else ")"
    uses = ", ".join(f'.product(name: "{p}", package: "EndpointGen")' for p in products)
    return f"""// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [{dependency}],
    targets: [.executableTarget(name: "App", dependencies: [{uses}])]
)
"""


def make_app(folder, traits, products, main):
    os.makedirs(os.path.join(folder, "Sources", "App"))
    with open(os.path.join(folder, "Package.swift"), "w", encoding="utf-8") as handle:
        handle.write(manifest(traits, products))
    with open(os.path.join(folder, "Sources", "App", "main.swift"), "w", encoding="utf-8") as handle:
        handle.write(main)


def run(command, cwd, timeout=1200):
    started = time.monotonic()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, timeout=timeout, env=environment())
    return result, time.monotonic() - started


def environment():
    return {key: value for key, value in os.environ.items()
            if key not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEFILES")}


def resolved(folder):
    """(pinned package identities, checked-out folders, their size in bytes) after a resolve."""
    pins = set()
    path = os.path.join(folder, "Package.resolved")
    if os.path.exists(path):  # SwiftPM writes none when nothing is pinned
        with open(path, encoding="utf-8") as handle:
            pins = {pin["identity"] for pin in json.load(handle).get("pins", [])}
    checkouts_folder = os.path.join(folder, ".build", "checkouts")
    checkouts = set(os.listdir(checkouts_folder)) if os.path.isdir(checkouts_folder) else set()
    size = 0
    for base, _, files in os.walk(checkouts_folder):
        for name in files:
            file = os.path.join(base, name)
            if not os.path.islink(file):
                size += os.path.getsize(file)
    return pins, checkouts, size


def resolve(name, folder):
    result, seconds = run(["swift", "package", "resolve"], folder)
    if result.returncode != 0:
        return None, [f"{name}: swift package resolve failed ({result.returncode}):\n{result.stdout}"]
    pins, checkouts, size = resolved(folder)
    print(f"resolve-check: {name}: packages resolved: {len(pins)} ({', '.join(sorted(pins)) or 'none'}), "
          f"{len(checkouts)} checked out, {size / 1e6:.1f} MB, in {seconds:.0f} s", flush=True)
    return (pins, checkouts), []


def only_allowed(name, state):
    pins, checkouts = state
    failures = []
    if pins - ALLOWED:
        failures.append(f"{name}: resolved beyond {sorted(ALLOWED)}: {sorted(pins - ALLOWED)}")
    if checkouts - ALLOWED:
        failures.append(f"{name}: checked out beyond {sorted(ALLOWED)}: {sorted(checkouts - ALLOWED)}")
    return failures


def check_runtime_only(work):
    folder = os.path.join(work, "runtime-only")
    make_app(folder, None, ["EndpointRuntime"], RUNTIME_ONLY_MAIN)
    state, failures = resolve("runtime-only", folder)
    return failures or only_allowed("runtime-only", state)


def check_server(work):
    folder = os.path.join(work, "server")
    make_app(folder, ["AsyncHTTPClient"], ["EndpointRuntime", "EndpointRuntimeAsyncHTTPClient"], SERVER_MAIN)
    state, failures = resolve("server", folder)
    if failures:
        return failures
    missing = SERVER_NEEDS - state[0]
    return [f"server: the AsyncHTTPClient trait did not resolve {sorted(missing)}"] if missing else []


def check_product_without_trait(work, build):
    folder = os.path.join(work, "product-only")
    make_app(folder, None, ["EndpointRuntime", "EndpointRuntimeAsyncHTTPClient"], SERVER_MAIN)
    state, failures = resolve("product-only", folder)
    if failures:
        return failures
    failures = only_allowed("product-only", state)
    if not build:
        return failures
    result, seconds = run(["swift", "build"], folder, timeout=1800)
    print(f"resolve-check: product-only: swift build exited {result.returncode} in {seconds:.0f} s", flush=True)
    if result.returncode == 0:
        failures.append("product-only: built although the AsyncHTTPClient trait is off")
    elif TRAIT_MESSAGE not in result.stdout:
        failures.append(f"product-only: the build failed without saying '{TRAIT_MESSAGE}':\n{result.stdout[-4000:]}")
    return failures


def main():
    keep = "--keep" in sys.argv
    build = "--skip-build" not in sys.argv
    work = tempfile.mkdtemp(prefix="endpointgen-resolve-check-")
    print(f"resolve-check: apps depending on {ROOT} in {work}", flush=True)
    results = [check_runtime_only(work), check_server(work), check_product_without_trait(work, build)]
    failures = [failure for result in results for failure in result]
    for failure in failures:
        print(f"resolve-check: FAILED {failure}", file=sys.stderr)
    print(f"resolve-check: {sum(1 for r in results if not r)} passed, {sum(1 for r in results if r)} failed")
    if failures or keep:
        print(f"resolve-check: kept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
