# EndpointGen
#
# Order of work:
#   1. edit specs/*.yaml           (format: docs/spec-format.md)
#   2. make lint                    validate the specs, every problem reported at file:line:column
#   3. make generate                write Generated/ (only changed files are rewritten)
#   4. review the Generated/ diff, then make test (check that Generated/ is current + all tests)
#   5. commit specs/ and Generated/ together
#
# `make check` is what CI runs to fail on a stale Generated/.

SWIFT ?= swift
# The folders and options are in endpointgen.yml (read by the CLI and the plugins alike); SPECS=
# or OUTPUT= on the command line override them.
SPECS ?=
OUTPUT ?=
FOLDERS = $(if $(SPECS),--specs $(SPECS)) $(if $(OUTPUT),--output $(OUTPUT))
TOOL = $(shell $(SWIFT) build --show-bin-path)/endpointgen
# The package traits: AsyncHTTPClient builds AsyncHTTPClientTransport (EndpointRuntimeAsyncHTTPClient)
# and its tests, off for apps unless they turn it on (docs/server-apps.md); Verify (on by default)
# gives the CLI `verify`; ImportSwift (off for apps) gives it `import-swift`, on swift-syntax. Every
# build of this package in .build passes all three: another trait set compiles every module of the
# package again.
TRAITS = --traits AsyncHTTPClient,Verify,ImportSwift

.PHONY: all setup generate check lint long-functions availability build build-tests tsan-build tool release-tool release-tool-path test referees corpus public-documents tsan plugin-check xcode-plugin-check example first-five-minutes isolation-check resolve-check schema-test export-check fuzz docs bench bench-compare bench-report clean

all: generate

tool:
	$(SWIFT) build $(TRAITS) --product endpointgen

# The CLI built as a build step should run it: optimized, and one static executable (the Swift
# runtime, the C and C++ libraries and libyaml linked in, `-static-executable`): no dynamic loader,
# no symbol binding and none of the ~38,000 relocations a position-independent binary applies at
# every start. `--version` starts in ~5 ms instead of ~9 ms (dynamic Swift runtime: ~16 ms), 400 ->
# 196 page faults. Its own build folder, so switching between it and the debug build rebuilds
# nothing. `make bench` measures this binary. Without the default trait Verify: `verify` needs the
# runtime's networking, whose FoundationNetworking links libcurl, which no static executable can
# hold (`swift run endpointgen verify` has it). (The linker warns that glibc's user and group
# lookups need the system's shared libraries at run time; the CLI never calls them.)
RELEASE_SCRATCH = .build-release
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable --disable-default-traits --traits ImportSwift --scratch-path $(RELEASE_SCRATCH)
release-tool:
	$(SWIFT) build --product endpointgen $(RELEASE_FLAGS)

release-tool-path:
	@echo $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/endpointgen

generate: tool
	$(TOOL) generate $(FOLDERS)

check: tool long-functions bench-report
	$(TOOL) check $(FOLDERS)

lint: tool
	$(TOOL) lint $(if $(SPECS),--specs $(SPECS))

# BENCHMARKS.md is what Benchmarks/bench.py writes from the committed figures (Benchmarks/results.json),
# and no benchmark text names a work session: Python only, part of `make check`.
bench-report:
	@python3 Tests/Scripts/test_bench_report.py 2>/dev/null || python3 Tests/Scripts/test_bench_report.py

# Functions that fit on a screen (issue 29): no function, initializer or closure-bodied property in
# Sources/ or Plugins/ over 80 lines unless allowed, with the reason, in the script. Part of
# `make check`, so they do not creep back. The script's own tests first (quiet unless they fail).
long-functions:
	@python3 Tests/Scripts/test_long_functions.py 2>/dev/null || python3 Tests/Scripts/test_long_functions.py
	@python3 Scripts/long_functions.py

