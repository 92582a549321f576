"""Loopback replay of the fake CoinGecko: records each /coins/markets answer from the fake once,
then serves those exact bytes at once, so process timings measure the clients rather than the
fake's own JSON generation (~80 ms per top-250 answer on the benchmark machine).

Usage: replay_server.py --upstream http://127.0.0.1:PORT/api/v3 --port-file PATH
Binds 127.0.0.1 only.
"""

import argparse
import os
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--upstream", required=True)
parser.add_argument("--port-file", required=True)
args = parser.parse_args()
upstream = args.upstream.rstrip("/")
if not upstream.startswith("http://127.0.0.1:"):
    raise SystemExit("upstream must be on 127.0.0.1")
recorded = {}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        path = self.path.split("/api/v3", 1)[-1]
        with lock:
            answer = recorded.get(path)
        if answer is None:
            with urllib.request.urlopen(upstream + path) as response:
                answer = (response.status, response.read())
            with lock:
                recorded[path] = answer
        status, body = answer
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_):
        pass


def exit_with_parent(parent=os.getppid()):
    """Stops the server when the benchmark that started it is gone (even if killed)."""
    while os.getppid() == parent:
        threading.Event().wait(0.5)
    os._exit(0)


threading.Thread(target=exit_with_parent, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
temporary = args.port_file + ".tmp"
with open(temporary, "w") as f:
    f.write(str(server.server_address[1]))
os.replace(temporary, args.port_file)
server.serve_forever()
