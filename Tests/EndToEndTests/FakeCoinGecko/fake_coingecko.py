#!/usr/bin/env python3
"""Loopback fake of the CoinGecko v3 API for the `coins` end-to-end tests.

Python 3 standard library only. Binds 127.0.0.1 only.

Usage:
    python3 fake_coingecko.py [--port 0] [--port-file PATH] [--lifetime 300]
                              [--mode NAME] [--param KEY=VALUE ...] [--count N]
                              [--fixed-time 2026-11-29T12:00:00Z] [--no-watch-parent]
                              [--tls-cert CERT.pem --tls-key KEY.pem]   (HTTPS instead of HTTP)

Once listening it writes the port to --port-file (atomically: temp file + rename)
and prints "PORT <n>" on stdout. Point the client at
    COINGECKO_BASE_URL=http://127.0.0.1:<n>/api/v3

The server exits by itself after --lifetime seconds (0 = never), on SIGTERM/SIGINT,
on POST /__control/shutdown, and (unless --no-watch-parent) when its parent dies.

Data endpoints (under /api/v3): /ping, /coins/markets (also `category=ID`), /search,
/coins/list, /simple/price, /simple/supported_vs_currencies, /global, the histories
/coins/{id}/market_chart, /coins/{id}/market_chart/range and /coins/{id}/ohlc (spacing and
plan limits as CoinGecko's: see fake_history.py), for transactions /coins/{id}/history and
/exchange_rates (fake_ledger.py; mode "fixed-rates" also answers bitcoin's market_chart with
fixed past exchange rates), and, from quick_answers.py, /search/trending, /coins/categories
and /exchange_rates (the same rates, with the failure modes; it answers first). Anything
else: 404.

Control endpoints (never logged, never affected by modes):
    GET  /__control/ping        {"ok":true,"port":n}
    GET  /__control/requests    JSON array of logged data requests
    POST /__control/reset       clear the log, go back to mode "ok", reset counters
    GET  /__control/mode        the current mode
    POST /__control/mode        body {"mode":NAME,"count":N?, ...params}
    POST /__control/time        body {"time":"2026-11-29T12:00:00Z"} freezes "now" there,
                                {"time":null} lets it run (reset goes back to --fixed-time)
    POST /__control/shutdown    stop the server

Failure modes: see MODES below and the docstring of Handler._apply_mode.
"""

import argparse
import json
import math
import os
import random
import select
import signal
import socket
import ssl
import sys
import threading
import time
import zlib

from fake_ledger import ledger_route
from datetime import datetime, timezone
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlsplit

import fake_history

import quick_answers

API_PREFIX = "/api/v3"
CONTROL_PREFIX = "/__control"
UNIVERSE_SIZE = 1200
SPARK_POINTS = 168
SEED = "coins-fake-coingecko-v1"

# vs_currency -> (numerator, denominator): value_in_currency = usd * num / den
CURRENCIES = {
    "usd": (1, 1),
    "eur": (9, 10),
    "gbp": (4, 5),
    "jpy": (150, 1),
    "btc": (1, 50000),
    "eth": (1, 3000),
}
PERIODS = ["1h", "24h", "7d", "14d", "30d", "200d", "1y"]
ORDERS = ["market_cap_desc", "market_cap_asc", "volume_desc", "volume_asc", "id_asc", "id_desc"]

MODES = [
    "ok", "move", "429", "500", "503-html", "firewall", "hang", "truncated", "html-200",
    "wrong-shape", "huge", "nulls", "absurd", "evil", "flaky", "slow", "401", "error", "bomb",
    "gzip", "redirect", "fixed-rates",
]
RATE_LIMIT_STYLES = ["seconds", "http-date", "reset-only", "both", "none"]

RATE_LIMIT_BODY = {
    "status": {
        "error_code": 429,
        "error_message": "You've exceeded the Rate Limit. Please visit "
                         "https://www.coingecko.com/en/api/pricing to subscribe to our API plans "
                         "for higher rate limits.",
    }
}
KEY_ERRORS = {
    10002: "API Key Missing",
    10005: "You may not have access to this endpoint.",
    10010: "If you are using Pro API key, please change your root URL from "
           "api.coingecko.com to pro-api.coingecko.com",
    10011: "If you are using Demo API key, please change your root URL from "
           "pro-api.coingecko.com to api.coingecko.com",
}

STOP = threading.Event()

# ---------------------------------------------------------------------------
# Universe
# ---------------------------------------------------------------------------

# rank: (id, symbol, name, price_usd, circulating_supply, max_supply)
WELL_KNOWN = {
    1: ("bitcoin", "btc", "Bitcoin", 50000, 19_800_000, 21_000_000),
    2: ("ethereum", "eth", "Ethereum", 3000, 120_200_000, None),
    3: ("tether", "usdt", "Tether", 1.0, 110_000_000_000, None),
    4: ("binancecoin", "bnb", "BNB", 600, 146_000_000, 200_000_000),
    5: ("solana", "sol", "Solana", 150, 465_000_000, None),
    6: ("ripple", "xrp", "XRP", 0.6, 55_000_000_000, 100_000_000_000),
    7: ("usd-coin", "usdc", "USDC", 1.0, 32_500_000_000, None),
    # rank 8 has the smaller market cap: market_cap_desc lists rank 9 before rank 8
    8: ("staked-ether", "steth", "Lido Staked Ether", 2998.5, 9_000_000, None),
    9: ("dogecoin", "doge", "Dogecoin", 0.18, 150_000_000_000, None),
    10: ("cardano", "ada", "Cardano", 0.45, 35_000_000_000, 45_000_000_000),
    11: ("tron", "trx", "TRON", 0.12, 87_000_000_000, None),
    12: ("avalanche-2", "avax", "Avalanche", 35, 290_000_000, 720_000_000),
    13: ("shiba-inu", "shib", "Shiba Inu", 0.000017, 589_000_000_000_000, None),
    14: ("chainlink", "link", "Chainlink", 15, 600_000_000, 1_000_000_000),
    15: ("polkadot", "dot", "Polkadot", 6, 1_400_000_000, None),
    16: ("bitcoin-cash", "bch", "Bitcoin Cash", 420, 19_700_000, 21_000_000),
    17: ("near", "near", "NEAR Protocol", 6.5, 1_150_000_000, None),
    18: ("litecoin", "ltc", "Litecoin", 85, 75_000_000, 84_000_000),
    19: ("uniswap", "uni", "Uniswap", 8, 750_000_000, 1_000_000_000),
    20: ("leo-token", "leo", "LEO Token", 6, 925_000_000, None),
    21: ("dai", "dai", "Dai", 1.0, 5_300_000_000, None),
    22: ("internet-computer", "icp", "Internet Computer", 10, 470_000_000, None),
    23: ("ethereum-classic", "etc", "Ethereum Classic", 25, 148_000_000, 210_700_000),
    24: ("stellar", "xlm", "Stellar", 0.11, 29_500_000_000, 50_001_806_812),
    25: ("monero", "xmr", "Monero", 160, 18_400_000, None),
    26: ("hedera-hashgraph", "hbar", "Hedera", 0.08, 36_000_000_000, 50_000_000_000),
    27: ("aptos", "apt", "Aptos", 8, 350_000_000, None),
    28: ("cosmos", "atom", "Cosmos Hub", 7, 390_000_000, None),
    29: ("filecoin", "fil", "Filecoin", 4.5, 580_000_000, 1_960_000_000),
    30: ("crypto-com-chain", "cro", "Cronos", 0.09, 27_000_000_000, 30_000_000_000),
}

