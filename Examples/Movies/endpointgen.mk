# endpointgen.mk, written by `endpointgen init`. Add one line to your Makefile:
#
#     include endpointgen.mk
#
# make endpoints-generate   write $(ENDPOINTGEN_OUTPUT)/ from $(ENDPOINTGEN_SPECS)/*.yaml (only changed files)
# make endpoints-check      fail with a diff when $(ENDPOINTGEN_OUTPUT)/ is stale (run it in CI)
# make endpoints-lint       validate the specs; problems are reported as file:line:column
#
# Set the variables before the include line (or on the command line) to change them.
# ENDPOINTGEN runs the CLI; the default builds it from the package's EndpointGen dependency.

ENDPOINTGEN ?= swift run endpointgen
ENDPOINTGEN_SPECS ?= specs
ENDPOINTGEN_OUTPUT ?= Generated
ENDPOINTGEN_FLAGS ?=

.PHONY: endpoints-generate endpoints-check endpoints-lint

endpoints-generate:
	$(ENDPOINTGEN) generate --specs $(ENDPOINTGEN_SPECS) --output $(ENDPOINTGEN_OUTPUT) $(ENDPOINTGEN_FLAGS)

endpoints-check:
	$(ENDPOINTGEN) check --specs $(ENDPOINTGEN_SPECS) --output $(ENDPOINTGEN_OUTPUT) $(ENDPOINTGEN_FLAGS)

endpoints-lint:
	$(ENDPOINTGEN) lint --specs $(ENDPOINTGEN_SPECS)
