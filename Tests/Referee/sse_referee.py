#!/usr/bin/env python3
"""Server-sent events from sse-starlette (PyPI), an SSE implementation nobody here wrote, under
uvicorn on 127.0.0.1, as a referee for the runtime's event streams: GET /events?count=N&gap=S
sends N events `{"n": i}` (ids 0…N-1) S seconds apart, then ends. Prints "Listening at:
http://127.0.0.1:PORT" (as gunicorn does) once listening, and exits when its standard input
closes (the test process that started it ended)."""
import asyncio
import json
import os
import socket
import sys
import threading

import uvicorn
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.routing import Route


async def events(request):
    count = int(request.query_params.get("count", "3"))
    gap = float(request.query_params.get("gap", "0.1"))

    async def generate():
        for index in range(count):
            yield {"id": str(index), "data": json.dumps({"n": index})}
            await asyncio.sleep(gap)

    return EventSourceResponse(generate())


def main():
    app = Starlette(routes=[Route("/v1/events", events)])
    # The test process holds our stdin open: when it ends (however it ends), so do we.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    # Listening before saying so: a connection made between the line and uvicorn's start would
    # be refused otherwise.
    sock.listen(128)
    print(f"Listening at: http://127.0.0.1:{sock.getsockname()[1]}", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])


if __name__ == "__main__":
    main()
