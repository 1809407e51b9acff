# endpointgen.mk, written by `endpointgen init`. Add one line to your Makefile:
#
#     include endpointgen.mk
#
# make endpoints-generate   write the output folder from the specs (only changed files)
# make endpoints-check      fail with a diff when the output folder is stale (run it in CI)
# make endpoints-lint       validate the specs; problems are reported as file:line:column
#
# The folders and generation options are in endpointgen.yml, which the CLI and the SwiftPM
# plugins read too. ENDPOINTGEN runs the CLI; the default builds it from the package's
# EndpointGen dependency. ENDPOINTGEN_FLAGS adds command-line flags, which override the file
# (e.g. ENDPOINTGEN_FLAGS=--fakes).

ENDPOINTGEN ?= swift run endpointgen
ENDPOINTGEN_FLAGS ?=

.PHONY: endpoints-generate endpoints-check endpoints-lint

endpoints-generate:
	$(ENDPOINTGEN) generate $(ENDPOINTGEN_FLAGS)

endpoints-check:
	$(ENDPOINTGEN) check $(ENDPOINTGEN_FLAGS)

endpoints-lint:
	$(ENDPOINTGEN) lint
