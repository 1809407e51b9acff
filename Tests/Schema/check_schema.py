#!/usr/bin/env python3
"""Keeps schema/endpointgen-spec.schema.json in step with the validator (`make schema-test`),
and schema/endpointgen-config.schema.json with the configuration's reader.

1. Every spec of the repo (specs/, Tests/Fixtures/, the specs import-openapi made in
   Tests/Goldens/import-*/, Examples/) validates against the schema.
2. Each mutation of a valid spec below is rejected by BOTH the schema and `endpointgen lint`
   (exit 1), and each valid variant is accepted by both, so an editor using the schema never
   accepts what the generator rejects for these keys, nor flags what it accepts.
3. The configuration: every endpointgen.yml of the repo and the one `endpointgen init` writes
   validate; each invalid configuration below is rejected by the schema and by `endpointgen lint`.

Usage: check_schema.py ENDPOINTGEN_BINARY
"""
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = json.load(open(os.path.join(ROOT, "schema", "endpointgen-spec.schema.json")))
jsonschema.Draft7Validator.check_schema(SCHEMA)
VALIDATOR = jsonschema.Draft7Validator(SCHEMA)
CONFIG_SCHEMA = json.load(open(os.path.join(ROOT, "schema", "endpointgen-config.schema.json")))
jsonschema.Draft7Validator.check_schema(CONFIG_SCHEMA)
CONFIG_VALIDATOR = jsonschema.Draft7Validator(CONFIG_SCHEMA)

# Configurations both the schema and the CLI reject (an unknown key, a bad value, a wrong kind).
INVALID_CONFIGS = [
    ("unknown key", {"fake": True}),
    ("access level", {"accessLevel": "private"}),
    ("not a boolean", {"fakes": "sometimes"}),
    ("folder not a string", {"output": ["a", "b"]}),
    ("empty folder", {"specs": ""}),
]

BASE = {
    "service": "Shop",
    "baseURL": "https://api.example.com/v1",
    "auth": "bearer",
    "envelope": {"payload": "data", "success": "ok"},
    "errorBody": {"message": "message", "code": "code"},
    "endpoints": {
        "getItem": {
            "method": "GET",
            "path": "/items/{id}",
            "params": {"id": "Int"},
            "query": {"page_size": "Int = 20", "tags": ["String"], "q": {"type": "String?", "name": "search"}},
            "headerParams": {"X-Trace": "String?"},
            "response": "Item",
            "timeout": 5,
        },
        "createItem": {
            "method": "POST",
            "path": "/items",
            "body": "Item",
            "response": "empty",
        },
    },
    "models": {
        "Item": {"fields": {"id": "Int", "name": "String", "kind": "Kind = basic"}},
        "Kind": {"enum": ["basic", "premium"]},
    },
}


def mutate(path, value):
    """A copy of BASE with the key at `path` set to `value` (or removed when value is DELETE)."""
    spec = copy.deepcopy(BASE)
    node = spec
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return spec


DELETE = object()


def with_responses(responses):
    """BASE with getItem's `response` replaced by `responses`."""
    spec = mutate(["endpoints", "getItem", "response"], DELETE)
    spec["endpoints"]["getItem"]["responses"] = responses
    return spec


def download(response="File"):
    """BASE with getItem downloading its body to a file (which needs `envelope: false`)."""
    spec = mutate(["endpoints", "getItem", "response"], response)
    spec["endpoints"]["getItem"]["envelope"] = False
    return spec


def paged(paginate, response="ItemPage"):
    """BASE with a paginated `listItems` (its `paginate` set to `paginate`) and its page model."""
    spec = copy.deepcopy(BASE)
    spec["endpoints"]["listItems"] = {
        "method": "GET", "path": "/items", "response": response, "paginate": paginate,
        "query": {"page": "Int = 1", "offset": "Int?", "per_page": "Int?", "cursor": "String?"},
    }
    spec["models"]["ItemPage"] = {"fields": {"data": "[Item]", "meta": "PageMeta"}}
    spec["models"]["PageMeta"] = {"fields": {"total_pages": "Int?", "total": "Int?", "more": "Bool?", "next_cursor": "String?"}}
    return spec