# Apple availability: every declaration the runtime, Generated/, the goldens, the
# generator and the build tool use exists on the declared platforms (Package.swift: macOS 13, iOS
# 16, tvOS 16, watchOS 9) or is behind `if #available`, `@available` or a Linux-only `#if`.
# Linux builds never say so; the toolchain's modules still carry Apple `@available`, and the
# type-checked AST names every declaration used (Scripts/availability.py, docs/apple-platforms.md).
# The positive control first (quiet unless it fails): a check that reports nothing fails it.
availability:
	$(SWIFT) build $(TRAITS)
	@python3 Tests/Scripts/test_availability.py 2>/dev/null || python3 Tests/Scripts/test_availability.py
	python3 Scripts/availability.py

build:
	$(SWIFT) build $(TRAITS)

# The suite, then the transport, redirect and wire suites again over URLSession and over
# AsyncHTTPClient (the default transport on Linux is CurlTransport). httpbin under gunicorn is a
# referee the tests start themselves on 127.0.0.1; here its absence is a failure, not a skip, as is
# openapi-spec-validator's (the judge of export-openapi's documents).
# The export's fidelity (ExportFidelityTests) is not a transport's: it runs once.
TRANSPORT_SKIP = ExportFidelityTests
TRANSPORT_SUITES = RuntimeTests.TransportTests|RuntimeTests.RedirectTests|RuntimeTests.HTTPBinTests|RuntimeTests.RefereeTests|RuntimeTests.StreamingTests|RuntimeTests.TransferTests|RuntimeTests.CookieSessionTests|WireTests
# The suites are XCTest only: without swift-testing's empty run after it, XCTest's summary is
# the last thing printed.
test: check referees
	ENDPOINTGEN_REQUIRE_HTTPBIN=1 ENDPOINTGEN_REQUIRE_OPENAPI_VALIDATOR=1 $(SWIFT) test $(TRAITS) --disable-swift-testing
	ENDPOINTGEN_REQUIRE_HTTPBIN=1 ENDPOINTGEN_TEST_TRANSPORT=urlsession $(SWIFT) test $(TRAITS) --skip-build --disable-swift-testing --filter '$(TRANSPORT_SUITES)' --skip '$(TRANSPORT_SKIP)'
	ENDPOINTGEN_REQUIRE_HTTPBIN=1 ENDPOINTGEN_TEST_TRANSPORT=ahc $(SWIFT) test $(TRAITS) --skip-build --disable-swift-testing --filter '$(TRANSPORT_SUITES)' --skip '$(TRANSPORT_SKIP)'

# What building needs on Debian or Ubuntu: libyaml and pkg-config, with sudo only when not root
# (CI images often run as root without sudo). macOS: brew install libyaml.
setup:
	@if dpkg -s libyaml-dev >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 && command -v xz >/dev/null 2>&1; then \
		echo "libyaml-dev, pkg-config and xz are installed"; \
	elif [ "$$(id -u)" -eq 0 ]; then \
		apt-get update -y && DEBIAN_FRONTEND=noninteractive apt-get install -y libyaml-dev pkg-config xz-utils; \
	else \
		sudo apt-get update -y && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y libyaml-dev pkg-config xz-utils; \
	fi

# Independent referees the tests use (PyPI): httpbin served by gunicorn, openapi-core, a strict
# OpenAPI request validator (Tests/Referee/openapi_referee.py), openapi-spec-validator, which
# judges the documents export-openapi writes (OpenAPIExportTests), and sse-starlette under uvicorn,
# an independent server-sent events server (Tests/Referee/sse_referee.py, StreamingTests), and
# hypothesis-jsonschema, which generates the answers of export_referee.py (ExportFidelityTests).
referees:
	@python3 -c "import httpbin, gunicorn, openapi_core, openapi_spec_validator, sse_starlette, uvicorn, hypothesis_jsonschema" 2>/dev/null || python3 -m pip install --quiet httpbin gunicorn openapi-core openapi-spec-validator sse-starlette uvicorn hypothesis-jsonschema

