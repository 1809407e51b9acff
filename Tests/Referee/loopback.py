"""How the referees of the tests serve: a WSGI app on 127.0.0.1 at a free port, announced as
"Listening at: http://127.0.0.1:PORT" (as gunicorn does, which RefereeServer reads), until the
test process that started it ends."""
import os
import sys
import threading

from werkzeug.serving import make_server


def serve_until_stdin_closes(app):
    # The test process holds our stdin open: when it ends (however it ends), so do we.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    print(f"Listening at: http://127.0.0.1:{server.server_port}", flush=True)
    server.serve_forever()
