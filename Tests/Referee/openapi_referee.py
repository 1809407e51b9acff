#!/usr/bin/env python3
"""A strict OpenAPI request validator on 127.0.0.1, as an independent referee for the runtime's
wire encodings: openapi-core (PyPI) parses each request by the document's parameter styles and
answers 200 with what it parsed ({"query": …, "header": …, "path": …, "body": …}), or 400 with
its validation errors. Usage: openapi_referee.py DOCUMENT; prints "Listening at:
http://127.0.0.1:PORT" (as gunicorn does) once listening, and exits when its standard input
closes (the test process that started it ended)."""
import json
import sys

from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest
from loopback import serve_until_stdin_closes
from werkzeug.wrappers import Request, Response


def plain(value):
    """Parsed values as JSON: lists and dicts as they are, everything else as text or number."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (bool, int, float)) or value is None:
        return value
    return str(value)


def main():
    openapi = OpenAPI.from_file_path(sys.argv[1])

    @Request.application
    def app(request):
        result = openapi.unmarshal_request(WerkzeugOpenAPIRequest(request))
        if result.errors:
            errors = [str(error) + "".join(f" | {cause}" for cause in getattr(error, "__cause__", None) and [error.__cause__] or [])
                      for error in result.errors]
            return Response(json.dumps({"errors": errors}), status=400, content_type="application/json")
        parameters = result.parameters
        answer = {
            "query": plain(dict(parameters.query)),
            "header": plain({k.lower(): v for k, v in dict(parameters.header).items()}),
            "path": plain(dict(parameters.path)),
            "body": plain(result.body),
        }
        return Response(json.dumps(answer, sort_keys=True), status=200, content_type="application/json")

    serve_until_stdin_closes(app)


if __name__ == "__main__":
    main()
