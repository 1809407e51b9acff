#!/usr/bin/env python3
"""A server made of an OpenAPI document, as the referee of export-openapi's fidelity: every request
is checked by openapi-core (PyPI, OpenAPI 3.1) against the document, and answered with a body that
hypothesis-jsonschema (PyPI) generated from the operation's response schema and openapi-core
accepted as a response of that operation. The test that calls the generated client then knows
whether the export said what the client sends, and whether the client reads what the export allows.

Usage: export_referee.py DOCUMENT. Prints "Listening at: http://127.0.0.1:PORT" once listening and
exits when its standard input closes (the test process that started it ended).

- The n-th call of an operation is answered with its n-th declared response (in the document's
  order, cycling), and a different generated body each time (deterministic: hypothesis runs
  derandomized). `2XX` is answered as 200, `4XX` as 400, `5XX` and `default` as 500.
- `GET /__referee/ready` answers once every body is generated (`{"ready": true}`).
- `GET /__referee/verdicts` returns what happened since the last such call and forgets it: for
  each request, the operation, openapi-core's request errors, the status answered, and whether
  the answer conforms (openapi-core's response errors when none of the generated bodies did).
- Servers are left out of the document: the referee judges paths, parameters, bodies and answers,
  not which host the client was pointed at.
- What OpenAPI 3.1 has no field for, the referee reads as the export writes it:
  - `x-endpointgen-additional-operations` as OpenAPI 3.2's `additionalOperations` (PURGE,
    PROPFIND): each is judged by openapi-core as a POST of a path of its own;
  - a path parameter of several segments (`x-endpointgen-segments`) matches across its slashes,
    which openapi-core is then given encoded (`%2F`);
  - a stream (`text/event-stream`, `application/jsonl`) is several values, each of the media
    type's schema (OpenAPI 3.2's `itemSchema`): the referee writes three generated values as
    events or lines and checks each against the schema itself (openapi-core reads a body as one
    value).
- Paths are matched as sent (percent-encoded), the form the document's literal paths are written in.
- Recursive schemas are unrolled three levels deep (hypothesis-jsonschema cannot expand recursive
  references); below that, an optional property is left out and a list is empty, which the
  original schema allows.
"""
import copy
import json
import re
import sys
import threading

import yaml
from hypothesis import HealthCheck, Phase, given, settings, strategies
from hypothesis_jsonschema import from_schema
from openapi_core import Config, OpenAPI
from openapi_core.deserializing.media_types.util import binary_loads
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.finders import APICallPathFinder
from openapi_schema_validator import OAS31Validator
from loopback import serve_until_stdin_closes
from werkzeug.wrappers import Request, Response

BODIES_PER_RESPONSE = 8
UNROLLED_DEPTH = 2
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def operations(document):
    """Every operation of the document's paths (3.1's eight methods), in order."""
    for item in document.get("paths", {}).values():
        for method in METHODS:
            if isinstance(item.get(method), dict):
                yield item[method]


def without_servers(document):
    document = copy.deepcopy(document)
    document.pop("servers", None)
    for item in document.get("paths", {}).values():
        item.pop("servers", None)
    for operation in operations(document):
        operation.pop("servers", None)
    return document


def without_null_types(document):
    """Parameters and form bodies with `type: [T, "null"]` as `T`: a query string or a form cannot
    say null, and openapi-core 0.23 cannot cast a value by a list of types in them ("Expected a
    string value, got list", an exception rather than a verdict)."""
    def plain(schema):
        schema = copy.deepcopy(resolved(document, schema))
        if not isinstance(schema, dict):
            return schema
        kinds = schema.get("type")
        if isinstance(kinds, list) and "null" in kinds:
            rest = [kind for kind in kinds if kind != "null"]
            schema["type"] = rest[0] if len(rest) == 1 else rest
        if "properties" in schema:
            schema["properties"] = {name: plain(value) for name, value in schema["properties"].items()}
        if isinstance(schema.get("items"), dict):
            schema["items"] = plain(schema["items"])
        return schema

    for operation in operations(document):
        for parameter in operation.get("parameters", []):
            if "schema" in parameter:
                parameter["schema"] = plain(parameter["schema"])
        body = resolved(document, operation.get("requestBody")) or {}
        for media, media_object in (body.get("content") or {}).items():
            if media in ("application/x-www-form-urlencoded", "multipart/form-data") and "schema" in media_object:
                media_object["schema"] = plain(media_object["schema"])
    return document


FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def without_unreadable_deep_objects(document):
    """Form fields in `style: deepObject` that are not objects left out of the referee's reading:
    lists (Stripe's convention, `items[0][id]=1`, `expand[]=a`) and fields of any value (`JSON`,
    `{}`). OpenAPI defines deepObject for objects only, and openapi-core 0.23 raises on the whole
    body ("not available"), so nothing of it would be checked. Without the entry, openapi-core
    checks the other fields and reads such a field as absent (the export's form bodies never
    require a list: a form sends an empty one as nothing)."""
    for operation in operations(document):
        body = resolved(document, operation.get("requestBody")) or {}
        form = (body.get("content") or {}).get("application/x-www-form-urlencoded") or {}
        schema = resolved(document, form.get("schema")) or {}
        for name, entry in list((form.get("encoding") or {}).items()):
            kinds = (resolved(document, (schema.get("properties") or {}).get(name)) or {}).get("type")
            kinds = kinds if isinstance(kinds, list) else [kinds]
            if entry.get("style") == "deepObject" and "object" not in kinds:
                del form["encoding"][name]
    return document


def media_types(document):
    """Every media type of the document's request bodies and responses."""
    found = set()
    for operation in operations(document):
        bodies = [resolved(document, operation.get("requestBody")) or {}]
        bodies += [resolved(document, response) for response in operation.get("responses", {}).values()]
        for body in bodies:
            found.update((body.get("content") or {}).keys())
    return sorted(found)