INVALID = [
    ("response and responses together", mutate(["endpoints", "getItem", "responses"], {200: "Item"})),
    ("an informational status", with_responses({101: "empty", 200: "Item"})),
    ("a lowercase status class", with_responses({"2xx": "Item"})),
    ("a status with both type and fields", with_responses({200: {"type": "Item", "fields": {"id": "Int"}}})),
    ("models-only file without models", {"models": {}}),
    ("unknown top-level key", mutate(["servce"], "Shop")),
    ("extension key below the top level", mutate(["endpoints", "getItem", "x-note"], "internal")),
    ("unknown endpoint key", mutate(["endpoints", "getItem", "metod"], "GET")),
    ("unknown field long-form key", mutate(["endpoints", "getItem", "query", "q", "typo"], 1)),
    ("unknown model key", mutate(["models", "Item", "feilds"], {})),
    ("unknown envelope key", mutate(["envelope", "wrapper"], "x")),
    ("unknown errorBody key", mutate(["errorBody", "status"], "x")),
    ("missing method", mutate(["endpoints", "getItem", "method"], DELETE)),
    ("missing path", mutate(["endpoints", "createItem", "path"], DELETE)),
    ("missing envelope payload", mutate(["envelope", "payload"], DELETE)),
    ("bad method", mutate(["endpoints", "getItem", "method"], "FE TCH")),
    ("path without slash", mutate(["endpoints", "createItem", "path"], "items")),
    ("path with a quote", mutate(["endpoints", "createItem", "path"], '/items/"x"')),
    ("path with a backslash", mutate(["endpoints", "createItem", "path"], "/items\\x")),
    ("path with a bare percent", mutate(["endpoints", "createItem", "path"], "/items/100%")),
    ("service name too long", mutate(["service"], "S" + "x" * 183)),
    ("bad auth", mutate(["auth"], "oauth")),
    ("basic auth with an argument", mutate(["auth"], "basic(user)")),
    ("apiKey query name with a space", mutate(["auth"], "apiKeyQuery(api key)")),
    ("service not UpperCamelCase", mutate(["service"], "shop")),
    ("endpoint name not lowerCamelCase", mutate(["endpoints", "Get_item"], {"method": "GET", "path": "/x"})),
    ("model name not UpperCamelCase", mutate(["models", "item_two"], {"fields": {"a": "Int"}})),
    ("relative baseURL", mutate(["baseURL"], "api.example.com")),
    ("baseURL and environments", mutate(["environments"], {"dev": "https://dev.example.com"})),
    ("negative timeout", mutate(["endpoints", "getItem", "timeout"], -1)),
    ("timeout not a number", mutate(["endpoints", "getItem", "timeout"], "soon")),
    ("redirects neither follow nor none", mutate(["endpoints", "getItem", "redirects"], "never")),
    ("cookieSession with an unknown key", mutate(["cookieSession"], {"renew": "createItem"})),
    ("service parameters with an unknown key", mutate(["parameters"], {"cookies": {"a": "String"}})),
    ("an unknown query style", mutate(["endpoints", "getItem", "query", "q"], {"type": "[String]", "style": "csv"})),
    ("a map style as the service array style", mutate(["arrayStyle"], "deepObject")),
    ("an unknown date encoding", mutate(["dateEncoding"], "epoch")),
    ("an unknown form field style", mutate(["models", "Item", "fields", "tags"], {"type": "[String]?", "style": "csv"})),
    ("a time zone with a space", mutate(["timeZone"], "Asia Seoul")),
    ("a misspelt time zone", mutate(["timeZone"], "Asia/Seol")),
    ("a time zone in lower case", mutate(["timeZone"], "asia/seoul")),
    ("a fixed offset for a time zone", mutate(["timeZone"], "+09:00")),
    ("an unknown field date encoding", mutate(["endpoints", "getItem", "query", "q"], {"type": "Date?", "dateEncoding": "unix"})),
    ("credential on a query parameter", mutate(["endpoints", "getItem", "query", "q"], {"type": "String?", "credential": True})),
    ("credential not a bool", mutate(["endpoints", "getItem", "headerParams", "X-Trace"], {"type": "String?", "credential": "yes"})),
    ("an optional download", download("File?")),
    ("a file body without a media type", mutate(["endpoints", "createItem", "body"], {"file": "pdf"})),
    ("envelope flag not a bool", mutate(["endpoints", "getItem", "envelope"], "no")),
    ("two body kinds", mutate(["endpoints", "createItem", "body"], {"json": {"a": "Int"}, "raw": "text/plain"})),
    ("unknown body kind", mutate(["endpoints", "createItem", "body"], {"xml": {"a": "Int"}})),
    ("model with fields and enum", mutate(["models", "Kind", "fields"], {"a": "Int"})),
    ("model with fields and oneOf", mutate(["models", "Item", "oneOf"], {"discriminator": "type", "cases": {"a": "Kind"}})),
    ("oneOf without discriminator", mutate(["models", "Feed"], {"oneOf": {"cases": {"item": "Item"}}})),
    ("oneOf with no cases", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": {}}})),
    ("oneOf case without its model", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": {"item": {"name": "item"}}}})),
    ("oneOf case named unknown", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": {"item": {"model": "Item", "name": "unknown"}}}})),
    ("oneOf case name not an identifier", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": {"item": {"model": "Item", "name": "1st"}}}})),
    ("oneOf case with an unknown key", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": {"item": {"model": "Item", "type": "x"}}}})),
    ("oneOf discriminator type not String/Int", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "type": "Bool", "cases": {"item": "Item"}}})),
    ("oneOf integer case that is not an integer", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "type": "Int", "cases": {"item": "Item"}}})),
    ("oneOf listing its cases with a discriminator", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": ["String", "Item"]}})),
    ("oneOf listing no cases", mutate(["models", "Feed"], {"oneOf": {"cases": []}})),
    ("oneOf listed case with an unknown key", mutate(["models", "Feed"], {"oneOf": {"cases": ["String", {"type": "Item", "label": "x"}]}})),
    ("oneOf listed case name not an identifier", mutate(["models", "Feed"], {"oneOf": {"cases": ["String", {"type": "Item", "name": "1st"}]}})),
    ("enum raw type not String/Int", mutate(["models", "Kind", "enum"], {"type": "Double", "values": [1.5]})),
    ("field long form without type", mutate(["endpoints", "getItem", "query", "q"], {"name": "search"})),
    ("service without endpoints", mutate(["endpoints"], DELETE)),
    ("paginate with two schemes", mutate(["endpoints", "getItem", "paginate"], {"page": "p", "cursor": "meta.next", "param": "c"})),
    ("paginate cursor without its param", mutate(["endpoints", "getItem", "paginate"], {"cursor": "meta.next"})),
    ("paginate size with offsets", mutate(["endpoints", "getItem", "paginate"], {"offset": "o", "size": "s"})),
    ("paginate link false", mutate(["endpoints", "getItem", "paginate"], {"link": False})),
    ("paginate path with an empty step", mutate(["endpoints", "getItem", "paginate"], {"page": "p", "items": "data..x"})),
    ("service paginate true", mutate(["paginate"], True)),
]

