"""What the loopback fakes of the other price sources share (fake_coinbase.py,
fake_binance.py, fake_ecb.py): the server, the request log, the control endpoints, the
failure modes' switch, the frozen clock and the command line, as fake_coingecko.py has them.

Python 3 standard library only. Binds 127.0.0.1 only.

Command line (each fake):
    python3 fake_<name>.py [--port 0] [--port-file PATH] [--lifetime 300] [--mode NAME]
                           [--param KEY=VALUE ...] [--count N]
                           [--fixed-time 2026-11-29T12:00:00Z] [--no-watch-parent]

Once listening it writes the port to --port-file (atomically) and prints "PORT <n>".

Control endpoints (never logged, never affected by modes):
    GET  /__control/ping        {"ok":true,"port":n}
    GET  /__control/requests    JSON array of logged data requests (path, query, headers)
    POST /__control/reset       clear the log, go back to mode "ok"
    GET  /__control/mode        the current mode
    POST /__control/mode        body {"mode":NAME,"count":N?, ...params}
    POST /__control/time        body {"time":"2026-11-29T12:00:00Z"} or {"time":null}
    POST /__control/shutdown    stop the server
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

CONTROL_PREFIX = "/__control"
DAY = 86400
STOP = threading.Event()


def parse_time(text):
    """ISO 8601 (a date, or a date and time) or UNIX seconds -> UNIX seconds, else None."""
    text = text.strip()
    try:
        return float(text)
    except ValueError:
        pass
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


def day_text(day):
    return datetime.fromtimestamp(day * DAY, tz=timezone.utc).strftime("%Y-%m-%d")


class State:
    """The mode, its parameters, the request log and the clock, behind one lock."""

    def __init__(self, modes):
        self.lock = threading.Lock()
        self.modes = modes
        self.mode, self.params, self.count = "ok", {}, None
        self.log = []
        self.fixed_time = self.initial_fixed_time = None

    def set_mode(self, name, params=None, count=None):
        if name not in self.modes:
            raise ValueError(f"unknown mode {name!r} (known: {', '.join(self.modes)})")
        with self.lock:
            self.mode, self.params, self.count = name, dict(params or {}), count

    def take_mode(self):
        """The mode for this data request (a counted mode runs out, back to "ok")."""
        with self.lock:
            mode, params = self.mode, dict(self.params)
            if self.count is not None:
                self.count -= 1
                if self.count <= 0:
                    self.mode, self.params, self.count = "ok", {}, None
            return mode, params

    def now(self):
        with self.lock:
            return self.fixed_time if self.fixed_time is not None else time.time()


def make_handler(state, answer):
    """A request handler logging each data request and answering it with
    answer(path, query, headers, mode, params, now) -> (status, headers, body bytes)."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def _send(self, status, headers, body):
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status, value):
            self._send(status, {"Content-Type": "application/json"}, json.dumps(value).encode())

        def do_GET(self):
            self._handle(None)

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            self._handle(self.rfile.read(length) if length else b"")

        def _handle(self, body):
            parts = urlsplit(self.path)
            if parts.path.startswith(CONTROL_PREFIX):
                return self._control(parts.path[len(CONTROL_PREFIX):], body)
            query = dict(parse_qsl(parts.query, keep_blank_values=True))
            headers = {k.lower(): v for k, v in self.headers.items()}
            with state.lock:
                state.log.append({"path": parts.path, "query": query, "headers": headers})
            mode, params = state.take_mode()
            status, extra, payload = answer(parts.path, query, headers, mode, params, state.now())
            self._send(status, extra, payload)

        def _control(self, sub, body):
            if sub == "/ping":
                return self._json(200, {"ok": True, "port": self.server.server_address[1]})
            if sub == "/requests":
                with state.lock:
                    return self._json(200, list(state.log))
            if sub == "/reset":
                with state.lock:
                    state.log.clear()
                    state.fixed_time = state.initial_fixed_time
                state.set_mode("ok")
                return self._json(200, {"ok": True})
            if sub == "/mode" and body is None:
                return self._json(200, {"mode": state.mode, "params": state.params})
            if sub == "/mode":
                try:
                    spec = json.loads(body or b"{}")
                    name = spec.pop("mode")
                    count = spec.pop("count", None)
                    state.set_mode(name, spec.pop("params", None) or spec, count)
                except (ValueError, KeyError, TypeError) as error:
                    return self._json(400, {"error": str(error)})
                return self._json(200, {"ok": True})
            if sub == "/time":
                value = json.loads(body or b"{}").get("time")
                with state.lock:
                    state.fixed_time = parse_time(value) if value else None
                return self._json(200, {"ok": True})
            if sub == "/shutdown":
                self._json(200, {"ok": True})
                return request_stop()
            return self._json(404, {"error": "no such control endpoint"})

    return Handler


SERVER = None


def request_stop():
    STOP.set()
    if SERVER is not None:
        threading.Thread(target=SERVER.shutdown, daemon=True).start()


