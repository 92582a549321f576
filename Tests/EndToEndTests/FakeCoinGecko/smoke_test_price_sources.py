#!/usr/bin/env python3
"""Smoke test of fake_coinbase.py, fake_binance.py and fake_ecb.py: starts each, asks what
`coins` asks and what it must not, checks the documented quirks, stops them.

Usage: python3 Tests/EndToEndTests/FakeCoinGecko/smoke_test_price_sources.py
(standard library only; exits 1 naming each failed check).
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
FIXED = "2026-11-29T12:00:00Z"
FAILS = []


def start(name):
    folder = tempfile.mkdtemp()
    port_file = os.path.join(folder, "port")
    process = subprocess.Popen(
        [sys.executable, os.path.join(HERE, name), "--port-file", port_file, "--lifetime", "60",
         "--fixed-time", FIXED], stdout=subprocess.DEVNULL)
    for _ in range(200):
        if os.path.exists(port_file):
            break
        time.sleep(0.05)
    with open(port_file) as f:
        return process, f"http://127.0.0.1:{f.read().strip()}"


def get(url, agent="coins/test"):
    headers = {"User-Agent": agent} if agent else {}
    request = urllib.request.Request(url, headers=headers)
    if not agent:
        # urllib adds its own User-Agent unless one is set: an empty name drops the header.
        request.add_unredirected_header("User-Agent", "")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def check(condition, what):
    if not condition:
        FAILS.append(what)


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    urllib.request.urlopen(request, timeout=10).read()


def coinbase(base):
    candles = base + "/products/BTC-USD/candles?granularity=86400"
    status, _, body = get(candles + "&start=2021-01-01T00:00:00Z&end=2021-10-27T00:00:00Z")
    rows = json.loads(body)
    check(status == 200, "coinbase: 300 candles answer 200")
    times = [row[0] for row in rows]
    check(times == sorted(times, reverse=True), "coinbase: newest first")
    check(times[-1] == 1609459200 - 86400, "coinbase: the candle before start comes back")
    check(len(rows) < 301, "coinbase: days without trades are missing")
    status, _, body = get(candles + "&start=2021-01-01T00:00:00Z&end=2021-10-28T00:00:00Z")
    check(status == 400 and b"exceeds 300" in body, "coinbase: 301 candles rejected with 400")
    status, _, _ = get(candles + "&start=2021-01-01T00:00:00Z&end=2021-01-05T00:00:00Z", agent=None)
    check(status == 400, "coinbase: no User-Agent is 400")
    status, _, body = get(base + "/products/NOPE-USD/candles?granularity=86400")
    check(status == 404 and json.loads(body) == {"message": "NotFound"}, "coinbase: unknown product 404")
    status, _, body = get(base + "/products/SOL-EUR/candles?granularity=86400"
                                 "&start=2021-06-01T00:00:00Z&end=2021-06-20T00:00:00Z")
    check(status == 200 and min(row[0] for row in json.loads(body)) >= 1623888000,
          "coinbase: nothing before the product was listed")
    post(base, "/__control/mode", {"mode": "429", "retry_after": 3})
    status, headers, _ = get(candles)
    check(status == 429 and headers.get("Retry-After") == "3", "coinbase: 429 with Retry-After")


def binance(base):
    klines = base + "/api/v3/klines?symbol=BTCUSDT&interval=1d&limit=1000"
    status, headers, body = get(klines + "&startTime=1609459200000&endTime=1704067199999")
    rows = json.loads(body)
    check(status == 200 and len(rows) == 1000, "binance: a page is 1000 klines")
    check(rows[0][0] == 1609459200000 and isinstance(rows[0][1], str), "binance: oldest first, strings")
    check(headers.get("x-mbx-used-weight-1m") == "2", "binance: used weight header")
    status, _, body = get(base + "/api/v3/klines?symbol=NOPEUSDT&interval=1d")
    check(status == 400 and json.loads(body)["code"] == -1121, "binance: invalid symbol")
    status, _, _ = get(klines.replace("limit=1000", "limit=1001"))
    check(status == 400, "binance: limit over 1000 rejected")
    post(base, "/__control/mode", {"mode": "451"})
    status, _, body = get(klines)
    check(status == 451 and b"restricted location" in body, "binance: 451 mode")


def ecb(base):
    status, _, body = get(base + "/service/data/EXR/D.USD+GBP+ARS.EUR.SP00.A"
                                 "?startPeriod=2024-03-28&endPeriod=2024-04-02&format=csvdata")
    lines = body.decode().splitlines()
    check(status == 200 and "TIME_PERIOD" in lines[0] and "OBS_VALUE" in lines[0], "ecb: header")
    days = [line.split(",")[6] for line in lines[1:]]
    # Thursday 28 March, then Good Friday, the weekend and Easter Monday closed: 2 April.
    check(days == ["2024-03-28", "2024-04-02"] * 2, f"ecb: business days only, got {days}")
    check(lines[1].split(",")[2] == "GBP", "ecb: sorted by currency")
    status, _, _ = get(base + "/service/data/EXR/D.ARS.EUR.SP00.A?startPeriod=2024-03-28&format=csvdata")
    check(status == 404, "ecb: no series is 404")


def agree_with_coingecko(base):
    """Coinbase's BTC-USD open on 2026-06-01 within 10 % of the fake CoinGecko's (same clock)."""
    coingecko, cg = start("fake_coingecko.py")
    try:
        _, _, body = get(cg + "/api/v3/coins/bitcoin/market_chart/range?vs_currency=usd"
                              "&from=1772323200&to=1780358400")
        theirs = dict((t // 1000, p) for t, p in json.loads(body)["prices"])[1780272000]
    finally:
        coingecko.terminate()
        coingecko.wait(10)
    _, _, body = get(base + "/products/BTC-USD/candles?granularity=86400"
                            "&start=2026-06-01T00:00:00Z&end=2026-06-01T00:00:00Z")
    ours = [row[3] for row in json.loads(body) if row[0] == 1780272000][0]
    check(abs(ours - theirs) <= theirs * 0.1, f"coinbase agrees with coingecko: {ours} vs {theirs}")
    _, _, body = get(base + "/products/LUNA-USD/candles?granularity=86400"
                            "&start=2026-06-01T00:00:00Z&end=2026-06-01T00:00:00Z")
    check(json.loads(body)[0][3] < 50, "coinbase: LUNA is Terra 2.0's")


def main():
    for name, test in (("fake_coinbase.py", coinbase), ("fake_coinbase.py", agree_with_coingecko),
                       ("fake_binance.py", binance), ("fake_ecb.py", ecb)):
        process, base = start(name)
        try:
            test(base)
        finally:
            process.terminate()
            process.wait(10)
    for failure in FAILS:
        print(f"FAIL: {failure}", file=sys.stderr)
    print("ok" if not FAILS else f"{len(FAILS)} failed")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