# rank: (id, symbol, name, price_usd or None = random)
SPECIAL = {
    35: ("wrapped-bitcoin", "wbtc", "Wrapped Bitcoin", 49980),
    42: ("hongbao-token", "红包", "红包代币 (Hongbao)", 0.0321),
    57: ("rocket-moon", "rkt", "Rocket 🚀 Moon", 0.777),
    61: ("quiet-chain", "qck", "Quiet Chain", 1.25),          # sparkline_in_7d.price == []
    88: ("stale-token", "stale", "Stale Token", 2.07),         # every 24h field null, day-old
    99: ("fresh-launch", "fresh", "Fresh Launch", 0.42),       # 7d change null, 133-point sparkline
    120: ("tiny-inu", "tinu", "Tiny Inu", 0.0000085),
    410: ("bridged-usdc", "usdc", "Bridged USDC (Wormhole)", 0.9997),
    640: ("bitcoin-bridged", "btc", "Bitcoin (Bridged)", 49950),
    777: ("deep-value", "deep", "Deep Value", 2.5),
    900: ("fake-eth", "eth", "Fake ETH", 0.0042),
}
UNRANKED = ("bitcoin-on-base", "btc", "Bitcoin on Base", 0.0031)  # market_cap_rank null

STABLES = {"tether", "usd-coin", "dai", "bridged-usdc"}
NO_TOTAL_SUPPLY = {"dogecoin", "monero", "cosmos"}
ATL_DATES = ["2013-07-06T00:00:00.000Z", "2015-10-20T00:00:00.000Z", "2017-03-01T00:00:00.000Z",
             "2018-12-15T00:00:00.000Z", "2020-03-13T02:22:55.044Z", "2022-06-18T20:55:12.035Z"]

EVIL = [
    ("\u001b[31mRED\u001b[0m Bitcoin", "\u001b[1mbtc"),
    ("\u001b]0;pwned title\u0007Ethereum", "eth\u0007"),
    ("\u202eTether Reversed\u202c", "\u202etdsu"),
    (("Extremely Long Coin Name " * 9)[:200], "longlonglonglong"),
    ("比特币现金 超长的中文名字 🚀💎🙌", "币"),
    ("Bell\u0007\u0007\u0007 Coin", "bel\u0007"),
    ("Line\r\nBreak\tTab Coin", "nl\n"),
    ("\u001b[2J\u001b[HClear Screen", "cls"),
    ("Zero\u200bWidth\u200dJoiner\ufeff", "z\u200bw"),
    ("C1\u009b31mControl\u0085", "c1\u009b"),
    ("👨\u200d👩\u200d👧\u200d👦 Family 🏳️\u200d🌈", "🦄"),
    ("Nul\u0000Coin", "nul\u0000"),
]


def sig(x, n=8):
    """Round to n significant digits; integral results become ints (like the real API)."""
    if x is None:
        return None
    if isinstance(x, int):
        return x
    if x == 0 or not math.isfinite(x):
        return x
    r = float(f"{x:.{n}g}")
    if r.is_integer() and abs(r) < 1e15:
        return int(r)
    return r


def mc_target(rank):
    return 2.4e9 * (30.0 / rank) ** 1.5


def iso_ms(ts):
    dt = datetime.fromtimestamp(ts, tz=timezone.utc)
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def rnd_date(rng, start_year, end_year):
    start = datetime(start_year, 1, 1, tzinfo=timezone.utc).timestamp()
    end = datetime(end_year, 12, 31, tzinfo=timezone.utc).timestamp()
    return iso_ms(math.floor(rng.uniform(start, end) * 1000) / 1000)


class Coin:
    __slots__ = ("id", "symbol", "name", "rank", "price", "circ", "total", "max", "mcap",
                 "fdv_null", "volume", "spark", "spark_len", "stale", "new", "ath", "ath_date",
                 "atl", "atl_date", "roi", "lu_offset", "image_n", "long_pct", "mc_pct_adj")


