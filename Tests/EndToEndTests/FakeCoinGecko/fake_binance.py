#!/usr/bin/env python3
"""Loopback fake of Binance's public klines for the `coins` tests.

Written from Binance's published Spot API documentation ("Kline/Candlestick data"):
    GET /api/v3/klines?symbol={BASE}USDT&interval=1d&startTime=…&endTime=…&limit=1000
    GET /api/v3/klines?symbol={BASE}USDT&interval=1h&…   (hourly; each kline opens on the hour)
times in milliseconds; limit default 500, at most 1000. The answer is a JSON array of rows
[openTime, "open", "high", "low", "close", "volume", closeTime, "quoteVolume", trades,
"takerBase", "takerQuote", "0"], oldest first, numbers as strings; the 1d kline opens at
00:00 UTC. Each answer carries x-mbx-used-weight-1m (a 1000-row klines request weighs 2).
As the real service does:
  - an unknown symbol is 400 {"code":-1121,"msg":"Invalid symbol."};
  - an unknown interval 400 code -1120, a limit over 1000 400 code -1130;
  - mode "451": every request is refused with HTTP 451 "Service unavailable from a restricted
    location" (what a client in a restricted country gets);
  - mode "429" (Retry-After: param retry_after), "418" (an IP ban), "500".
Symbols: BTC, ETH, LTC, SOL and LUNA against USDT (fake_price_server.LISTED).

Command line and control endpoints: see fake_price_server.py.
Point `coins` at it with COINS_BINANCE_BASE_URL=http://127.0.0.1:<port>.
"""

import json
import threading

import fake_price_server as common

MODES = ["ok", "451", "429", "418", "500"]
INTERVALS = {"1m", "3m", "5m", "15m", "30m", "1h", "2h", "4h", "6h", "8h", "12h", "1d", "3d",
             "1w", "1M"}
RESTRICTED = ("Service unavailable from a restricted location according to 'b. Eligibility' in "
              "https://www.binance.com/en/terms. Please contact customer service if you believe "
              "you received this message in error.")
WEIGHT = {"minute": None, "used": 0}
WEIGHT_LOCK = threading.Lock()


def error(status, code, text):
    return status, {"Content-Type": "application/json"}, json.dumps({"code": code, "msg": text}).encode()


def used_weight(now, cost):
    with WEIGHT_LOCK:
        minute = int(now // 60)
        if WEIGHT["minute"] != minute:
            WEIGHT["minute"], WEIGHT["used"] = minute, 0
        WEIGHT["used"] += cost
        return WEIGHT["used"]


def text(value):
    return f"{value:.8f}"


def answer(path, query, headers, mode, params, now):
    if mode == "451":
        return error(451, 0, RESTRICTED)
    if mode in ("429", "418"):
        status, extra, body = common.rate_limited(
            params, {"code": -1003, "msg": "Too many requests; current limit is 6000 request "
                                            "weight per 1 MINUTE."})
        return (418 if mode == "418" else 429), extra, body
    if mode == "500":
        return error(500, -1000, "An unknown error occurred while processing the request.")
    if path != "/api/v3/klines":
        return error(404, -1, "not found")
    symbol = query.get("symbol", "")
    if not symbol.endswith("USDT") or symbol[:-4] not in common.LISTED:
        return error(400, -1121, "Invalid symbol.")
    base = symbol[:-4]
    if query.get("interval") not in INTERVALS:
        return error(400, -1120, "Invalid interval.")
    if query.get("interval") not in ("1d", "1h"):
        return error(400, -1120, "this fake serves 1d and 1h klines only")
    try:
        limit = int(query.get("limit", "500"))
        start = int(query["startTime"]) // 1000 if "startTime" in query else None
        end = int(query["endTime"]) // 1000 if "endTime" in query else int(now)
    except ValueError:
        return error(400, -1100, "Illegal characters found in a parameter.")
    if limit < 1 or limit > 1000:
        return error(400, -1130, "Invalid data sent for a parameter.")
    if query.get("interval") == "1h":
        return hourly(base, start, end, limit, now)
    last = min(end // common.DAY, int(now // common.DAY))
    first = -(-start // common.DAY) if start is not None else last - limit + 1
    rows = []
    for day in range(max(first, common.first_day(base)), last + 1):
        if len(rows) == limit:
            break
        if common.untraded(base, day, share=0.005):
            continue
        usd = common.open_usd(base, day, now, spread=1.001)  # USDT a hair above USD
        close = common.open_usd(base, day + 1, now, spread=1.001)
        opened = day * common.DAY * 1000
        rows.append([opened, text(usd), text(max(usd, close) * 1.02), text(min(usd, close) * 0.98),
                     text(close), text(5000 + day % 89), opened + common.DAY * 1000 - 1,
                     text((5000 + day % 89) * usd), 100000 + day % 1000, "0.0", "0.0", "0"])
    weight = used_weight(now, 2)
    return 200, {"Content-Type": "application/json", "x-mbx-used-weight-1m": str(weight)}, \
        json.dumps(rows).encode()


def hourly(base, start, end, limit, now):
    """1h klines from the first hour at or after `start` to `end`, oldest first; an hour opens on
    the straight line from its day's open to the next day's (fake_price_server.hourly_open)."""
    last = min(end // 3600, int(now // 3600))
    first = -(-start // 3600) if start is not None else last - limit + 1
    rows = []
    for hour in range(max(first, common.first_day(base) * 24), last + 1):
        if len(rows) == limit:
            break
        if common.untraded(base, hour // 24, share=0.005):
            continue
        opened = common.hourly_open(base, hour, now, spread=1.001, digits=8)
        closed = common.hourly_open(base, hour + 1, now, spread=1.001, digits=8)
        time = hour * 3600 * 1000
        rows.append([time, text(opened), text(max(opened, closed) * 1.005),
                     text(min(opened, closed) * 0.995), text(closed), text(200 + hour % 89),
                     time + 3600 * 1000 - 1, text((200 + hour % 89) * opened), 4000 + hour % 100,
                     "0.0", "0.0", "0"])
    weight = used_weight(now, 2)
    return 200, {"Content-Type": "application/json", "x-mbx-used-weight-1m": str(weight)}, \
        json.dumps(rows).encode()


if __name__ == "__main__":
    common.run("Fake Binance klines (loopback only).", MODES, answer)
