#!/usr/bin/env python3
"""Writes a deterministic synthetic EndpointGen spec set with N endpoints.

Shape (issue 5): services of about 10 endpoints; GETs with path and query parameters
(optional, arrays, enums, dates), POST/PUT/PATCH with JSON model bodies, DELETE returning
empty; about 0.75 models per endpoint with 6 to 12 fields of mixed types, snake_case wire
names, nested models, arrays of models, string enums; shared models in a models-only file.

With --openapi FILE it also writes the same API as an OpenAPI 3.1 document (for
`make bench-compare`): same operations, parameters, bodies, models, envelopes and error body.

Usage: synth_spec.py N OUTDIR [--openapi FILE]
"""
import os
import random
import sys

SCALARS = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "String?", "Int?", "Date?", "UUID"]
WORDS = ["user", "order", "item", "price", "created", "updated", "title", "name", "count", "status",
         "owner", "amount", "label", "region", "score", "rating", "total", "page", "color", "size",
         "code", "note", "tag", "image", "level", "kind", "source", "target", "weight", "rank"]


def snake(rng, used):
    while True:
        name = "_".join(rng.sample(WORDS, rng.choice([1, 2, 2, 3])))
        if name not in used:
            used.add(name)
            return name


def main():
    n = int(sys.argv[1])
    out = sys.argv[2]
    openapi_path = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--openapi" else None
    # What the OpenAPI writer needs, recorded as the YAML is written (same random choices).
    api = {"models": {}, "enums": {}, "operations": []}
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith(".yaml"):
            os.remove(os.path.join(out, f))
    rng = random.Random(20261122 + n)

    shared_count = max(2, n // 40)
    shared = [f"Shared{i}" for i in range(shared_count)]
    shared_enums = [f"SharedKind{i}" for i in range(max(1, shared_count // 2))]
    lines = ["# Synthetic shared models.", "models:"]
    for name in shared_enums:
        lines.append(f"  {name}:")
        lines.append("    enum: [alpha, beta, gamma_delta, epsilon]")
        api["enums"][name] = ["alpha", "beta", "gamma_delta", "epsilon"]
    for name in shared:
        lines.append(f"  {name}:")
        lines.append("    fields:")
        used = {"kind"}
        fields = []
        for _ in range(rng.randint(6, 9)):
            field, type_ = snake(rng, used), rng.choice(SCALARS)
            lines.append(f"      {field}: {type_}")
            fields.append((field, type_))
        kind = rng.choice(shared_enums)
        lines.append(f"      kind: {kind}")
        fields.append(("kind", kind))
        api["models"][name] = fields
    with open(os.path.join(out, "shared.yaml"), "w") as fh:
        fh.write("\n".join(lines) + "\n")

    services = (n + 9) // 10
    remaining = n
    for s in range(services):
        count = min(10, remaining)
        remaining -= count
        svc = f"Svc{s:04d}"
        models = []          # (name, lines)
        model_names = []
        enum_name = f"{svc}State"
        n_models = max(1, round(count * 0.75))
        for m in range(n_models):
            name = f"{svc}Model{m}"
            model_names.append(name)
        body = [f"service: {svc}", f"summary: Synthetic service {s}.",
                f"baseURL: https://api{s % 7}.example.com/v1",
                "headers:", "  Accept: application/json",
                "auth: bearer", "envelope:", "  payload: data", "  success: success",
                "  code: code", "  message: message",
                "errorBody:", "  message: message", "  code: code", "endpoints:"]
        methods = ["GET", "GET", "GET", "GET", "POST", "PUT", "PATCH", "DELETE", "GET", "POST"]
        for e in range(count):
            method = methods[e % len(methods)]
            model = model_names[e % len(model_names)]
            resource = f"res{e}"
            ep = f"{method.lower()}{svc}R{e}"
            body.append(f"  {ep}:")
            body.append(f"    method: {method}")
            api["operations"].append(dict(id=ep, method=method, resource=resource, model=model,
                                          array=method == "GET" and e % 3 == 0, enum=enum_name))
            if method == "GET":
                body.append(f"    path: /{resource}/{{id}}/items/{{itemId}}")
                body.append(f"    summary: Fetch {resource}.")
                body.append("    params:")
                body.append("      id: Int")
                body.append("    query:")
                body.append("      page_size: Int = 20")
                body.append("      cursor: String?")
                body.append("      tags: [String]")
                body.append(f"      state: {enum_name}?")
                body.append("      since: Date?")
                body.append(f"    response: {'[' + model + ']' if e % 3 == 0 else model}")
            elif method == "DELETE":
                body.append(f"    path: /{resource}/{{id}}")
                body.append("    params:")
                body.append("      id: Int64")
                body.append("    response: empty")
            else:
                body.append(f"    path: /{resource}")
                body.append(f"    body: {model}")
                body.append(f"    response: {model}")
        body.append("models:")
        body.append(f"  {enum_name}:")
        body.append("    enum: [open, closed, archived, in_review]")
        api["enums"][enum_name] = ["open", "closed", "archived", "in_review"]
        for i, name in enumerate(model_names):
            body.append(f"  {name}:")
            body.append("    fields:")
            used = set()
            fields = []
            for _ in range(rng.randint(6, 12)):
                r = rng.random()
                field = snake(rng, used)
                if r < 0.08 and i > 0:
                    type_ = f"[{model_names[rng.randrange(i)]}]"
                elif r < 0.14:
                    type_ = f"{rng.choice(shared)}?"
                elif r < 0.20:
                    type_ = enum_name
                else:
                    type_ = rng.choice(SCALARS)
                body.append(f"      {field}: {type_}")
                fields.append((field, type_))
            api["models"][name] = fields
        with open(os.path.join(out, f"svc{s:04d}.yaml"), "w") as fh:
            fh.write("\n".join(body) + "\n")
    if openapi_path:
        write_openapi(api, openapi_path)


SCALAR_SCHEMAS = {
    "String": {"type": "string"}, "Int": {"type": "integer"}, "Int64": {"type": "integer", "format": "int64"},
    "Double": {"type": "number", "format": "double"}, "Bool": {"type": "boolean"},
    "Date": {"type": "string", "format": "date-time"}, "URL": {"type": "string", "format": "uri"},
    "UUID": {"type": "string", "format": "uuid"},
}


def schema(type_):
    """OpenAPI schema of a spec type (without its optional mark)."""
    type_ = type_.rstrip("?")
    if type_.startswith("["):
        return {"type": "array", "items": schema(type_[1:-1])}
    if type_ in SCALAR_SCHEMAS:
        return dict(SCALAR_SCHEMAS[type_])
    return {"$ref": f"#/components/schemas/{type_}"}


def envelope(payload):
    """The service envelope of the spec ({success, code, message, data}) around a payload schema."""
    return {"type": "object", "properties": {
        "success": {"type": "boolean"}, "code": {"type": "string"}, "message": {"type": "string"}, "data": payload},
        "required": ["success"]}


def write_openapi(api, path):
    import json
    schemas = {}
    for name, cases in api["enums"].items():
        schemas[name] = {"type": "string", "enum": cases}
    for name, fields in api["models"].items():
        schemas[name] = {"type": "object", "properties": {f: schema(t) for f, t in fields},
                         "required": [f for f, t in fields if not t.endswith("?")]}
    schemas["ErrorBody"] = {"type": "object", "properties": {"message": {"type": "string"}, "code": {"type": "string"}}}
    error = {"description": "Error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}}
    paths = {}
    for op in api["operations"]:
        model_schema = {"$ref": f"#/components/schemas/{op['model']}"}
        operation = {"operationId": op["id"], "responses": {}}
        if op["method"] == "GET":
            url = f"/{op['resource']}/{{id}}/items/{{itemId}}"
            operation["summary"] = f"Fetch {op['resource']}."
            operation["parameters"] = [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                {"name": "itemId", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "page_size", "in": "query", "schema": {"type": "integer", "default": 20}},
                {"name": "cursor", "in": "query", "schema": {"type": "string"}},
                {"name": "tags", "in": "query", "required": True, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "state", "in": "query", "schema": {"$ref": f"#/components/schemas/{op['enum']}"}},
                {"name": "since", "in": "query", "schema": {"type": "string", "format": "date-time"}},
            ]
            payload = {"type": "array", "items": model_schema} if op["array"] else model_schema
            operation["responses"]["200"] = {"description": "OK", "content": {"application/json": {"schema": envelope(payload)}}}
        elif op["method"] == "DELETE":
            url = f"/{op['resource']}/{{id}}"
            operation["parameters"] = [{"name": "id", "in": "path", "required": True,
                                        "schema": {"type": "integer", "format": "int64"}}]
            operation["responses"]["204"] = {"description": "No content"}
        else:
            url = f"/{op['resource']}"
            operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": model_schema}}}
            operation["responses"]["200"] = {"description": "OK", "content": {"application/json": {"schema": envelope(model_schema)}}}
        operation["responses"]["default"] = error
        # Each service's resources are its own: prefix paths with the service (from the operation id).
        service = op["id"][len(op["method"]):].split("R")[0]
        paths.setdefault(f"/{service.lower()}{url}", {})[op["method"].lower()] = operation
    document = {"openapi": "3.1.0", "info": {"title": "Synthetic", "version": "1.0.0"},
                "servers": [{"url": "https://api0.example.com/v1"}],
                "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
                "security": [{"bearer": []}], "paths": paths}
    with open(path, "w") as fh:
        json.dump(document, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