def make_coin(rank, cid, sym, name, price, circ, max_supply):
    rng = random.Random(f"{SEED}:{cid}")
    c = Coin()
    c.id, c.symbol, c.name, c.rank = cid, sym, name, rank
    if price is None:
        price = sig(10 ** rng.uniform(-3.5, 2.5), 5)
    c.price = price
    target = mc_target(rank) if rank is not None else 0
    if circ is None:
        circ = round(target / price) if rank is not None else round(rng.uniform(1e6, 1e9))
    c.circ = float(circ)
    c.mcap = round(price * circ) if rank is not None else 0
    c.max = float(max_supply) if max_supply is not None else None
    if c.max is None and rank is not None and rank > 30 and rng.random() < 0.55:
        c.max = float(round(circ * rng.uniform(1.0, 3.0)))
    if cid in NO_TOTAL_SUPPLY or (rank is not None and rank > 30 and rng.random() < 0.04):
        c.total = None
    else:
        c.total = c.max if (c.max is not None and rng.random() < 0.3) else float(
            round(circ * rng.uniform(1.0, 1.2), 2))
        if rank is not None and rank <= 30:
            c.total = float(circ) if cid != "tether" else float(round(circ * 1.03))
        if c.max is not None and c.total > c.max:
            c.total = c.max
    c.fdv_null = c.total is None or (rank is not None and rank > 30 and rng.random() < 0.25) or rank is None
    stable = cid in STABLES
    c.volume = round(c.mcap * (rng.uniform(0.05, 0.4) if stable else rng.uniform(0.01, 0.15))) \
        if rank is not None else round(rng.uniform(10, 5000), 2)
    # sparkline: 168 hourly points, the last one is the current price
    pts = [0.0] * SPARK_POINTS
    pts[-1] = float(price)
    if stable:
        for i in range(SPARK_POINTS - 1):
            pts[i] = price * (1 + rng.gauss(0, 0.0004))
    else:
        vol = rng.uniform(0.0015, 0.003) if (rank or 99) <= 10 else rng.uniform(0.002, 0.008)
        drift = rng.gauss(0, vol / 15)
        for i in range(SPARK_POINTS - 2, -1, -1):
            step = max(-0.3, min(0.3, rng.gauss(drift, vol)))
            pts[i] = pts[i + 1] / (1 + step)
    c.spark = pts
    c.spark_len = SPARK_POINTS
    c.stale = cid == "stale-token"
    c.new = cid == "fresh-launch"
    if cid == "quiet-chain":
        c.spark_len = 0
    if c.new:
        c.spark_len = 133
    hi = max(pts)
    c.ath = sig(max(hi, price) * rng.uniform(1.02, 6.0), 6)
    c.atl = sig(min(pts) * rng.uniform(0.001, 0.6), 6)
    if cid == "bitcoin":
        c.ath, c.atl = 73738, 67.81
    c.ath_date = rnd_date(rng, 2021, 2025)
    c.atl_date = ATL_DATES[rank % len(ATL_DATES)] if rank else rnd_date(rng, 2019, 2023)
    if c.new:
        c.ath_date = c.atl_date = "2026-01-02T03:04:05.678Z"
    if cid == "ethereum":
        c.roi = {"times": 95.31845231, "currency": "btc", "percentage": 9531.845231}
    elif rank is not None and rank > 30 and rng.random() < 0.2:
        t = sig(rng.uniform(-0.95, 80), 10)
        c.roi = {"times": t, "currency": rng.choice(["usd", "btc", "eth"]), "percentage": sig(t * 100, 10)}
    else:
        c.roi = None
    c.lu_offset = rng.uniform(2, 90) + (86400 if c.stale else 0)
    c.image_n = 1 if rank == 1 else 1000 + (rank or 1300) * 7
    c.long_pct = {p: rng.gauss(0, s) for p, s in (("14d", 10), ("30d", 18), ("200d", 45), ("1y", 80))}
    c.mc_pct_adj = rng.uniform(-0.05, 0.05)
    return c


def build_universe():
    coins = []
    for rank in range(1, UNIVERSE_SIZE):
        if rank in WELL_KNOWN:
            cid, sym, name, price, circ, mx = WELL_KNOWN[rank]
            coins.append(make_coin(rank, cid, sym, name, price, circ, mx))
        elif rank in SPECIAL:
            cid, sym, name, price = SPECIAL[rank]
            coins.append(make_coin(rank, cid, sym, name, price, None, None))
        else:
            coins.append(make_coin(rank, f"coin-{rank:04d}", f"c{rank:03d}", f"Coin {rank}", None, None, None))
    cid, sym, name, price = UNRANKED
    coins.append(make_coin(None, cid, sym, name, price, None, None))
    assert len(coins) == UNIVERSE_SIZE and len({c.id for c in coins}) == UNIVERSE_SIZE
    return coins


COINS = build_universe()
BY_ID = {c.id: c for c in COINS}
ORDERED = {
    "market_cap_desc": sorted(COINS, key=lambda c: (c.rank is None, -c.mcap, c.id)),
    "volume_desc": sorted(COINS, key=lambda c: (-c.volume, c.id)),
    "id_asc": sorted(COINS, key=lambda c: c.id),
}
ORDERED["market_cap_asc"] = list(reversed(ORDERED["market_cap_desc"]))
ORDERED["volume_asc"] = list(reversed(ORDERED["volume_desc"]))
ORDERED["id_desc"] = list(reversed(ORDERED["id_asc"]))
POSITION = {name: {c.id: i for i, c in enumerate(lst)} for name, lst in ORDERED.items()}
_expected = list(range(1, 8)) + [9, 8] + list(range(10, UNIVERSE_SIZE)) + [None]
assert [c.rank for c in ORDERED["market_cap_desc"]] == _expected, "market cap order broken"


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

def market_row(c, cur, periods, sparkline, now, move_k=0, evil=False):
    num, den = CURRENCIES[cur]
    if move_k:
        num, den = num * (100 + move_k), den * 100

    def money(v, n=8):
        if v is None:
            return None
        if not (num == 1 and den == 1):
            v = v * num / den
        return sig(v, n)

    def big(v):  # market caps and volumes: whole units once large, like the real API
        v = money(v, 12)
        return int(round(v)) if v is not None and abs(v) >= 1000 else v

    p = c.spark
    price = c.price
    p24, p1, p7 = p[-25], p[-2], p[0]
    ch24 = price - p24
    pct24 = ch24 / p24 * 100
    mcap = c.mcap
    mc_pct = pct24 + c.mc_pct_adj if c.rank is not None else 0.0
    mc_ch = mcap - mcap / (1 + mc_pct / 100) if c.rank is not None else 0
    last24 = p[-25:]
    fdv = None
    if not c.fdv_null:
        fdv = round(price * (c.max if c.max is not None else c.total))
    name, symbol = c.name, c.symbol
    if evil and c.rank is not None and c.rank <= len(EVIL):
        name, symbol = EVIL[c.rank - 1]
    row = {
        "id": c.id,
        "symbol": symbol,
        "name": name,
        "image": f"https://coin-images.coingecko.com/coins/images/{c.image_n}/large/{c.id}.png?1696501400",
        "current_price": money(price),
        "market_cap": big(mcap),
        "market_cap_rank": c.rank,
        "fully_diluted_valuation": big(fdv),
        "total_volume": big(c.volume),
        "high_24h": money(max(last24)),
        "low_24h": money(min(last24)),
        "price_change_24h": money(ch24),
        "price_change_percentage_24h": round(pct24, 5),
        "market_cap_change_24h": big(mc_ch),
        "market_cap_change_percentage_24h": round(mc_pct, 5),
        "circulating_supply": c.circ,
        "total_supply": c.total,
        "max_supply": c.max,
        "ath": money(c.ath),
        "ath_change_percentage": round((price / c.ath - 1) * 100, 5),
        "ath_date": c.ath_date,
        "atl": money(c.atl),
        "atl_change_percentage": round((price / c.atl - 1) * 100, 5),
        "atl_date": c.atl_date,
        "roi": dict(c.roi) if c.roi else None,
        "last_updated": iso_ms(math.floor((now - c.lu_offset) * 1000) / 1000),
    }
    if c.stale:
        for k in ("high_24h", "low_24h", "price_change_24h", "price_change_percentage_24h",
                  "market_cap_change_24h", "market_cap_change_percentage_24h"):
            row[k] = None
    if sparkline:
        row["sparkline_in_7d"] = {"price": [money(v) for v in p[SPARK_POINTS - c.spark_len:]]}
    for per in periods:
        if c.stale:
            v = None
        elif per == "1h":
            v = (price / p1 - 1) * 100
        elif per == "24h":
            v = pct24
        elif per == "7d":
            v = None if c.new else (price / p7 - 1) * 100
        else:
            v = None if c.new else c.long_pct[per]
        row[f"price_change_percentage_{per}_in_currency"] = v
    return row


