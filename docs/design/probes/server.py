#!/usr/bin/env python3
"""Tiny test server: python3 server.py PORT [CERT KEY]
Paths:
  /json        -> body of $BODY file (default 1.2 MB synthetic JSON), Content-Length
  /json-gz     -> same body gzip-compressed when client accepts gzip
  /chunked?mb=N  -> N MB of 'x' sent chunked (64 KB chunks), no Content-Length
  /bomb?mb=N   -> gzip bomb: N MB of zeros compressed (~1000:1), Content-Length of compressed size
  /big?mb=N    -> N MB with Content-Length
"""
import gzip, http.server, os, socketserver, ssl, sys, urllib.parse

port = int(sys.argv[1])
BODY = b'[' + b','.join(b'{"id":"coin%05d","symbol":"c%d","current_price":%d.1234,"market_cap":123456789,"sparkline_in_7d":{"price":[1.0,2.0,3.0,4.0,5.0,6.0,7.0,8.0,9.0,10.0]}}' % (i, i, i) for i in range(7200)) + b']'
BODY_GZ = gzip.compress(BODY, 6)
sent = {}

class H(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    def log_message(self, *a):
        pass
    def do_GET(self):
        u = urllib.parse.urlparse(self.path)
        q = urllib.parse.parse_qs(u.query)
        mb = int(q.get('mb', ['1'])[0])
        if u.path == '/json':
            self.send_response(200); self.send_header('Content-Type', 'application/json')
            self.send_header('Content-Length', str(len(BODY))); self.end_headers(); self.wfile.write(BODY)
        elif u.path == '/json-gz':
            self.send_response(200); self.send_header('Content-Type', 'application/json')
            self.send_header('Content-Encoding', 'gzip')
            self.send_header('Content-Length', str(len(BODY_GZ))); self.end_headers(); self.wfile.write(BODY_GZ)
        elif u.path == '/bomb':
            z = gzip.compress(b'\0' * (mb << 20), 9)
            self.send_response(200); self.send_header('Content-Encoding', 'gzip')
            self.send_header('Content-Length', str(len(z))); self.end_headers(); self.wfile.write(z)
        elif u.path == '/big':
            self.send_response(200); self.send_header('Content-Length', str(mb << 20)); self.end_headers()
            chunk = b'x' * 65536
            try:
                for _ in range(mb * 16): self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                pass
        elif u.path == '/chunked':
            self.send_response(200); self.send_header('Transfer-Encoding', 'chunked'); self.end_headers()
            chunk = b'x' * 65536
            frame = b'%x\r\n' % len(chunk) + chunk + b'\r\n'
            n = 0
            try:
                for _ in range(mb * 16):
                    self.wfile.write(frame); n += len(chunk)
                self.wfile.write(b'0\r\n\r\n')
            except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                pass
            sys.stderr.write('chunked: wrote %d MB before stop\n' % (n >> 20)); sys.stderr.flush()
        else:
            self.send_response(404); self.send_header('Content-Length', '0'); self.end_headers()

class S(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

srv = S(('127.0.0.1', port), H)
if len(sys.argv) > 3:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(sys.argv[2], sys.argv[3])
    srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
print('ready', port, flush=True)
srv.serve_forever()
