#!/usr/bin/env python3
"""Loopback fake of Coinbase Exchange's public candles for the `coins` tests.

Written from Coinbase's published documentation of "Get product candles":
    GET /products/{BASE}-{QUOTE}/candles?granularity=86400&start=…&end=…
    GET /products/{BASE}-{QUOTE}/candles?granularity=3600&start=…&end=…   (hourly)
start and end are ISO 8601 (or UNIX seconds); granularity one of 60, 300, 900, 3600, 21600,
86400. The answer is a JSON array of rows [time, low, high, open, close, volume], newest first.
As the real service does:
  - a span of more than 300 candles is rejected (400), not cut;
  - a request without a User-Agent header is refused (400);
  - the candle of the day before `start` may come back (candles before start);
  - days without trades have no candle (about 3 % of days here), nor any of their hours;
  - an hourly candle opens on the straight line from its day's open to the next day's
    (fake_price_server.hourly_open), so a test works it out from two daily rows;
  - an unknown product is 404 {"message":"NotFound"}.
Products: BTC, ETH, LTC, SOL and LUNA against USD, EUR and GBP (fake_price_server.LISTED).

Modes: ok, 429 (Retry-After: param retry_after), 500; param unlisted (bases separated by
commas, e.g. "ETH") answers those products 404 as if Coinbase did not list them.
Command line and control endpoints: see fake_price_server.py.
Point `coins` at it with COINS_COINBASE_BASE_URL=http://127.0.0.1:<port>.
"""

import json
import re

import fake_price_server as common

MODES = ["ok", "429", "500"]
GRANULARITIES = {60, 300, 900, 3600, 21600, 86400}
MAX_CANDLES = 300
PRODUCT = re.compile(r"^/products/([A-Z0-9]+)-([A-Z]+)/candles$")


def message(status, text):
    return status, {"Content-Type": "application/json"}, json.dumps({"message": text}).encode()


def answer(path, query, headers, mode, params, now):
    if mode == "429":
        return common.rate_limited(params, {"message": "Public rate limit exceeded"})
    if mode == "500":
        return message(500, "Internal server error")
    if not headers.get("user-agent"):
        return message(400, "User-Agent header is required.")
    match = PRODUCT.match(path)
    if not match:
        return message(404, "route not found")
    base, quote = match.groups()
    unlisted = str(params.get("unlisted", "")).upper().split(",")
    if base not in common.LISTED or base in unlisted or quote not in ("USD", "EUR", "GBP"):
        return message(404, "NotFound")
    try:
        granularity = int(query.get("granularity", "86400"))
    except ValueError:
        return message(400, "Unsupported granularity")
    if granularity not in GRANULARITIES:
        return message(400, "Unsupported granularity")
    if granularity not in (3600, 86400):
        return message(400, "this fake serves daily and hourly candles only")
    end = common.parse_time(query["end"]) if "end" in query else now
    start = common.parse_time(query["start"]) if "start" in query else end - (MAX_CANDLES - 1) * common.DAY
    if start is None or end is None or end < start:
        return message(400, "Invalid start or end")
    if (end - start) // granularity + 1 > MAX_CANDLES:
        return message(
            400, "granularity too small for the requested time range. Count of aggregations "
                 "requested exceeds 300")
    if granularity == 3600:
        return hourly(base, quote, start, end, now)
    first = int(start // common.DAY) - 1  # the candle before start comes back too
    last = min(int(end // common.DAY), int(now // common.DAY))
    rows = []
    for day in range(last, first - 1, -1):  # newest first
        if day < common.first_day(base) or common.untraded(base, day):
            continue
        usd = common.open_usd(base, day, now, spread=1.002) / common.QUOTES[quote]
        close = common.open_usd(base, day + 1, now, spread=1.002) / common.QUOTES[quote]
        rows.append([day * common.DAY, round(min(usd, close) * 0.98, 2),
                     round(max(usd, close) * 1.02, 2), round(usd, 2), round(close, 2),
                     round(1000 + day % 97, 8)])
    return 200, {"Content-Type": "application/json"}, json.dumps(rows).encode()


def hourly(base, quote, start, end, now):
    """Hourly candles from the hour before `start` to `end`, newest first."""
    rows = []
    for hour in range(min(int(end // 3600), int(now // 3600)), int(start // 3600) - 2, -1):
        day = hour // 24
        if day < common.first_day(base) or common.untraded(base, day):
            continue
        if common.untraded_hour(base, hour):
            continue
        divisor = common.QUOTES[quote]
        opened = common.hourly_open(base, hour, now, spread=1.002, divisor=divisor)
        closed = common.hourly_open(base, hour + 1, now, spread=1.002, divisor=divisor)
        rows.append([hour * 3600, round(min(opened, closed) * 0.995, 2),
                     round(max(opened, closed) * 1.005, 2), opened, closed,
                     round(40 + hour % 13, 8)])
    return 200, {"Content-Type": "application/json"}, json.dumps(rows).encode()


if __name__ == "__main__":
    common.run("Fake Coinbase Exchange candles (loopback only).", MODES, answer)