VALID = [
    ("the base spec", copy.deepcopy(BASE)),
    ("environments instead of baseURL", {**{k: v for k, v in BASE.items() if k != "baseURL"},
                                         "environments": {"dev": "https://dev.example.com", "prod": "https://example.com"}}),
    ("form body from a model", mutate(["endpoints", "createItem", "body"], {"form": "Item"})),
    ("multipart body", mutate(["endpoints", "createItem", "body"], {"multipart": {"avatar": "File", "note": "String?"}})),
    ("raw body", mutate(["endpoints", "createItem", "body"], {"raw": "image/png"})),
    ("redirects: none", mutate(["endpoints", "getItem", "redirects"], "none")),
    ("paginate by page", paged({"page": "page", "size": "per_page", "items": "data", "totalPages": "meta.total_pages", "hasMore": "meta.more"})),
    ("paginate by offset", paged({"offset": "offset", "limit": "per_page", "items": "data", "total": "meta.total"})),
    ("paginate by Link", paged({"link": True}, response="[Item]")),
    ("the service's paginate", {**paged(True), "paginate": {"cursor": "meta.next_cursor", "param": "cursor", "items": "data"}}),
    ("a cookie session", {**mutate(["auth"], "cookie"), "cookieSession": {"csrf": {"header": "X-CSRF"}}}),
    ("a comma list and a deepObject map", mutate(["endpoints", "getItem", "query"], {"ids": {"type": "[Int]", "style": "comma"},
                                                                                  "f": {"type": "[String: String]", "style": "deepObject"}})),
    ("a service array style", mutate(["arrayStyle"], "brackets")),
    ("a method of its own", mutate(["endpoints", "getItem", "method"], "PURGE")),
    ("a form field in brackets", mutate(["endpoints", "createItem", "body"], {"form": {"tags": {"type": "[String]?", "style": "brackets"}, "meta": "[String: String]?"}})),
    ("a path parameter of several segments", mutate(["endpoints", "readFile"], {"method": "GET", "path": "/files/{path...}", "response": "Data"})),
    ("local dates in Seoul", {**mutate(["dateEncoding"], "local"), "timeZone": "Asia/Seoul"}),
    ("a fixed offset as an IANA zone", {**mutate(["dateEncoding"], "local"), "timeZone": "Etc/GMT-9"}),
    ("an old zone name", {**mutate(["dateEncoding"], "date"), "timeZone": "US/Pacific"}),
    ("a parameter's date encoding", mutate(["endpoints", "getItem", "query", "q"], {"type": "Date?", "dateEncoding": "epochMilliseconds"})),
    ("service parameters", mutate(["parameters"], {"headers": {"X-Tenant": "String"}, "query": {"api-version": "String = v1"}})),
    ("a download to a file", download()),
    ("a file upload", mutate(["endpoints", "createItem", "body"], {"file": "application/pdf"})),
    ("a stream of server-sent events", mutate(["endpoints", "getItem", "response"], "EventStream<Item>")),
    ("a credential header parameter", mutate(["endpoints", "getItem", "headerParams", "X-Trace"], {"type": "String?", "credential": True})),
    ("inline response", mutate(["endpoints", "getItem", "response"], {"fields": {"total": "Int"}})),
    ("responses per status", with_responses({200: "Item", 304: "empty", "4XX": {"type": "Item", "summary": "Rejected."},
                                             202: {"fields": {"job": "String"}, "sample": {"job": "j1"}}, "default": "Data"})),
    ("apiKey auth", mutate(["endpoints", "getItem", "auth"], "apiKey(X-API-Key)")),
    ("apiKey auth in the query", mutate(["endpoints", "getItem", "auth"], "apiKeyQuery(api_key)")),
    ("basic auth", mutate(["endpoints", "getItem", "auth"], "basic")),
    ("oneOf model", mutate(["models", "Feed"], {"summary": "An item or nothing yet.", "oneOf": {"discriminator": "type", "cases": {"item": "Item"}}})),
    ("oneOf case in the long form", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "cases": {"1": {"model": "Item", "name": "first"}, "item": {"model": "Item"}}}})),
    ("oneOf with integer values", mutate(["models", "Feed"], {"oneOf": {"discriminator": "type", "type": "Int", "cases": {1: "Item", -2: {"model": "Item", "name": "legacy"}}}})),
    ("oneOf without a discriminator", mutate(["models", "Feed"], {"oneOf": {"cases": ["String", "[Item]", {"type": "[String: Int]", "name": "counts"}]}})),
    ("deprecated with a message", mutate(["endpoints", "getItem", "deprecated"], "Use getItems.")),
    ("enum long form", mutate(["models", "Kind", "enum"], {"type": "String", "values": {"basic": "basic", "premium": "premium_plus"}})),
    ("integer enum", mutate(["models", "Level"], {"enum": {"type": "Int", "values": {"low": 1, "high": 2}}})),
    ("models-only file", {"models": {"Shared": {"fields": {"id": "Int"}}}}),
    ("top-level extension key", {**copy.deepcopy(BASE), "x-paging": {"page": "Int = 1"}}),
    ("path with escapes and sub-delimiters", mutate(["endpoints", "createItem", "path"], "/items/a%20b/~x/-._!$&'()*+,;=:@")),
    ("service name of 183 characters", mutate(["service"], "S" + "x" * 182)),
]