# The suites where threads meet under ThreadSanitizer, in its own build folder (.build-tsan): the
# runtime, Generated/ over the loopback server, the wire and verify suites, and KitTests, whose
# runs of the (instrumented) CLI render and write in parallel. The suppressions cover only the
# test-side HTTP server's socket layer (see the file). Left to make test: the generator's
# single-threaded stages (CodegenTests, SpecTests, YAMLTests, ImportTests), InterruptedRunTests
# (SIGKILLed runs report nothing), the command-line suites (CLITests, VerifyCLITests: a process
# per case, each paying the sanitizer's start; KitTests' other suites run the same code in
# process), MemoryTests, which measure peak RSS (under the sanitizer, its shadow memory), and
# the ExportFidelityTests (specs/ and the fixtures), whose time is a Python referee's (one client,
# one call at a time).
TSAN_SKIP = ^(CodegenTests|SpecTests|YAMLTests|ImportTests|ImportSwiftTests)\.|InterruptedRunTests|MemoryTests|\.CLITests|VerifyCLITests|ExportFidelityTests
# Without ImportSwift: import-swift is single-threaded (its tests are ImportSwiftTests, left to
# make test), and swift-syntax under the sanitizer would cost the background build minutes.
TSAN_FLAGS = --traits AsyncHTTPClient,Verify --sanitize=thread --scratch-path .build-tsan
tsan: referees
	TSAN_OPTIONS="suppressions=$(CURDIR)/Tests/tsan-suppressions.txt" ENDPOINTGEN_REQUIRE_HTTPBIN=1 $(SWIFT) test $(TSAN_FLAGS) --skip '$(TSAN_SKIP)'

# The builds alone: .ci/run builds the suite first, then the sanitized one in the background at
# the lowest priority while the suites run (they leave a core idle most of the time).
build-tests:
	$(SWIFT) build --build-tests $(TRAITS)
tsan-build:
	$(SWIFT) build --build-tests $(TSAN_FLAGS)

# The command plugin on this package, in check mode (writes nothing): as a whole (endpointgen.yml),
# and for the Generated target, which has no specs of its own; --help describes the plugin's options.
plugin-check:
	$(SWIFT) package $(TRAITS) --allow-writing-to-package-directory generate-endpoints --check
	$(SWIFT) package $(TRAITS) --allow-writing-to-package-directory generate-endpoints --target Generated --check
	$(SWIFT) package $(TRAITS) --allow-writing-to-package-directory generate-endpoints --help | grep -q -e '--target <name>'

