#!/usr/bin/env python3
"""A minimal HTTP CONNECT proxy on 127.0.0.1 for the end-to-end tests (standard library only).

Usage: python3 connect_proxy.py --log PATH [--port 0]

Prints "PORT <n>" once listening. Every CONNECT it serves is appended to PATH as one line,
"CONNECT host:port", before the tunnel opens; anything but CONNECT gets 405. It relays bytes
both ways until either side closes, and exits when its parent does.
"""

import argparse
import os
import select
import socket
import socketserver
import threading


class Proxy(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_handler(log_path, lock):
    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            request_line = self.rfile.readline(65537).decode("latin-1").strip()
            while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                pass  # the request's headers
            parts = request_line.split()
            if len(parts) != 3 or parts[0] != "CONNECT":
                self.wfile.write(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            host, _, port = parts[1].rpartition(":")
            with lock, open(log_path, "a", encoding="utf-8") as log:
                log.write(f"CONNECT {parts[1]}\n")
            try:
                upstream = socket.create_connection((host, int(port)), timeout=10)
            except OSError:
                self.wfile.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                return
            self.wfile.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
            self.wfile.flush()
            relay(self.connection, upstream)

    return Handler


def relay(client, upstream):
    sockets = [client, upstream]
    try:
        while True:
            readable, _, _ = select.select(sockets, [], [], 30)
            if not readable:
                return
            for sock in readable:
                data = sock.recv(65536)
                if not data:
                    return
                (upstream if sock is client else client).sendall(data)
    except OSError:
        return
    finally:
        upstream.close()


def watch_parent():
    parent = os.getppid()
    while True:
        threading.Event().wait(0.5)
        if os.getppid() != parent:
            os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    server = Proxy(("127.0.0.1", args.port), make_handler(args.log, threading.Lock()))
    threading.Thread(target=watch_parent, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    main()