def lint(spec, binary):
    with tempfile.TemporaryDirectory() as folder:
        os.mkdir(os.path.join(folder, "specs"))
        with open(os.path.join(folder, "specs", "shop.yaml"), "w") as fh:
            yaml.safe_dump(spec, fh, sort_keys=False)
        run = subprocess.run([binary, "lint", "--specs", "specs", "--quiet"], cwd=folder, capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr


def lint_config(document, binary, path=None):
    """`endpointgen lint` of a valid spec with `document` (a dict) as endpointgen.yml, or with the
    existing configuration file `path`."""
    with tempfile.TemporaryDirectory() as folder:
        os.mkdir(os.path.join(folder, "specs"))
        with open(os.path.join(folder, "specs", "shop.yaml"), "w") as fh:
            yaml.safe_dump(BASE, fh, sort_keys=False)
        path = path or os.path.join(folder, "endpointgen.yml")
        if document is not None:
            with open(path, "w") as fh:
                yaml.safe_dump(document, fh, sort_keys=False)
        # Only the file's generation options matter here: the spec folder is given.
        run = subprocess.run([binary, "lint", "--config", path, "--specs", "specs", "--quiet"], cwd=folder,
                             capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr


def main():
    binary = os.path.abspath(sys.argv[1])
    failures = 0
    # Tests/Fixtures/openapi/ holds OpenAPI documents; the specs imported from them are goldens.
    fixtures = [path for path in glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "**", "*.yaml"), recursive=True)
                if os.sep + "openapi" + os.sep not in path]
    files = sorted(glob.glob(os.path.join(ROOT, "specs", "*.yaml")) + fixtures
                   + glob.glob(os.path.join(ROOT, "Tests", "Goldens", "import-*", "*.yaml"))
                   + glob.glob(os.path.join(ROOT, "Examples", "**", "specs", "*.yaml"), recursive=True))
    for path in files:
        errors = list(VALIDATOR.iter_errors(yaml.safe_load(open(path))))
        if errors:
            failures += 1
            print(f"FAIL {os.path.relpath(path, ROOT)}: schema rejects a valid spec: {errors[0].message} "
                  f"at /{'/'.join(map(str, errors[0].absolute_path))}")
    for name, spec in INVALID:
        schema_ok = VALIDATOR.is_valid(spec)
        code, output = lint(spec, binary)
        if schema_ok or code != 1:
            failures += 1
            print(f"FAIL invalid '{name}': schema {'accepts' if schema_ok else 'rejects'}, lint exit {code}\n{output}")
    for name, spec in VALID:
        errors = list(VALIDATOR.iter_errors(spec))
        code, output = lint(spec, binary)
        if errors or code != 0:
            failures += 1
            print(f"FAIL valid '{name}': schema {errors[0].message if errors else 'accepts'}, lint exit {code}\n{output}")
    configs = sorted(glob.glob(os.path.join(ROOT, "endpointgen.yml"))
                     + glob.glob(os.path.join(ROOT, "Examples", "**", "endpointgen.yml"), recursive=True))
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([binary, "init", "--quiet"], cwd=folder, check=True)
        configs.append(os.path.join(folder, "endpointgen.yml"))
        for path in configs:
            errors = list(CONFIG_VALIDATOR.iter_errors(yaml.safe_load(open(path)) or {}))
            code, output = lint_config(None, binary, path=path)
            if errors or code != 0:
                failures += 1
                print(f"FAIL {os.path.basename(os.path.dirname(path))}/endpointgen.yml: schema "
                      f"{errors[0].message if errors else 'accepts'}, lint exit {code}\n{output}")
        configs = configs[:-1] + ["(init's)"]
    for name, config in INVALID_CONFIGS:
        schema_ok = CONFIG_VALIDATOR.is_valid(config)
        code, output = lint_config(config, binary)
        if schema_ok or code != 1:
            failures += 1
            print(f"FAIL invalid configuration '{name}': schema {'accepts' if schema_ok else 'rejects'}, lint exit {code}\n{output}")
    total = len(files) + len(INVALID) + len(VALID) + len(configs) + len(INVALID_CONFIGS)
    print(f"schema test: {len(files)} repo specs, {len(INVALID)} invalid and {len(VALID)} valid variants, "
          f"{len(configs)} configurations and {len(INVALID_CONFIGS)} invalid ones; {total - failures}/{total} agree")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
