#!/usr/bin/env python3
"""The hostile texts of issue 42 on 127.0.0.1, for runtime-memory-probe's bounded-work modes:
  /v1/event?kib=N     one server-sent event of N KiB of `data:x` lines (`events`)
  /v1/fast?kb=N       240 KB (or N KB) events as fast as the client takes them (`stopped=<seconds>`)
  /v1/cookies?n=N     N `Set-Cookie` fields, each its own line (`cookies`)
  /v1/link?kb=N       `[]` with a Link header of N KB of `<,` and no rel=next (`pages`)
Prints "Listening at: http://127.0.0.1:PORT". Example (build the probe first):
  python3 Benchmarks/hostile_texts.py &
  .build/debug/runtime-memory-probe http://127.0.0.1:PORT/v1/event?kib=1024 20971520 60 curl events"""
import socket
import sys
import threading
from urllib.parse import parse_qs, urlparse


def handle(connection):
    request = b""
    while b"\r\n\r\n" not in request:
        data = connection.recv(65536)
        if not data:
            return
        request += data
    target = request.split(b" ", 2)[1].decode()
    url = urlparse(target)
    query = {k: int(v[0]) for k, v in parse_qs(url.query).items()}
    try:
        if url.path == "/v1/event":
            body = b"data:x\n" * (query.get("kib", 1024) * 1024 // 7) + b"\n"
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: %d\r\n"
                               b"Connection: close\r\n\r\n" % len(body) + body)
        elif url.path == "/v1/fast":
            event = b"data: " + b"y" * (query.get("kb", 240) * 1000) + b"\n\n"
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n")
            sent = 0
            while True:
                connection.sendall(event)
                sent += len(event)
        elif url.path == "/v1/cookies":
            # Short fields: 10,000 stay under curl's 300 KB bound on a response head.
            fields = b"".join(b"Set-Cookie: c%d=1\r\n" % i for i in range(query.get("n", 10000)))
            connection.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n" + fields + b"\r\n")
        elif url.path == "/v1/link":
            link = b"<," * (query.get("kb", 40) * 1000 // 2)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nLink: " + link
                               + b"\r\nConnection: close\r\n\r\n[]")
        else:
            connection.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    except OSError:
        pass
    finally:
        connection.close()


def main():
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0))
    server.listen(64)
    print(f"Listening at: http://127.0.0.1:{server.getsockname()[1]}", flush=True)
    while True:
        connection, _ = server.accept()
        threading.Thread(target=handle, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    main()