NUMERIC_FIELDS = ["current_price", "market_cap", "market_cap_rank", "fully_diluted_valuation",
                  "total_volume", "high_24h", "low_24h", "price_change_24h",
                  "price_change_percentage_24h", "market_cap_change_24h",
                  "market_cap_change_percentage_24h", "circulating_supply", "total_supply",
                  "max_supply", "ath", "ath_change_percentage", "atl", "atl_change_percentage"]


def nullify_row(row):
    for k in list(row):
        if k in NUMERIC_FIELDS or (k.startswith("price_change_percentage_") and k.endswith("_in_currency")):
            row[k] = None
    row["roi"] = None
    if "sparkline_in_7d" in row:
        row["sparkline_in_7d"] = None
    return row


def absurd_row(row, i):
    kind = i % 3
    price = {0: 1e308, 1: -123.45, 2: 5e-324}[kind]
    row.update({
        "current_price": price,
        "market_cap": 1e300 if kind != 1 else -1e300,
        "fully_diluted_valuation": 1e300,
        "total_volume": 1e300 if kind != 2 else -5.0,
        "high_24h": 1e308,
        "low_24h": -1e308,
        "price_change_24h": -1e308 if kind == 0 else 1e308,
        "price_change_percentage_24h": 1e306 if kind != 1 else -100000.0,
        "market_cap_change_24h": -1e300,
        "market_cap_change_percentage_24h": 1e300,
        "circulating_supply": 1e300,
        "total_supply": -1.0,
        "max_supply": 1e300,
        "ath": 1e308,
        "ath_change_percentage": -100.0,
        "atl": -1e308,
        "atl_change_percentage": 1e308,
        "market_cap_rank": [1, 2147483647, -1][kind] if row.get("market_cap_rank") is not None else None,
    })
    if row.get("sparkline_in_7d") is not None:
        row["sparkline_in_7d"] = {"price": [[1e308, -1e308, 0.0, 5e-324, -1.0][j % 5]
                                            for j in range(SPARK_POINTS)]}
    for k in list(row):
        if k.startswith("price_change_percentage_") and k.endswith("_in_currency"):
            row[k] = [1e308, -1e308, 1e12][kind]
    return row


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.body = {"error": message}


def parse_bool(v):
    return str(v).strip().lower() == "true"


def parse_int(q, key, default, lo, hi):
    if key not in q or q[key] == "":
        return default
    try:
        v = int(q[key])
    except ValueError:
        raise ApiError(400, f"invalid {key} value")
    if v < lo or (hi is not None and v > hi):
        raise ApiError(400, f"invalid {key} value: must be between {lo} and {hi}" if hi
                       else f"invalid {key} value: must be at least {lo}")
    return v


def split_list(v):
    return [x.strip() for x in v.split(",") if x.strip()]


def currency_param(q, key="vs_currency"):
    if key not in q or q[key].strip() == "":
        raise ApiError(400, f"Missing parameter {key}")
    cur = q[key].strip().lower()
    if cur not in CURRENCIES:
        raise ApiError(400, f"invalid {key}")
    return cur


def select_markets(q):
    """Returns (currency, coins for the page, periods, sparkline)."""
    cur = currency_param(q)
    order = q.get("order", "") or "market_cap_desc"
    if order not in ORDERS:
        raise ApiError(400, "invalid order")
    per_page = parse_int(q, "per_page", 100, 1, 250)
    page = parse_int(q, "page", 1, 1, None)
    ids = split_list(q.get("ids", "").lower())
    names = split_list(q.get("names", "").lower())
    symbols = split_list(q.get("symbols", "").lower())
    if len(ids) > 250:
        raise ApiError(400, "ids: maximum 250 ids per request")
    ordered = ORDERED[order]
    category = q.get("category", "").strip().lower()
    if category:
        members = quick_answers.category_members(category)
        chosen = [c for c in ordered if c.id in members]
    elif ids:
        wanted = set(ids)
        chosen = [c for c in ordered if c.id in wanted]
    elif names:
        wanted = set(names)
        chosen = [c for c in ordered if c.name.lower() in wanted]
    elif symbols:
        wanted = set(symbols)
        chosen = [c for c in ordered if c.symbol.lower() in wanted]
        if q.get("include_tokens", "top").lower() != "all":
            best = {}
            for c in chosen:
                cur_best = best.get(c.symbol)
                key = (c.rank is None, c.rank or 0)
                if cur_best is None or key < (cur_best.rank is None, cur_best.rank or 0):
                    best[c.symbol] = c
            keep = {c.id for c in best.values()}
            chosen = [c for c in chosen if c.id in keep]
    else:
        chosen = ordered
    start = (page - 1) * per_page
    page_coins = chosen[start:start + per_page]
    periods = [p for p in PERIODS if p in set(x.lower() for x in split_list(q.get("price_change_percentage", "")))]
    return cur, page_coins, periods, parse_bool(q.get("sparkline", "false"))