def unknown_formats(document):
    """The formats of the document that openapi-schema-validator has no check for
    (`unix-time-ms`): openapi-core 0.23 raises on them ("Formatter not found", its issue 515)
    where JSON Schema reads an unknown format as an annotation; each is given a reader that keeps
    the value, so that the type and the other keywords are still checked."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("format"), str):
                found.add(node["format"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    return sorted(found - set(OAS31Validator.FORMAT_CHECKER.checkers))


def resolved(document, node):
    """`node`, or what its `$ref` points to inside the document."""
    while isinstance(node, dict) and "$ref" in node:
        target = document
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def unrolled(document, schema, depth=0, seen=()):
    """`schema` with every component reference inlined; a reference to a schema already being
    expanded goes UNROLLED_DEPTH levels deeper, then becomes None (the caller leaves it out)."""
    if isinstance(schema, list):
        return [unrolled(document, item, depth, seen) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        reference = schema["$ref"]
        repeats = seen.count(reference)
        if repeats >= UNROLLED_DEPTH:
            return None
        return unrolled(document, resolved(document, schema), depth + 1, seen + (reference,))
    result = {}
    for key, value in schema.items():
        if key in ("properties", "patternProperties", "$defs"):
            properties = {}
            for name, property_schema in value.items():
                inner = unrolled(document, property_schema, depth, seen)
                if inner is None:
                    # Too deep: an optional property is left out, a required one cannot be.
                    properties[name] = False
                else:
                    properties[name] = inner
            result[key] = properties
        elif key in ("items", "additionalProperties", "not", "contains", "propertyNames"):
            inner = unrolled(document, value, depth, seen)
            if inner is None:
                inner = False
                if key == "items":
                    result["maxItems"] = 0
            result[key] = inner
        elif key in ("oneOf", "anyOf", "allOf", "prefixItems"):
            parts = [unrolled(document, item, depth, seen) for item in value]
            result[key] = [part if part is not None else False for part in parts]
        elif key in ("discriminator", "xml", "externalDocs", "example", "examples") or key.startswith("x-"):
            continue  # OpenAPI's own words: not JSON Schema, and nothing to generate from
        else:
            result[key] = value
    return bounded(result)


INT64 = (-(1 << 63), (1 << 63) - 1)
BASE64 = r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"


def bounded(schema):
    """What the generator needs beyond the export, each a written expected difference
    (ExportFidelityTests): an object has only the properties it names (JSON Schema allows others,
    which the client must ignore: `with_extra` adds one to each answer), a list at most three
    items, an integer without a
    format fits in 64 bits (the export's `Int`: JSON Schema's integer has no size, Swift's has),
    and a `decimal` or `float` number is within ±1e15 in halves (Foundation's Decimal reads
    exponents -128...127, Float about ±3.4e38; 1e-235 or 1e308 are numbers JSON Schema allows)."""
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "object" in kinds and "additionalProperties" not in schema and "properties" in schema:
        # Generated with only the properties the schema names: hypothesis-jsonschema takes
        # seconds a body for open objects. The answer gets one property more (`extra`, below).
        schema["additionalProperties"] = False
    if "array" in kinds:
        schema.setdefault("maxItems", 3)  # a few items of each list: enough to read, quick to make
    if "string" in kinds and (schema.get("format") == "byte" or schema.get("contentEncoding") == "base64"):
        # hypothesis-jsonschema does not know base64; openapi-schema-validator's check of it
        # raises on text that is not ASCII instead of refusing it.
        schema.setdefault("pattern", BASE64)
    if "number" in kinds and schema.get("format") in ("decimal", "float"):
        schema.setdefault("minimum", -1e15)
        schema.setdefault("maximum", 1e15)
        schema.setdefault("multipleOf", 0.5)
    if "integer" in kinds and "format" not in schema:
        schema.setdefault("minimum", INT64[0])
        schema.setdefault("maximum", INT64[1])
    return schema


def generated_bodies(schemas, count):
    """`count` instances of each schema, the same ones on every run: one hypothesis run draws a
    tuple of all of them (a run per schema costs twice the time). The first draw is the simplest
    body of each (empty lists, absent optionals); duplicates are dropped."""
    found = [[] for _ in schemas]

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(strategies.tuples(*[from_schema(schema) for schema in schemas]))
    def collect(values):
        for bodies, value in zip(found, values):
            if value not in bodies:
                bodies.append(value)

    collect()
    return found


def rotated(bodies, call):
    """The bodies starting at the call's own, so that each call answers with a different one."""
    start = call % max(len(bodies), 1)
    return bodies[start:] + bodies[:start]


def with_extra(body):
    """A generated body with a property no schema names, where it is an object (or a list of
    them): what a server adds before the spec says it, and the client must read past."""
    if isinstance(body, dict):
        return {**body, "referee_extra": {"added": [1, "two", None]}}
    if isinstance(body, list):
        return [with_extra(item) if isinstance(item, dict) else item for item in body]
    return body


def status_code(key):
    key = str(key)
    if key == "default":
        return 500
    if key.upper().endswith("XX"):
        return int(key[0]) * 100
    return int(key)


def header_value(schema):
    schema = schema or {}
    kind = schema.get("type")
    kind = next((k for k in kind if k != "null"), "string") if isinstance(kind, list) else kind
    if "enum" in schema:
        return str(schema["enum"][0])
    if kind in ("integer", "number"):
        return "1"
    if kind == "boolean":
        return "true"
    if schema.get("format") == "date-time":
        return "2024-01-02T03:04:05Z"
    return "referee"


ADDITIONAL = "x-endpointgen-additional-operations"
STREAMS = ("text/event-stream", "application/jsonl", "application/x-ndjson")
VALUES_PER_STREAM = 3


def with_additional_operations(document):
    """Each operation under `x-endpointgen-additional-operations` (OpenAPI 3.2's
    `additionalOperations`) also as the POST of a path of its own, `/__additional/METHOD/path`,
    which openapi-core 0.23 can judge: it knows only 3.1's eight methods."""
    document = copy.deepcopy(document)
    added = {}
    for path, item in document.get("paths", {}).items():
        for method, operation in (item.get(ADDITIONAL) or {}).items():
            shadow = {"post": operation}
            if "parameters" in item:
                shadow["parameters"] = item["parameters"]
            added[f"/__additional/{method.upper()}{path}"] = shadow
    document.setdefault("paths", {}).update(added)
    return document


def segments_patterns(document):
    """For each path with a parameter of several segments (`x-endpointgen-segments`), a pattern
    of the path as sent, and the names of those parameters."""
    patterns = []
    for path, item in document.get("paths", {}).items():
        operations = [item.get(method) for method in METHODS] + list((item.get(ADDITIONAL) or {}).values())
        parameters = list(item.get("parameters", []))
        for operation in operations:
            if isinstance(operation, dict):
                parameters += operation.get("parameters", [])
        names = {p["name"] for p in parameters if p.get("in") == "path" and p.get("x-endpointgen-segments")}
        if not names:
            continue
        pattern = ""
        for literal, name in re.findall(r"([^{]*)(?:\{([^}]*)\})?", path):
            pattern += re.escape(literal)
            if name:
                pattern += f"(?P<{name}>.+)" if name in names else f"(?P<{name}>[^/]+)"
        patterns.append((re.compile(pattern), names))
    return patterns


class SentRequest(WerkzeugOpenAPIRequest):
    """A request as openapi-core is given it: its path as sent (percent-encoded), and for an
    additional operation its shadow path and method."""

    def __init__(self, request, path, method):
        super().__init__(request)
        self.sent_path = path
        self.sent_method = method

    @property
    def path(self):
        return self.sent_path

    @property
    def method(self):
        return self.sent_method


class Referee:
    def __init__(self, path):
        with open(path, encoding="utf-8") as handle:
            original = json.load(handle) if path.endswith(".json") else yaml.safe_load(handle)
        self.document = without_unreadable_deep_objects(without_null_types(without_servers(with_additional_operations(original))))
        self.segments = segments_patterns(self.document)
        # openapi-core reads application/octet-stream as bytes, and refuses any other binary media
        # type (image/jpeg) as "not of type string": each is given the same reader.
        binary = {media: binary_loads for media in media_types(self.document)
                  if not (media.endswith("json") or media.startswith("text/") or media in FORMS)}
        kept = {name: (lambda value: value) for name in unknown_formats(self.document)}
        self.openapi = OpenAPI.from_dict(self.document, config=Config(extra_media_type_deserializers=binary, extra_format_unmarshallers=kept))
        self.lock = threading.Lock()
        self.calls = {}
        self.bodies = {}
        self.verdicts = []
        self.ready = threading.Event()
        threading.Thread(target=self.generate, daemon=True).start()

    def generate(self):
        """Every response body the referee may answer with, made once at start (in a thread:
        the test waits for "Listening at", requests wait for this)."""
        keys, schemas, failed = [], [], {}
        for operation in operations(self.document):
            operation_id = operation.get("operationId")
            for key, response in operation.get("responses", {}).items():
                for media, media_object in (resolved(self.document, response).get("content") or {}).items():
                    if media_object.get("schema") is None:
                        continue
                    schema = unrolled(self.document, media_object["schema"])
                    try:
                        from_schema(schema).validate()
                    except Exception as error:  # what hypothesis-jsonschema cannot make is said, not hidden
                        failed[(operation_id, key, media)] = error
                        continue
                    keys.append((operation_id, key, media))
                    schemas.append(schema)
        try:
            generated = generated_bodies(schemas, BODIES_PER_RESPONSE)
            self.bodies = dict(zip(keys, generated))
        except Exception as error:
            self.bodies = {key: error for key in keys}
        self.bodies.update(failed)
        self.ready.set()

    def bodies_for(self, operation_id, key, media):
        self.ready.wait(300)
        return self.bodies.get((operation_id, key, media), RuntimeError("no body was generated"))

    def answer(self, request):
        if request.path == "/__referee/ready":
            # The test waits here until every body is generated (seconds, more on a busy machine),
            # so that no call of the client waits for it within its own timeout.
            return Response(json.dumps({"ready": self.ready.wait(900)}), content_type="application/json")
        if request.path == "/__referee/verdicts":
            with self.lock:
                verdicts, self.verdicts = self.verdicts, []
            return Response(json.dumps(verdicts), content_type="application/json")
        verdict = {"method": request.method, "target": request.full_path.rstrip("?")}
        sent_path, sent_method = self.judged_target(request)
        try:
            found = APICallPathFinder(self.openapi.spec).find(sent_method, "http://127.0.0.1" + sent_path)
        except Exception as error:
            verdict["request_errors"] = [f"no operation: {error}"]
            self.record(verdict)
            return Response(status=404)
        _, path, method = found.operation.parts
        operation = self.document["paths"][path][method]
        operation_id = operation.get("operationId", f"{method} {path}")
        verdict["operation"] = operation_id
        openapi_request = SentRequest(request, sent_path, sent_method)
        verdict["request_errors"] = [describe(error) for error in self.openapi.unmarshal_request(openapi_request).errors]

        responses = list(operation.get("responses", {}).items())
        with self.lock:
            call = self.calls.get(operation_id, 0)
            self.calls[operation_id] = call + 1
        key, declared = responses[call % len(responses)]
        declared = resolved(self.document, declared)
        status = status_code(key)
        verdict["status"] = status
        headers = {name: header_value(resolved(self.document, header).get("schema"))
                   for name, header in (declared.get("headers") or {}).items()
                   if name.lower() != "content-type"}
        content = declared.get("content") or {}
        if request.method == "HEAD":
            # A HEAD answer has no body (RFC 9110), whatever the operation's responses declare.
            verdict["conforms"] = True
            self.record(verdict)
            return Response(status=status, headers=headers)
        if not content:
            return self.judged(verdict, openapi_request, [Response(status=status, headers=headers)])
        media, media_object = next(iter(content.items()))
        schema = media_object.get("schema")
        if media not in STREAMS and not (media.endswith("json") or media.startswith("text/")):
            # Bytes (`contentMediaType`): any bytes, here 64 of every value in turn.
            body = bytes(range(256))[call % 192:][:64]
            return self.judged(verdict, openapi_request, [Response(body, status=status, headers=headers, content_type=media)])
        if schema is None:
            return self.judged(verdict, openapi_request, [Response(b"referee", status=status, headers=headers, content_type=media)])
        bodies = self.bodies_for(operation_id, key, media)
        if isinstance(bodies, Exception):
            verdict["answer_errors"] = [f"hypothesis-jsonschema could not generate a body: {type(bodies).__name__}: {str(bodies)[:300]}"]
            self.record(verdict)
            return Response(status=status, headers=headers)
        # Start at a different body each call, and go on to the next one the response check refuses.
        order = rotated(bodies, call)
        if media in STREAMS:
            return self.streamed(verdict, media, schema, order, status, headers)
        # Each body with a property the schema does not name first (an open object allows it),
        # then as generated (a closed one does not).
        variants = [variant for body in order for variant in (with_extra(body), body)]
        candidates = [Response(encoded(body, media), status=status, headers=headers, content_type=media) for body in variants]
        return self.judged(verdict, openapi_request, candidates)

    def judged_target(self, request):
        """The path and method openapi-core judges: the path as sent, a parameter of several
        segments with its slashes encoded, an additional operation's shadow."""
        path = (request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or request.path).split("?")[0]
        for pattern, names in self.segments:
            match = pattern.fullmatch(path)
            if match:
                for name in sorted(names, key=lambda n: -match.start(n)):
                    start, end = match.span(name)
                    path = path[:start] + path[start:end].replace("/", "%2F") + path[end:]
                break
        method = request.method.lower()
        if method not in METHODS:
            return f"/__additional/{request.method.upper()}{path}", "post"
        return path, method

    def streamed(self, verdict, media, schema, order, status, headers):
        """Three generated values as events or lines (from `order`, the bodies in the order of
        this call), each checked against the media type's schema (with the document's
        components, which its references name)."""
        root = dict(schema)
        root["components"] = self.document.get("components", {})
        validator = OAS31Validator(root)
        # As for one body: each value with a property the schema does not name first, then as
        # generated; one value of each of the first three bodies that conform.
        values, errors = [], []
        for body in order:
            for variant in (with_extra(body), body):
                found = [error.message for error in validator.iter_errors(variant)]
                errors += found
                if not found:
                    values.append(variant)
                    break
            if len(values) == VALUES_PER_STREAM:
                break
        if values:
            errors = []
        if media == "text/event-stream":
            events = []
            for value in values:
                data = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                events.append("".join(f"data: {line}\n" for line in data.split("\n")) + "\n")
            text = "".join(events)
        else:
            text = "".join(json.dumps(value, ensure_ascii=False) + "\n" for value in values)
        verdict["conforms"] = not errors
        if errors:
            verdict["answer_errors"] = errors[:5]
        verdict["body"] = text[:2000]
        self.record(verdict)
        return Response(text.encode(), status=status, headers=headers, content_type=media)

    def judged(self, verdict, openapi_request, candidates):
        errors = []
        for response in candidates:
            try:
                result_errors = self.openapi.unmarshal_response(openapi_request, WerkzeugOpenAPIResponse(response)).errors
            except Exception as error:  # a validator's own failure refuses that body, not the call
                errors = [f"openapi-core failed: {type(error).__name__}: {error}"]
                continue
            if not result_errors:
                verdict["conforms"] = True
                verdict["body"] = response.get_data(as_text=True)[:2000]
                self.record(verdict)
                return response
            errors = [describe(error) for error in result_errors]
        verdict["conforms"] = False
        verdict["answer_errors"] = errors or ["no body generated"]
        self.record(verdict)
        return candidates[0] if candidates else Response(status=verdict.get("status", 500))

    def record(self, verdict):
        with self.lock:
            self.verdicts.append(verdict)


def encoded(body, media):
    if media.endswith("json"):
        return json.dumps(body, ensure_ascii=False).encode()
    if isinstance(body, str):
        return body.encode()
    return json.dumps(body).encode()


def describe(error):
    text = str(error)
    cause = error.__cause__
    while cause is not None:
        text += f" | {cause}"
        details = getattr(cause, "schema_errors", None)
        if details:
            text += "".join(f" | {getattr(detail, 'message', detail)}" for detail in details)
        cause = cause.__cause__
    return text[:1000]


def main():
    referee = Referee(sys.argv[1])

    @Request.application
    def app(request):
        try:
            return referee.answer(request)
        except Exception as error:  # the referee's own failure is a verdict, never a plain 500
            referee.record({"method": request.method, "target": request.full_path.rstrip("?"),
                            "request_errors": [f"the referee failed: {type(error).__name__}: {error}"]})
            return Response(status=599)

    serve_until_stdin_closes(app)


if __name__ == "__main__":
    main()