# The plugins' Xcode conformances (`#if canImport(XcodeProjectPlugin)`, compiled only by Xcode),
# type-checked against a stand-in of Xcode's module (Tests/XcodeProjectPluginStub), and the
# SwiftPM side with the same flags. Seconds; no package build.
PLUGIN_API = $(shell dirname $$(dirname $$(command -v $(SWIFT))))/lib/swift/pm/PluginAPI
XCODE_STUB = .build/xcode-plugin-stub
xcode-plugin-check:
	@mkdir -p $(XCODE_STUB)
	swiftc -emit-module -parse-as-library -module-name XcodeProjectPlugin -package-description-version 6.1 \
		-I $(PLUGIN_API) Tests/XcodeProjectPluginStub/XcodeProjectPlugin.swift -emit-module-path $(XCODE_STUB)/XcodeProjectPlugin.swiftmodule
	for plugin in EndpointGenPlugin GenerateEndpoints; do \
		swiftc -typecheck -parse-as-library -package-description-version 6.1 -warnings-as-errors \
			-I $(PLUGIN_API) -I $(XCODE_STUB) Plugins/$$plugin/*.swift || exit 1; \
	done

# The example package (its own build folder, Examples/Movies/.build): Generated/ and openapi.yaml
# current (the export validated by openapi-spec-validator when installed), its tests (app logic
# against the generated fake), run it, and the command plugin (check mode; a broken spec reported
# at file:line:column).
example:
	cd Examples/Movies && $(MAKE) --no-print-directory check test run verify plugin-check

# docs/getting-started.md's "Use it in your project" steps, followed literally (commands and files
# read from the page) in a new package in a temporary folder that depends on this checkout by path:
# init, targets, make generate, the command plugin, make check, then build and run the app.
# A fresh build of the package (its own .build): a few minutes.
first-five-minutes:
	python3 Tests/FirstFiveMinutes/run.py

# schema/endpointgen-spec.schema.json agrees with the validator (Python 3 with PyYAML, jsonschema).
schema-test: tool
	python3 Tests/Schema/check_schema.py $(TOOL)

# The OpenAPI 3.1 documents export-openapi writes for specs/ and the test fixtures, YAML and JSON,
# pass openapi-spec-validator (PyPI; installed when missing).
EXPORT_WORK = .build/export-check
EXPORT_SPECS = specs Tests/Fixtures/features Tests/Fixtures/hostile
export-check: tool
	@python3 -c "import openapi_spec_validator" 2>/dev/null || python3 -m pip install --quiet openapi-spec-validator
	@rm -rf $(EXPORT_WORK) && mkdir -p $(EXPORT_WORK)
	@for specs in $(EXPORT_SPECS); do \
		name=$$(echo $$specs | tr / -); \
		$(TOOL) export-openapi --specs $$specs --output $(EXPORT_WORK)/$$name.yaml --quiet && \
		$(TOOL) export-openapi --specs $$specs --output $(EXPORT_WORK)/$$name.json --quiet || exit 1; \
	done
	python3 -m openapi_spec_validator --schema 3.1 $(EXPORT_WORK)/*

# Damaged specs (fixed seed): no crash, only compiler-style diagnostics, and what is accepted
# type-checks against EndpointRuntime (Tests/Fuzz/fuzz_specs.py). Then damaged OpenAPI
# documents through import-openapi: what it writes must generate (fuzz_openapi.py).
# CI runs FUZZ_SPECS = 400 cases with 15 type-checks and 300 OpenAPI documents (a few minutes of
# one core: 800 specs took 7.5 minutes, 2,000 about 15): `make fuzz FUZZ_SPECS="2000 60"
# FUZZ_OPENAPI="1500 10"` for the larger run.
FUZZ_SPECS = 400 15
FUZZ_OPENAPI = 300 10
fuzz: tool
	$(SWIFT) build $(TRAITS) --target EndpointRuntime
	python3 Tests/Fuzz/fuzz_specs.py $(TOOL) $(shell $(SWIFT) build --show-bin-path)/Modules $(FUZZ_SPECS)
	python3 Tests/Fuzz/fuzz_openapi.py $(TOOL) $(shell $(SWIFT) build --show-bin-path)/Modules $(FUZZ_OPENAPI)

# Issue 31's corpus (Tests/Corpus/corpus.py): GitHub's and Stripe's OpenAPI documents as published
# (Tests/Fixtures/openapi/public), the OpenAPI fixtures, export-openapi's documents of every spec
# folder, one excerpt per finding of issue 31 (Tests/Fixtures/openapi/excerpts), and specs made to
# be large or awkward (big-one-service: 1,210 endpoints in one service; big-models: unions and enums
# of 700 to 2,000 cases; names-member-names: endpoints and parameters named like generated
# members): each imported (import warnings counted and printed, no error), generated and the output
# type-checked against EndpointRuntime with warnings as errors. Two at a time; ~5 minutes on 2 cores.
# public-documents is the corpus's first two documents alone. CORPUS_ARGS="--only stripe,excerpt-".
CORPUS_WORK = .build/corpus
CORPUS = python3 Tests/Corpus/corpus.py --tool $(TOOL) --modules $(shell $(SWIFT) build --show-bin-path)/Modules
corpus: tool
	$(SWIFT) build $(TRAITS) --target EndpointRuntime
	$(CORPUS) --work $(CORPUS_WORK) $(CORPUS_ARGS)

public-documents: tool
	$(SWIFT) build $(TRAITS) --target EndpointRuntime
	$(CORPUS) --work .build/public-documents --only github,stripe

# Generated/, the features and the hostile goldens built as app targets would: Swift 6 mode with
# default isolation MainActor, and Swift 5 mode; warnings as errors (Tests/IsolationBuild, Swift
# 6.2 tools). Then the code that must not compile against them (a fake missing a method).
isolation-check:
	cd Tests/IsolationBuild && $(SWIFT) build && ./check-must-not-compile.sh

# EndpointRuntime's DocC documentation (Sources/EndpointRuntime/EndpointRuntime.docc):
# the module's symbol graphs, built in a folder of their own (.build-docs: no other build is
# touched or rebuilt, and only EndpointRuntime is compiled), then the toolchain's docc with
# warnings as errors (a link to nothing, an undocumented parameter), then Scripts/docs_check.py
# (its tests first): every public symbol has a doc comment, every top-level one is in a topic
# group. The archive is .build-docs/EndpointRuntime.doccarchive (Xcode opens it; or serve the
# folder: `python3 -m http.server -d .build-docs/EndpointRuntime.doccarchive`, then
# /documentation/endpointruntime). docc is in the Linux toolchain's bin; Xcode's via xcrun.
DOCS_SCRATCH = .build-docs
DOCS_GRAPHS = $(CURDIR)/$(DOCS_SCRATCH)/symbol-graphs
DOCC ?= $(shell command -v docc 2>/dev/null || echo xcrun docc)
docs:
	@mkdir -p $(DOCS_GRAPHS)
	$(SWIFT) build --target EndpointRuntime --scratch-path $(DOCS_SCRATCH) \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(DOCS_GRAPHS)
	$(DOCC) convert Sources/EndpointRuntime/EndpointRuntime.docc --additional-symbol-graph-dir $(DOCS_GRAPHS) \
		--fallback-display-name EndpointRuntime --fallback-bundle-identifier EndpointRuntime \
		--output-path $(DOCS_SCRATCH)/EndpointRuntime.doccarchive --warnings-as-errors
	@python3 Tests/Scripts/test_docs_check.py 2>/dev/null || python3 Tests/Scripts/test_docs_check.py
	python3 Scripts/docs_check.py $(DOCS_GRAPHS)

# What an app that depends on this package resolves: using only EndpointRuntime, with
# the traits as they are by default, nothing but swift-argument-parser; with the AsyncHTTPClient
# trait, async-http-client and SwiftNIO (the control); EndpointRuntimeAsyncHTTPClient without the
# trait fails to build, naming the trait. Throwaway apps in a temporary folder (Tests/ResolveCheck).
resolve-check:
	python3 Tests/ResolveCheck/resolve_check.py

# Not part of `make test`: generation, compile and runtime benchmarks (10 to 30 minutes); writes
# BENCHMARKS.md, Benchmarks/chart.svg and the figures they come from, Benchmarks/results.json
# (`python3 Benchmarks/bench.py --report-only` rewrites the report from them). BENCH_ARGS="--runs 3" etc.;
# BENCH_ARGS=--skip-documents leaves out GitHub's and Stripe's documents (their debug and incremental builds);
# BENCH_ARGS=--only-import-swift times `import-swift` on synthetic Moya layers alone and merges its figures
# into the saved ones (the other sections keep theirs).
bench:
	python3 Benchmarks/bench.py --write $(BENCH_ARGS)

# Not part of `make test`: EndpointGen next to swift-openapi-generator 1.14.3 on the same API
# (builds that generator from the package cache on first use; about 20 minutes, most of it
# compiling its N = 500 output), then on GitHub's and Stripe's documents (debug and release
# builds of both outputs, each under a 12 GiB / 45 min watchdog: an hour or more). Parts:
# COMPARE_ARGS="--documents ''" (synthetic only), "--sizes '' --compile-sizes ''" (documents only).
# Writes Benchmarks/COMPARE.md and Benchmarks/compare-results.json, which the next `make bench` quotes.
bench-compare:
	python3 Benchmarks/compare.py $(COMPARE_ARGS)

clean:
	rm -rf .build