def search_coins(query, evil=False, nulls=False):
    ql = query.strip().lower()
    results = []
    if ql:
        exact = [c for c in COINS if ql in (c.id, c.symbol.lower(), c.name.lower())]
        partial = [c for c in COINS if c not in exact and
                   (ql in c.id or ql in c.symbol.lower() or ql in c.name.lower())]
        key = lambda c: (c.rank is None, c.rank or 0, c.id)
        partial.sort(key=key)
        chosen = exact + partial[:max(0, 25 - len(exact))]
        chosen = sorted(chosen[:25], key=key)
        for c in chosen:
            name, symbol = c.name, c.symbol
            if evil and c.rank is not None and c.rank <= len(EVIL):
                name, symbol = EVIL[c.rank - 1]
            results.append({
                "id": c.id,
                "name": name,
                "api_symbol": c.id,
                "symbol": symbol.upper(),
                "market_cap_rank": None if nulls else c.rank,
                "thumb": f"https://coin-images.coingecko.com/coins/images/{c.image_n}/thumb/{c.id}.png",
                "large": f"https://coin-images.coingecko.com/coins/images/{c.image_n}/large/{c.id}.png",
            })
    return {"coins": results, "exchanges": [], "icos": [], "categories": [], "nfts": []}


def global_data(now, nulls=False):
    ranked = [c for c in COINS if c.rank is not None]
    total_mc = sum(c.mcap for c in ranked)
    total_vol = sum(c.volume for c in ranked)
    prev_mc = sum(c.mcap / (1 + ((c.price / c.spark[-25] - 1) * 100 + c.mc_pct_adj) / 100) for c in ranked)
    top = ORDERED["market_cap_desc"][:10]
    conv = lambda v: {cur: (None if nulls else sig(v * n / d, 12)) for cur, (n, d) in CURRENCIES.items()}
    data = {
        "active_cryptocurrencies": None if nulls else len(COINS),
        "upcoming_icos": 0,
        "ongoing_icos": 49,
        "ended_icos": 3376,
        "markets": None if nulls else 1107,
        "total_market_cap": conv(total_mc),
        "total_volume": conv(total_vol),
        "market_cap_percentage": {c.symbol: (None if nulls else c.mcap / total_mc * 100) for c in top},
        "market_cap_change_percentage_24h_usd": None if nulls else (total_mc / prev_mc - 1) * 100,
        "updated_at": int(now),
    }
    return {"data": data}


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.log = []
        self.mode = {"mode": "ok", "params": {}, "remaining": None}
        self.flaky_n = 0
        self.move_k = 0
        self.fixed_time = None
        self.initial_fixed_time = None

    def now(self):
        return self.fixed_time if self.fixed_time is not None else time.time()

    def set_mode(self, name, params=None, count=None):
        if name not in MODES:
            raise ValueError(f"unknown mode {name!r}; known: {', '.join(MODES)}")
        params = dict(params or {})
        if name == "429":
            style = params.get("style", "seconds")
            if style not in RATE_LIMIT_STYLES:
                raise ValueError(f"unknown 429 style {style!r}; known: {', '.join(RATE_LIMIT_STYLES)}")
        if count is not None:
            count = int(count)
            if count < 1:
                raise ValueError("count must be >= 1")
        if name == "bomb":
            # Made now, not on the first request: compressing 1 GiB takes seconds, many on a
            # busy machine, and the command under test would time out and ask again.
            gzip_bomb(int(params.get("mb", 256)))
        with self.lock:
            self.mode = {"mode": name, "params": params, "remaining": count}
            self.flaky_n = 0
            self.move_k = 0

    def describe(self):
        with self.lock:
            d = dict(self.mode)
            d["params"] = dict(d["params"])
            return d

    def take(self):
        """Mode for the next data request (consumes one of `count`)."""
        with self.lock:
            m = {"mode": self.mode["mode"], "params": dict(self.mode["params"])}
            if m["mode"] != "ok" and self.mode["remaining"] is not None:
                self.mode["remaining"] -= 1
                if self.mode["remaining"] <= 0:
                    self.mode = {"mode": "ok", "params": {}, "remaining": None}
            if m["mode"] == "flaky":
                self.flaky_n += 1
                m["flaky_n"] = self.flaky_n
            return m

    def next_move(self):
        with self.lock:
            self.move_k += 1
            return self.move_k


STATE = State()


def move_percent(mode, params):
    """Mode "move": prices up 1 % more on every request, or by a fixed {"percent": P}."""
    if mode != "move":
        return 0
    if "percent" in params:
        return float(params["percent"])
    return STATE.next_move()


def param_value(v):
    if isinstance(v, str):
        for conv in (int, float):
            try:
                return conv(v)
            except ValueError:
                pass
    return v


# ---------------------------------------------------------------------------
# HTTP
# ---------------------------------------------------------------------------

HTML_503 = """<!DOCTYPE html>
<html><head><title>503 Service Temporarily Unavailable</title></head>
<body><center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>cloudflare</center></body></html>
"""
HTML_FIREWALL = """<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html lang="en-US"><head><title>Access denied | api.coingecko.com used Cloudflare to restrict access</title>
<meta charset="UTF-8" /><meta name="robots" content="noindex, nofollow" /></head>
<body><div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">
<h1><span class="cf-error-type">Error</span> <span class="cf-error-code">1020</span></h1>
<h2 class="cf-subheadline">Access denied</h2>
<p>This website is using a security service to protect itself from online attacks.</p>
<p>error code: 1020</p>
<span class="cf-footer-item">Cloudflare Ray ID: <strong>8a1b2c3d4e5f6a7b</strong></span>
</div></div></body></html>
"""
HTML_200 = """<!DOCTYPE html>
<html><head><title>CoinGecko</title></head>
<body><h1>Just a moment...</h1><p>Checking your browser before accessing api.coingecko.com.</p></body></html>
"""


class Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    request_queue_size = 64

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError, socket.timeout)):
            return
        super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeCoinGecko/1.0"
    sys_version = ""

    def log_message(self, fmt, *args):  # quiet
        pass

    def version_string(self):
        return self.server_version

    def do_GET(self):
        self._dispatch()

    def do_POST(self):
        self._dispatch()

    def do_PUT(self):
        self._dispatch()

    def do_DELETE(self):
        self._dispatch()

    def do_HEAD(self):
        self._dispatch()

    # -- plumbing ----------------------------------------------------------

    def _read_body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n > 0 else b""

    def _send(self, status, body, ctype="application/json; charset=utf-8", headers=None):
        if not isinstance(body, bytes):
            body = dumps(body)
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            self.wfile.flush()
        except (ConnectionError, socket.timeout):
            self.close_connection = True

    def _dispatch(self):
        parts = urlsplit(self.path)
        path = parts.path
        if len(path) > 1 and path.endswith("/"):
            path = path.rstrip("/")
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        body = self._read_body()
        if path == CONTROL_PREFIX or path.startswith(CONTROL_PREFIX + "/"):
            return self._control(path[len(CONTROL_PREFIX):], body)
        headers = {}
        for k, v in self.headers.items():
            k = k.lower()
            headers[k] = headers[k] + ", " + v if k in headers else v
        entry = {"method": self.command, "path": path, "query": query, "headers": headers,
                 "time": time.time()}
        with STATE.lock:
            STATE.log.append(entry)
        mode = STATE.take()
        # Param "only_vs_currency": the mode applies to requests for that currency only (the
        # others are answered as in mode "ok").
        only = mode["params"].get("only_vs_currency")
        if only and query.get("vs_currency", "").lower() != str(only).lower():
            mode = {"mode": "ok", "params": {}}
        # Param "only_path": the mode applies to that path only (e.g. "/api/v3/search").
        only_path = mode["params"].get("only_path")
        if only_path and path != only_path:
            mode = {"mode": "ok", "params": {}}
        self._apply_mode(mode, path, query)

    # -- control -----------------------------------------------------------

    def _control(self, sub, body):
        cmd = self.command
        if sub == "/ping" and cmd == "GET":
            return self._send(200, {"ok": True, "port": self.server.server_address[1]})
        if sub == "/requests" and cmd == "GET":
            with STATE.lock:
                log = list(STATE.log)
            return self._send(200, log)
        if sub == "/time" and cmd == "POST":
            try:
                spec = json.loads(body.decode("utf-8") or "{}")
                value = spec.get("time") if isinstance(spec, dict) else None
                frozen = parse_time(value) if value else None
            except (ValueError, TypeError, AttributeError) as e:
                return self._send(400, {"error": str(e)})
            with STATE.lock:
                STATE.fixed_time = frozen
            return self._send(200, {"time": frozen})
        if sub == "/reset" and cmd == "POST":
            with STATE.lock:
                STATE.log.clear()
                STATE.fixed_time = STATE.initial_fixed_time
            STATE.set_mode("ok")
            return self._send(200, {"ok": True})
        if sub == "/mode" and cmd == "GET":
            return self._send(200, STATE.describe())
        if sub == "/mode" and cmd == "POST":
            try:
                spec = json.loads(body.decode("utf-8") or "{}")
                if not isinstance(spec, dict) or "mode" not in spec:
                    raise ValueError('body must be a JSON object with "mode"')
                params = dict(spec.get("params") or {})
                params.update({k: v for k, v in spec.items() if k not in ("mode", "count", "params")})
                STATE.set_mode(str(spec["mode"]), params, spec.get("count"))
            except (ValueError, TypeError) as e:
                return self._send(400, {"error": str(e)})
            return self._send(200, STATE.describe())
        if sub == "/shutdown" and cmd == "POST":
            self._send(200, {"ok": True})
            request_stop()
            return None
        return self._send(404, {"error": "Not Found"})

    # -- modes -------------------------------------------------------------

    def _apply_mode(self, mode, path, query):
        """Response-level modes; content-level ones are passed on to _route."""
        name, params = mode["mode"], mode["params"]
        if name == "429":
            return self._rate_limited(params)
        if name == "redirect":
            # 302 to params["to"] + the same path and query (e.g. another fake's base URL).
            target = str(params.get("to", "")) + self.path[len(API_PREFIX):]
            return self._send(302, {"error": "moved"}, headers={"Location": target})
        if name == "500" or (name == "flaky" and mode.get("flaky_n", 1) % 2 == 0):
            return self._send(500, {"error": "Internal Server Error"})
        if name == "503-html":
            return self._send(503, HTML_503.encode(), "text/html; charset=UTF-8")
        if name == "firewall":
            return self._send(403, HTML_FIREWALL.encode(), "text/html; charset=UTF-8",
                              {"Server": "cloudflare", "CF-RAY": "8a1b2c3d4e5f6a7b-FRA"})
        if name == "html-200":
            return self._send(200, HTML_200.encode(), "text/html; charset=UTF-8")
        if name == "401":
            code = int(params.get("code", 10002))
            body = {"status": {"error_code": code, "error_message": KEY_ERRORS.get(code, "Unauthorized")}}
            return self._send(int(params.get("status", 401)), body)
        if name == "error":
            status = int(params.get("status", 500))
            body = params.get("body", {"error": f"fake error {status}"})
            if isinstance(body, str):
                return self._send(status, body.encode("utf-8"), params.get("content_type", "text/plain; charset=utf-8"))
            return self._send(status, body)
        if name == "hang":
            return self._hang()
        if name == "bomb":
            return self._send(200, gzip_bomb(int(params.get("mb", 256))), headers={"Content-Encoding": "gzip"})
        if name == "slow":
            STOP.wait(float(params.get("delay", 2)))
            if STOP.is_set():
                self.close_connection = True
                return None
        status, body = self._route(path, query, name, params)
        if name == "truncated":
            return self._truncated(status, body)
        if isinstance(body, HugeBody):
            return self._stream(status, body)
        if name == "gzip" and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            z = zlib.compressobj(6, zlib.DEFLATED, 31)
            data = z.compress(body if isinstance(body, bytes) else dumps(body)) + z.flush()
            return self._send(status, data, headers={"Content-Encoding": "gzip"})
        return self._send(status, body)

    def _rate_limited(self, params):
        ra = float(params.get("retry_after", 1))
        style = params.get("style", "seconds")
        secs = int(math.ceil(ra))
        target = math.ceil(time.time()) + secs
        headers = {}
        if style in ("seconds", "both"):
            headers["Retry-After"] = str(secs)
        if style == "http-date":
            headers["Retry-After"] = formatdate(target, usegmt=True)
        if style in ("reset-only", "both"):
            headers["x-ratelimit-limit"] = "30"
            headers["x-ratelimit-remaining"] = "0"
            headers["x-ratelimit-reset"] = datetime.fromtimestamp(target, tz=timezone.utc).strftime(
                "%Y-%m-%d %H:%M:%S +0000")
        return self._send(429, RATE_LIMIT_BODY, headers=headers)

    def _hang(self):
        self.close_connection = True
        sock = self.connection
        while not STOP.is_set():
            try:
                r, _, _ = select.select([sock], [], [], 0.25)
                if r:
                    if not sock.recv(1, socket.MSG_PEEK):
                        return  # client went away
                    STOP.wait(0.25)
            except (OSError, ValueError):
                return

    def _truncated(self, status, body):
        if isinstance(body, HugeBody):
            body = b"".join(body.chunks())
        if not isinstance(body, bytes):
            body = dumps(body)
        self.close_connection = True
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body) + max(1000, len(body))))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _stream(self, status, huge):
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            if huge.chunked:
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(huge.length))
            self.end_headers()
            for chunk in huge.chunks():
                if STOP.is_set():
                    break
                if huge.chunked:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                else:
                    self.wfile.write(chunk)
                if huge.rate > 0:
                    time.sleep(len(chunk) / huge.rate)
            if huge.chunked:
                self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (ConnectionError, socket.timeout):
            pass
        self.close_connection = True

    # -- data endpoints ----------------------------------------------------

    def _route(self, path, query, mode, params):
        if self.command not in ("GET", "HEAD"):
            return 404, {"error": "Not Found"}
        now = STATE.now()
        evil, nulls = mode == "evil", mode == "nulls"
        try:
            if path == API_PREFIX + "/ping":
                if mode == "wrong-shape":
                    return 200, ["(V3) To the Moon!"]
                return 200, {"gecko_says": "(V3) To the Moon!"}
            if path == API_PREFIX + "/coins/markets":
                return self._markets(query, mode, params, now)
            if path == API_PREFIX + "/search":
                if mode == "wrong-shape":
                    return 200, []
                if mode == "huge":
                    return 200, HugeBody([dumps(r) for r in self._huge_rows(now)], params)
                return 200, search_coins(query.get("query", ""), evil=evil, nulls=nulls)
            if path == API_PREFIX + "/coins/list":
                if mode == "wrong-shape":
                    return 200, {"coins": len(COINS)}
                items = []
                for c in COINS:
                    name, symbol = c.name, c.symbol
                    if evil and c.rank is not None and c.rank <= len(EVIL):
                        name, symbol = EVIL[c.rank - 1]
                    item = {"id": c.id, "symbol": symbol, "name": name}
                    if parse_bool(query.get("include_platform", "false")):
                        item["platforms"] = {}
                    items.append(item)
                if mode == "huge":
                    return 200, HugeBody([dumps(i) for i in items], params)
                return 200, items
            if path == API_PREFIX + "/simple/price":
                return self._simple_price(query, mode, now)
            if path == API_PREFIX + "/simple/supported_vs_currencies":
                return 200, list(CURRENCIES)
            if path == API_PREFIX + "/search/trending":
                return 200, quick_answers.trending(BY_ID, lambda c: market_row(c, "usd", [], False, now), mode, EVIL)
            if path == API_PREFIX + "/coins/categories":
                return 200, quick_answers.categories(
                    BY_ID, lambda c: market_row(c, "usd", [], False, now),
                    iso_ms(math.floor(now) - 60), mode)
            if path == API_PREFIX + "/exchange_rates":
                return 200, quick_answers.exchange_rates(CURRENCIES, BY_ID["bitcoin"].price, mode)
            if path == API_PREFIX + "/global":
                if mode == "wrong-shape":
                    return 200, [global_data(now)["data"]]
                return 200, global_data(now, nulls=nulls)
            answer = ledger_route(path, query, now, BY_ID, CURRENCIES, mode == "fixed-rates")
            if answer is not None:
                return answer
            if path.startswith(API_PREFIX + "/coins/") and path.count("/") >= 5:
                return self._history(path, query, mode, now)
        except ApiError as e:
            return e.status, e.body
        except fake_history.HistoryError as e:
            return e.status, e.body
        return 404, {"error": "Not Found"}

    def _markets(self, query, mode, params, now):
        cur, page, periods, spark = select_markets(query)
        move_k = move_percent(mode, params)
        if mode == "huge":
            return 200, HugeBody([dumps(r) for r in self._huge_rows(now, cur, periods)], params)
        rows = [market_row(c, cur, periods, spark, now, move_k, evil=(mode == "evil")) for c in page]
        if mode == "nulls":
            rows = [nullify_row(r) for r in rows]
        elif mode == "absurd":
            rows = [absurd_row(r, i) for i, r in enumerate(rows)]
        if mode == "wrong-shape":
            return 200, {"data": rows, "status": "ok"}
        return 200, rows

    def _history(self, path, query, mode, now):
        """/coins/{id}/market_chart, /market_chart/range, /ohlc (see fake_history.py)."""
        parts = path[len(API_PREFIX) + len("/coins/"):].split("/")
        cid, kind = unquote(parts[0]), "/".join(parts[1:])
        if kind not in ("market_chart", "market_chart/range", "ohlc"):
            return 404, {"error": "Not Found"}
        c = BY_ID.get(cid)
        if c is None:
            return 404, {"error": "coin not found"}
        cur = currency_param(query)
        row = market_row(c, cur, [], False, now)
        num, den = CURRENCIES[cur]
        price_now, scale = c.price, num / den
        headers = {k.lower(): v for k, v in self.headers.items()}
        empty = c.spark_len == 0
        if kind == "ohlc":
            body = fake_history.ohlc(c, price_now, scale, now, query.get("days", ""), headers, empty)
        elif kind == "market_chart":
            body = fake_history.market_chart(c, price_now, scale, now, query.get("days", ""),
                                             headers, empty)
        else:
            body = fake_history.market_chart_range(c, price_now, scale, now, query.get("from", ""),
                                                   query.get("to", ""), headers, empty)
        del row
        if mode == "wrong-shape":
            return 200, {"data": body}
        if mode == "nulls" and isinstance(body, dict):
            prices = body["prices"]
            for i in range(0, len(prices), 7):
                prices[i] = [prices[i][0], None]
            if len(prices) > 3:
                prices[1], prices[2] = prices[2], prices[1]
                prices.insert(3, list(prices[3]))
        return 200, body

    def _huge_rows(self, now, cur="usd", periods=("1h", "24h", "7d")):
        return [market_row(c, cur, list(periods), True, now) for c in ORDERED["market_cap_desc"][:250]]

    def _simple_price(self, query, mode, now):
        ids = split_list(query.get("ids", "").lower())
        if not ids:
            raise ApiError(400, "Missing parameter ids")
        if "vs_currencies" not in query or not split_list(query["vs_currencies"]):
            raise ApiError(400, "Missing parameter vs_currencies")
        curs = [x.lower() for x in split_list(query["vs_currencies"])]
        move_k = STATE.next_move() if mode == "move" else 0
        inc_mc = parse_bool(query.get("include_market_cap", "false"))
        inc_vol = parse_bool(query.get("include_24hr_vol", "false"))
        inc_ch = parse_bool(query.get("include_24hr_change", "false"))
        inc_lu = parse_bool(query.get("include_last_updated_at", "false"))
        out = {}
        for cid in ids:
            c = BY_ID.get(cid)
            if c is None:
                continue
            entry = {}
            for cur in curs:
                if cur not in CURRENCIES:
                    continue
                row = market_row(c, cur, ["24h"], False, now, move_k)
                if mode == "nulls":
                    row = nullify_row(row)
                elif mode == "absurd":
                    row = absurd_row(row, c.rank or 0)
                entry[cur] = row["current_price"]
                if inc_mc:
                    entry[f"{cur}_market_cap"] = row["market_cap"]
                if inc_vol:
                    entry[f"{cur}_24h_vol"] = row["total_volume"]
                if inc_ch:
                    entry[f"{cur}_24h_change"] = row["price_change_percentage_24h_in_currency"]
            if inc_lu:
                entry["last_updated_at"] = int(now - c.lu_offset)
            out[cid] = entry
        if mode == "wrong-shape":
            return 200, list(out.values())
        return 200, out


