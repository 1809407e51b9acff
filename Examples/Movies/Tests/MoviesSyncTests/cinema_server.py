#!/usr/bin/env python3
"""The cinema and its reviews service over HTTP/1.1 on 127.0.0.1, for MoviesSyncTests.

    python3 cinema_server.py LOG_FILE

Prints the port it listens on (an ephemeral one), then serves until stdin closes. Each request is
appended to LOG_FILE as one JSON object a line, before it is answered. A line `revise ID` on stdin
changes film ID (a new ETag). Only the standard library, so the example needs nothing installed.

    GET /api/showtimes?date=D              the showtimes of a day (2024-06-01), in the envelope
    GET /api/films?page=P&per_page=N       a page of the catalog, in the {"ok", "data"} envelope
    GET /api/films/ID                      one film with its ETag; 304 for If-None-Match; 404
    GET /api/films/ID/poster               the poster's bytes, sent in pieces (Content-Length)
    GET /api/showtimes/ID/seats            server-sent events, one every 0.1 s, then comments
                                           until the client hangs up (logged as "hung-up")
    GET /v2/films/ID/reviews/all           JSON Lines, one review a line (X-Reviews-Key needed)
"""

import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FILMS = [
    {"id": 3, "title": "Anora", "runtime_minutes": 139, "rating": "R"},
    {"id": 9, "title": "Dune Part Two", "runtime_minutes": 166, "rating": "PG-13"},
    {"id": 5, "title": "Furiosa", "runtime_minutes": 148, "rating": "R"},
    {"id": 11, "title": "Inside Out 2", "runtime_minutes": 96, "rating": "PG"},
    {"id": 7, "title": "Past Lives", "runtime_minutes": 106, "rating": "PG-13"},
    {"id": 4, "title": "The Zone of Interest", "runtime_minutes": 105, "rating": "PG-13"},
    {"id": 12, "title": "Wicked", "runtime_minutes": 160, "rating": "PG"},
]
REVIEWS = [
    {"author": "mina", "stars": 5, "text": "Worth the IMAX ticket."},
    {"author": "joon", "stars": 4, "text": "Long but never dull."},
    {"author": "ari", "stars": 3, "text": "Too loud for me."},
]
REVIEWS_KEY = "backend-key"
SEATS = [3, 2, 1, 0]
SHOWTIMES = {
    "2024-06-01": [
        {"id": 101, "film": FILMS[4], "starts_at": "2024-06-01T18:30:00Z", "format": "standard", "seats_left": 42},
        {"id": 102, "film": FILMS[1], "starts_at": "2024-06-01T20:00:00Z", "format": "imax", "seats_left": 3},
    ],
}

revisions = {film["id"]: 1 for film in FILMS}
log_lock = threading.Lock()


def poster(film_id):
    """A poster's bytes: 200 KB and a little more per id, a pattern MoviesSyncTests recomputes."""
    return bytes((i * 7 + film_id) % 256 for i in range(200_000 + film_id * 1_000))


class Cinema(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the client's connection pool is used

    def log(self, **entry):
        with log_lock, open(self.server.log_file, "a") as log:
            log.write(json.dumps(entry) + "\n")

    def log_message(self, *args):  # no access log on stderr
        pass

    def do_GET(self):
        url = urlsplit(self.path)
        self.log(method="GET", path=url.path, query=url.query,
                 if_none_match=self.headers.get("If-None-Match"),
                 reviews_key=self.headers.get("X-Reviews-Key"))
        routes = [
            (r"/api/showtimes", self.showtimes),
            (r"/api/films", self.films),
            (r"/api/films/(\d+)", self.film),
            (r"/api/films/(\d+)/poster", self.poster),
            (r"/api/showtimes/(\d+)/seats", self.seats),
            (r"/v2/films/(\d+)/reviews/all", self.reviews),
        ]
        for pattern, handler in routes:
            match = re.fullmatch(pattern, url.path)
            if match:
                return handler(parse_qs(url.query), *(int(group) for group in match.groups()))
        self.send(404, {"ok": False, "error": "No route " + url.path, "reason": "no_route"})

    def send(self, status, value=None, headers=(), body=None, content_type="application/json"):
        if body is None and value is not None:
            body = json.dumps(value).encode()
        self.send_response(status)
        for name, header in headers:
            self.send_header(name, header)
        if body is not None:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

    def showtimes(self, query):
        day = query.get("date", [""])[0]
        wanted = query.get("format", [None])[0]
        times = [time for time in SHOWTIMES.get(day, []) if wanted in (None, time["format"])]
        self.send(200, {"ok": True, "data": times})

    def films(self, query):
        page = int(query.get("page", ["1"])[0])
        size = int(query.get("per_page", ["20"])[0])
        start = (page - 1) * size
        pages = (len(FILMS) + size - 1) // size
        self.send(200, {"ok": True, "data": {"films": FILMS[start:start + size], "total_pages": pages}})

    def film(self, query, film_id):
        film = next((film for film in FILMS if film["id"] == film_id), None)
        if film is None:
            return self.send(404, {"error": f"No film has id {film_id}.", "reason": "film_not_found"})
        etag = f'"film-{film_id}-r{revisions[film_id]}"'
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, headers=[("ETag", etag)])
        self.send(200, {"ok": True, "data": film}, headers=[("ETag", etag)])

    def poster(self, query, film_id):
        body = poster(film_id)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        for start in range(0, len(body), 32_768):
            self.wfile.write(body[start:start + 32_768])
            self.wfile.flush()

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def seats(self, query, showtime_id):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            self.chunk(b": seats left for showtime %d\r\n\r\n" % showtime_id)
            for number, seats in enumerate(SEATS, start=1):
                # The value's JSON over two data lines (joined with a newline, valid JSON), CRLF endings.
                self.chunk(b'id: %d\r\nevent: seats\r\ndata: {"seats_left":\r\ndata: %d}\r\n\r\n' % (number, seats))
                time.sleep(0.1)
            # A server keeps the stream open for the next change; only the client hanging up ends it.
            for _ in range(300):
                self.chunk(b": still here\n\n")
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            self.log(event="hung-up", path=self.path)
            self.close_connection = True
            return
        self.chunk(b"")

    def reviews(self, query, film_id):
        if self.headers.get("X-Reviews-Key") != REVIEWS_KEY:
            return self.send(401, {"error": "Unknown key", "reason": "unauthorized"})
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for review in REVIEWS:
            self.chunk(json.dumps(review).encode() + b"\n")
            time.sleep(0.05)
        self.chunk(b"")


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Cinema)
    server.daemon_threads = True
    server.log_file = sys.argv[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    for line in sys.stdin:
        command, _, argument = line.strip().partition(" ")
        if command == "revise":
            revisions[int(argument)] += 1
            print("revised", argument, flush=True)
    # stdin closed: the test is done. The serving thread is a daemon and ends with the process
    # (server.shutdown() would wait up to its half-second poll interval).


if __name__ == "__main__":
    main()