def param_value(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


def run(description, modes, answer, argv=None):
    """Parses the command line, serves until stopped, exits."""
    global SERVER
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = ephemeral)")
    ap.add_argument("--port-file", help="write the bound port here (atomically) once listening")
    ap.add_argument("--mode", default="ok", help=f"initial mode: {', '.join(modes)}")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--count", type=int, help="apply the initial mode to the next N requests")
    ap.add_argument("--lifetime", type=float, default=300, help="exit after this many seconds")
    ap.add_argument("--fixed-time", help="freeze 'now' (ISO 8601)")
    ap.add_argument("--no-watch-parent", action="store_true")
    args = ap.parse_args(argv)
    state = State(modes)
    try:
        params = {}
        for kv in args.param:
            key, _, value = kv.partition("=")
            params[key.strip()] = param_value(value.strip())
        state.set_mode(args.mode, params, args.count)
        if args.fixed_time:
            state.fixed_time = state.initial_fixed_time = parse_time(args.fixed_time)
    except ValueError as error:
        ap.error(str(error))

    SERVER = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(state, answer))
    SERVER.daemon_threads = True
    port = SERVER.server_address[1]
    signal.signal(signal.SIGTERM, lambda *_: request_stop())
    signal.signal(signal.SIGINT, lambda *_: request_stop())
    if args.lifetime and args.lifetime > 0:
        timer = threading.Timer(args.lifetime, request_stop)
        timer.daemon = True
        timer.start()
    if not args.no_watch_parent:
        parent = os.getppid()

        def watch():
            while not STOP.wait(0.5):
                if os.getppid() != parent:
                    return request_stop()

        threading.Thread(target=watch, daemon=True).start()
    if args.port_file:
        temp = f"{args.port_file}.tmp.{os.getpid()}"
        with open(temp, "w") as f:
            f.write(f"{port}\n")
        os.replace(temp, args.port_file)
    print(f"PORT {port}", flush=True)
    try:
        SERVER.serve_forever(poll_interval=0.2)
    finally:
        STOP.set()
        try:
            SERVER.server_close()
        except OSError:
            pass
        sys.stdout.flush()
        os._exit(0)


def rate_limited(params, body):
    """A 429 with Retry-After (seconds, param retry_after, default 2)."""
    retry = str(params.get("retry_after", 2))
    return 429, {"Content-Type": "application/json", "Retry-After": retry}, json.dumps(body).encode()


# -- the markets the exchange fakes trade: a deterministic open per coin and UTC day -------

# ticker -> (typical USD price, first day traded as "YYYY-MM-DD"); a ticker the fake CoinGecko
# ranks (BTC, ETH, SOL, …) follows that coin's history there instead (so that the pair check
# against CoinGecko passes, as it does for the real services), a hair off it.
LISTED = {
    "BTC": (30000.0, "2015-07-20"),
    "ETH": (2000.0, "2016-05-18"),
    "LTC": (80.0, "2016-08-17"),
    "SOL": (50.0, "2021-06-17"),
    "LUNA": (5.0, "2022-05-28"),  # Terra 2.0's LUNA, not CoinGecko's Terra Classic
}
# quote -> USD per unit of the quote: an open in that quote is the USD open / this
QUOTES = {"USD": 1.0, "USDT": 1.0, "EUR": 1.1, "GBP": 1.25}


def first_day(ticker):
    return int(parse_time(LISTED[ticker][1]) // DAY)


_CURVES = {}


def _coingecko_curve(ticker, now):
    """The fake CoinGecko's price curve of the best-ranked coin with this ticker, or None.
    LUNA is left out on purpose: the exchanges' LUNA is Terra 2.0, CoinGecko's Terra Classic."""
    if ticker == "LUNA":
        return None
    try:
        import fake_coingecko
        import fake_history
    except ImportError:
        return None
    key = (ticker, int(now))
    if key not in _CURVES:
        ranked = [c for c in fake_coingecko.COINS if c.symbol.upper() == ticker and c.rank]
        best = min(ranked, key=lambda c: c.rank) if ranked else None
        _CURVES.clear()
        _CURVES[key] = fake_history.PriceCurve(best, best.price, now) if best else None
    return _CURVES[key]


def open_usd(ticker, day, now, spread=1.0):
    """The USD open of `ticker` on UTC day number `day`: the fake CoinGecko's history of the
    coin (times `spread`), else a smooth yearly and two-month swing of its own."""
    import math
    import random
    curve = _coingecko_curve(ticker, now)
    if curve is not None:
        return curve.at(day * DAY) * spread
    base, _ = LISTED[ticker]
    rng = random.Random(f"waves:{ticker}")
    phase1, phase2 = rng.uniform(0, 6.28), rng.uniform(0, 6.28)
    swing = 0.35 * math.sin(2 * math.pi * day / 400 + phase1)
    swing += 0.05 * math.sin(2 * math.pi * day / 61 + phase2)
    return base * (1 + swing)


def hourly_open(ticker, hour, now, spread=1.0, divisor=1.0, digits=2):
    """The open of UTC hour number `hour` (hours since 1970): a straight line from its day's
    open to the next day's, both rounded as the daily candles show them, rounded the same way
    (so hour 0 is the day's open, and a test can work an hour out by hand from two daily rows)."""
    day, into = divmod(hour, 24)
    first = round(open_usd(ticker, day, now, spread) / divisor, digits)
    following = round(open_usd(ticker, day + 1, now, spread) / divisor, digits)
    return round(first + (following - first) * into / 24, digits)


def untraded_hour(ticker, hour, share=0.02):
    """Whether nothing traded in that UTC hour of a traded day (no hourly candle): about
    `share`; in BTC's 2021-05-02, the hour from 17:00."""
    import random
    return random.Random(f"gap:{ticker}:hour:{hour}").random() < share


def untraded(ticker, day, share=0.03):
    """Whether nothing traded that day (the exchange then has no candle): about `share`."""
    import random
    return random.Random(f"gap:{ticker}:{day}").random() < share