_BOMBS = {}
_BOMBS_LOCK = threading.Lock()


def gzip_bomb(mb):
    """`mb` MiB of zeros, gzip-compressed (about 1/1000 of that on the wire); made once."""
    with _BOMBS_LOCK:
        if mb not in _BOMBS:
            z = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1 << 20)
            _BOMBS[mb] = b"".join([z.compress(zeros) for _ in range(mb)] + [z.flush()])
        return _BOMBS[mb]


class HugeBody:
    """A ~`size`-byte JSON array built by repeating pre-encoded items, streamed in chunks
    (params: `size` in bytes, default 40 MB; `rate` in bytes per second, default unlimited;
    `chunked` 1 to send it with Transfer-Encoding: chunked, its length undeclared)."""

    def __init__(self, items, params):
        self.items = items
        target = int(params.get("size", 40_000_000))
        # Optional bytes per second, to send like a real network rather than at loopback speed.
        self.rate = float(params.get("rate", 0) or 0)
        self.chunked = str(params.get("chunked", "0")).lower() in ("1", "1.0", "true")
        n, length = 0, 2
        while length < target:
            length += len(items[n % len(items)]) + (1 if n else 0)
            n += 1
        self.n, self.length = n, length

    def chunks(self, chunk_size=256 * 1024):
        buf = [b"["]
        size = 1
        for i in range(self.n):
            if i:
                buf.append(b",")
                size += 1
            item = self.items[i % len(self.items)]
            buf.append(item)
            size += len(item)
            if size >= chunk_size:
                yield b"".join(buf)
                buf, size = [], 0
        buf.append(b"]")
        yield b"".join(buf)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

SERVER = None


def request_stop():
    STOP.set()
    if SERVER is not None:
        threading.Thread(target=SERVER.shutdown, daemon=True).start()


def parse_time(s):
    s = s.strip().replace("Z", "+00:00")
    dt = datetime.fromisoformat(s)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


def main(argv=None):
    global SERVER
    ap = argparse.ArgumentParser(description="Fake CoinGecko v3 server (loopback only).")
    ap.add_argument("--port", type=int, default=0, help="port to bind on 127.0.0.1 (0 = ephemeral)")
    ap.add_argument("--port-file", help="write the bound port here (atomically) once listening")
    ap.add_argument("--mode", default="ok",
                    help=f"initial mode: a NAME ({', '.join(MODES)}) or a JSON object like the "
                         "POST /__control/mode body")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="mode parameter (repeatable), e.g. retry_after=2, style=http-date, delay=3")
    ap.add_argument("--count", type=int, help="apply the initial mode to the next N data requests only")
    ap.add_argument("--lifetime", type=float, default=300, help="exit after this many seconds (0 = never)")
    ap.add_argument("--fixed-time", help="freeze 'now' (ISO 8601) for last_updated / updated_at")
    ap.add_argument("--tls-cert", help="serve HTTPS with this PEM certificate (chain) ...")
    ap.add_argument("--tls-key", help="... and this PEM private key")
    ap.add_argument("--no-watch-parent", action="store_true", help="keep running if the parent process dies")
    args = ap.parse_args(argv)

    try:
        if args.mode.lstrip().startswith("{"):
            spec = json.loads(args.mode)
            name = spec.pop("mode")
            count = spec.pop("count", args.count)
            params = dict(spec.pop("params", {}) or {})
            params.update(spec)
        else:
            name, count, params = args.mode, args.count, {}
        for kv in args.param:
            k, _, v = kv.partition("=")
            params[k.strip()] = param_value(v.strip())
        STATE.set_mode(name, params, count)
        if args.fixed_time:
            STATE.fixed_time = STATE.initial_fixed_time = parse_time(args.fixed_time)
    except (ValueError, KeyError, TypeError) as e:
        ap.error(str(e))

    SERVER = Server(("127.0.0.1", args.port), Handler)
    port = SERVER.server_address[1]
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        SERVER.socket = context.wrap_socket(SERVER.socket, server_side=True)

    signal.signal(signal.SIGTERM, lambda *_: request_stop())
    signal.signal(signal.SIGINT, lambda *_: request_stop())
    if args.lifetime and args.lifetime > 0:
        t = threading.Timer(args.lifetime, request_stop)
        t.daemon = True
        t.start()
    if not args.no_watch_parent:
        ppid = os.getppid()

        def watch():
            while not STOP.wait(0.5):
                if os.getppid() != ppid:
                    request_stop()
                    return
        threading.Thread(target=watch, daemon=True).start()

    if args.port_file:
        tmp = f"{args.port_file}.tmp.{os.getpid()}"
        with open(tmp, "w") as f:
            f.write(f"{port}\n")
        os.replace(tmp, args.port_file)
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
        sys.stderr.flush()
        os._exit(0)


if __name__ == "__main__":
    main()
