#!/usr/bin/env python3
"""Issue 44's economy benchmark: how many requests `coins` spends on past prices.

Usage: economy_bench.py --coins <release coins> [--count 50] [--years 4] [--limit 10]
                        [--window 6] [--warm-runs 5] [--import-rows 100000]

Starts the end-to-end tests' fakes on 127.0.0.1 (Tests/EndToEndTests/FakeCoinGecko): CoinGecko
with a keyless-like budget — at most `--limit` requests in each fixed window of `--window`
seconds, past that its "429" mode's answer (Retry-After: the seconds to the window's end),
refusals counted in the window too — and Coinbase, Binance and the ECB. The keyless plan's 10
requests a minute run ten times faster (10 in 6 s, `coins` told `coingecko_rate = 100`), so a
cold run takes seconds, not minutes; everything else is the real budget's shape. The exchange
fakes list the benchmark's coins (their series follow the fake CoinGecko's, as the fakes do for
BTC and ETH), Coinbase all but those under 1 USD (2-decimal candles), Binance all of them.

Then, with an empty cache: a portfolio of `--count` coins (the fake's best-ranked with a
ticker of their own, no stablecoins), one bought every 4 years ÷ count days from `--years`
back to now, charted with `coins portfolio chart --range max --json`; the fakes' logs give the
requests per source and coin, and the budget's log the 429s per window. The same chart again
`--warm-runs` times from the warm cache (timed, requests counted). Last, in a new home with an
empty cache, `portfolio import --dry-run` of a Kraken ledger of about `--import-rows` rows over
the same years (exchange_exports.py's events: trades between coins and staking income that the
ledger does not value, priced through the chain), its requests counted.

Checked, as issue 44's "Economy" section asks: per coin and source no more requests than the
source's page size needs for the days that coin needs from it (CoinGecko one range; Coinbase
300 days, Binance 1,000 days a request; 7 days more before the first day, the carry-forward's
reach), at most one 429 per budget window, the chart complete (exit 0, every day a point, no
coin missing), the warm chart within 1 s (median), and the import's requests counted per coin,
not per row. Prints markdown. Standard library only.
"""

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FAKES = os.path.join(ROOT, "Tests", "EndToEndTests", "FakeCoinGecko")
DAY = 86_400
FREE_REACH = 365  # days CoinGecko's free plans reach back (CoinGeckoDailyOpens.freeReachDays)
PAGES = {"coingecko": None, "coinbase": 300, "binance": 1_000}
CARRY = 7  # the carry-forward's reach: an exchange is asked from 7 days before the first day
STABLE = {"tether", "usd-coin", "dai"}
SPECIAL = {"stale", "fresh"}  # the fake's coins with odd market data


# -- the fakes, run by this same script (--serve) -------------------------------------------

def serve(name, listed_path, limit, window, budget_log, argv):
    """Runs fake `name` with the benchmark's listings (and CoinGecko's budget); never returns."""
    sys.path.insert(0, FAKES)
    import fake_price_server as common
    with open(listed_path, encoding="utf-8") as f:
        listed = json.load(f)
    common.LISTED.update({ticker: tuple(value) for ticker, value in listed.items()})
    if name == "coingecko":
        import fake_coingecko
        budgeted(fake_coingecko, limit, window, budget_log)
        fake_coingecko.main(argv)
    module = __import__(f"fake_{name}")
    common.run(f"fake {name} (economy benchmark)", module.MODES, module.answer, argv)


def budgeted(fake, limit, window, log_path):
    """Puts a fixed-window budget in front of the fake CoinGecko's data requests."""
    lock = threading.Lock()
    counts = Counter()
    log = open(log_path, "a", encoding="utf-8")
    original = fake.Handler._apply_mode

    def apply(self, mode, path, query):
        now = time.time()
        with lock:
            slot = int(now // window)
            counts[slot] += 1
            refused = counts[slot] > limit
            log.write(json.dumps({"time": now, "window": slot, "path": path,
                                  "status": 429 if refused else 200}) + "\n")
            log.flush()
        if refused:
            return self._rate_limited({"retry_after": max(1, math.ceil((slot + 1) * window - now))})
        return original(self, mode, path, query)

    fake.Handler._apply_mode = apply


class Fake:
    """One fake started through --serve, its port read from its first line."""

    def __init__(self, name, args, extra=()):
        argv = [sys.executable, os.path.abspath(__file__), "--serve", name,
                "--listed", args.listed, "--limit", str(args.limit), "--window", str(args.window),
                "--budget-log", args.budget_log, "--", "--port", "0", "--lifetime", "0", *extra]
        self.name = name
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("PORT "):
            raise SystemExit(f"fake {name} did not start: {line!r}")
        self.port = int(line.split()[1])

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def control(self, path, method="GET"):
        request = urllib.request.Request(self.base + "/__control" + path, method=method,
                                         data=b"{}" if method == "POST" else None)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def take_log(self):
        """The data requests since the last call (the log is kept: a reset would also drop
        the mode's parameters, Coinbase's `unlisted`)."""
        log = self.control("/requests")
        seen, self.seen = getattr(self, "seen", 0), len(log)
        return log[seen:]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


# -- the portfolio ---------------------------------------------------------------------------

def chosen_coins(count):
    """The fake's best-ranked coins with a ticker of their own (the best-ranked coin with that
    symbol, plain letters and digits), no stablecoins."""
    sys.path.insert(0, FAKES)
    import fake_coingecko
    ranked = sorted((c for c in fake_coingecko.COINS if c.rank), key=lambda c: c.rank)
    best = {}
    for coin in ranked:
        best.setdefault(coin.symbol.upper(), coin)
    picked = [c for c in ranked if best[c.symbol.upper()] is c and c.symbol.isascii()
              and c.symbol.isalnum() and c.id not in STABLE | SPECIAL]
    return picked[:count]


def listings(coins, extra_tickers, now):
    """fake_price_server.LISTED entries: ticker -> (price, first day traded)."""
    sys.path.insert(0, FAKES)
    import fake_coingecko
    import fake_history
    by_symbol = {}
    for coin in sorted((c for c in fake_coingecko.COINS if c.rank), key=lambda c: c.rank):
        by_symbol.setdefault(coin.symbol.upper(), coin)
    listed = {}
    for ticker in [c.symbol.upper() for c in coins] + list(extra_tickers):
        coin = by_symbol[ticker]
        first = datetime.fromtimestamp(fake_history.genesis(coin, now), tz=timezone.utc)
        listed[ticker] = [coin.price, first.strftime("%Y-%m-%d")]
    return listed


def portfolio(coins, today, years):
    """One buy per coin, spread evenly over the years before today; day numbers of the buys."""
    first = today - years * 365
    step = years * 365 // len(coins)
    holdings, days = [], {}
    for index, coin in enumerate(coins):
        day = first + index * step
        days[coin.id] = day
        date = datetime.fromtimestamp(day * DAY + 12 * 3600, tz=timezone.utc)
        amount = format(Decimal(f"{1000 / coin.price:.4g}").normalize(), "f")
        holdings.append({"id": coin.id, "transactions": [{
            "id": str(index + 1), "type": "buy", "amount": amount,
            "price": format(Decimal(f"{coin.price:.6g}").normalize(), "f"), "currency": "usd",
            "date": date.strftime("%Y-%m-%dT%H:%M:%S.000Z")}]})
    return {"version": 3, "holdings": holdings}, days


# -- running coins ---------------------------------------------------------------------------

def environment(home, fakes):
    return {
        "HOME": home, "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "XDG_DATA_HOME": os.path.join(home, "data"), "PATH": "/usr/bin:/bin", "TZ": "UTC",
        "COLUMNS": "120",
        "COINGECKO_BASE_URL": fakes["coingecko"].base + "/api/v3",
        "COINS_COINBASE_BASE_URL": fakes["coinbase"].base,
        "COINS_BINANCE_BASE_URL": fakes["binance"].base,
        "COINS_ECB_BASE_URL": fakes["ecb"].base,
    }


def new_home(rate):
    home = tempfile.mkdtemp(prefix="coins-economy-")
    os.makedirs(os.path.join(home, ".config", "coins"))
    with open(os.path.join(home, ".config", "coins", "config.toml"), "w") as f:
        f.write(f"[network]\ncoingecko_rate = {rate}\n")
    return home


def run(coins_binary, argv, env):
    started = time.monotonic()
    done = subprocess.run([coins_binary, *argv], env=env, capture_output=True, text=True,
                          timeout=900)
    return done, time.monotonic() - started


# -- counting --------------------------------------------------------------------------------

def coin_of(source, entry, by_ticker):
    path, query = entry["path"], entry.get("query", {})
    if source == "coingecko":
        parts = path.split("/")
        if "coins" in parts and len(parts) > parts.index("coins") + 2:
            return parts[parts.index("coins") + 1]
        return None
    if source == "coinbase":
        ticker = path.split("/")[2].rsplit("-", 1)[0] if path.startswith("/products/") else None
    else:
        ticker = query.get("symbol", "").removesuffix("USDT") or None
    return by_ticker.get(ticker, ticker)


def per_coin(logs, by_ticker):
    """{source: {coin: requests}} and {source: [paths not about one coin]}."""
    counts = {source: Counter() for source in logs}
    others = {source: Counter() for source in logs}
    for source, log in logs.items():
        for entry in log:
            coin = coin_of(source, entry, by_ticker)
            if coin:
                counts[source][coin] += 1
            else:
                others[source][entry["path"]] += 1
    return counts, others


def pages_needed(source, first_day, today):
    """Requests the days a coin needs from `source` take: CoinGecko one range; an exchange the
    days from 7 before the first day to the day before CoinGecko's reach, in its pages."""
    if source == "coingecko":
        return 1
    reach = today - FREE_REACH
    days = reach - (first_day - CARRY)
    return max(1, math.ceil(days / PAGES[source]))


def budget_windows(path, since):
    windows = defaultdict(lambda: [0, 0])
    with open(path, encoding="utf-8") as f:
        for line in f:
            entry = json.loads(line)
            if entry["time"] >= since:
                windows[entry["window"]][0] += 1
                windows[entry["window"]][1] += entry["status"] == 429
    return windows


def points_of(stdout):
    """The chart's points and sources (the JSON's other members say when it was drawn)."""
    try:
        chart = json.loads(stdout)
    except ValueError:
        return None
    return chart.get("points"), chart.get("sources")


def fmt_ms(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


# -- the benchmark ---------------------------------------------------------------------------

def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        parser = argparse.ArgumentParser()
        parser.add_argument("--serve")
        parser.add_argument("--listed")
        parser.add_argument("--limit", type=int)
        parser.add_argument("--window", type=float)
        parser.add_argument("--budget-log")
        split = sys.argv.index("--")
        args = parser.parse_args(sys.argv[1:split])
        return serve(args.serve, args.listed, args.limit, args.window, args.budget_log,
                     sys.argv[split + 1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coins", required=True, help="the release coins binary")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--years", type=int, default=4)
    parser.add_argument("--limit", type=int, default=10, help="CoinGecko requests per window")
    parser.add_argument("--window", type=float, default=6.0, help="CoinGecko window, seconds")
    parser.add_argument("--warm-runs", type=int, default=5)
    parser.add_argument("--import-rows", type=int, default=100_000)
    args = parser.parse_args()
    rate = round(args.limit * 60 / args.window)
    work = tempfile.mkdtemp(prefix="coins-economy-work-")
    args.listed = os.path.join(work, "listed.json")
    args.budget_log = os.path.join(work, "budget.jsonl")
    sys.path.insert(0, HERE)
    import exchange_exports

    now = time.time()
    today = int(now // DAY)
    coins = chosen_coins(args.count)
    listed = listings(coins, [t for t, _ in exchange_exports.COINS], now)
    with open(args.listed, "w") as f:
        json.dump(listed, f)
    binance_only = sorted(t for t, (price, _) in listed.items() if price < 1)
    fakes = {}
    homes = []
    try:
        fakes["coingecko"] = Fake("coingecko", args)
        fakes["coinbase"] = Fake("coinbase", args, ["--param", "unlisted=" + ",".join(binance_only)])
        fakes["binance"] = Fake("binance", args)
        fakes["ecb"] = Fake("ecb", args)
        report(args, fakes, coins, today, rate, binance_only, homes, exchange_exports)
    finally:
        for fake in fakes.values():
            fake.stop()
        for home in homes + [work]:
            shutil.rmtree(home, ignore_errors=True)


def report(args, fakes, coins, today, rate, binance_only, homes, exchange_exports):
    out = print
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "?"
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    out(f"# Economy of requests (issue 44), {datetime.now(timezone.utc):%Y-%m-%d %H:%M:%S} UTC")
    out()
    out(f"Commit {commit}, `{args.coins}`; {os.cpu_count()} cores, load average before it: "
        f"{load}.")
    out()
    by_ticker = {c.symbol.upper(): c.id for c in coins}
    symbol = {c.id: c.symbol.upper() for c in coins}
    home = new_home(rate)
    homes.append(home)
    env = environment(home, fakes)
    document, first_days = portfolio(coins, today, args.years)
    os.makedirs(os.path.join(home, "data", "coins"))
    with open(os.path.join(home, "data", "coins", "portfolio.json"), "w") as f:
        json.dump(document, f)
    for fake in fakes.values():
        fake.take_log()
    started = time.time()
    argv = ["portfolio", "chart", "--range", "max", "--json"]
    cold, cold_time = run(args.coins, argv, env)
    cold_logs = {name: fakes[name].take_log() for name in ("coingecko", "coinbase", "binance")}
    ecb_cold = len(fakes["ecb"].take_log())
    windows = budget_windows(args.budget_log, started)
    warm_times, warm_by_source, warm_same = [], Counter(), True
    for _ in range(args.warm_runs):
        warm, seconds = run(args.coins, argv, env)
        warm_times.append(seconds)
        for name, fake in fakes.items():
            for entry in fake.take_log():
                warm_by_source[f"{name} `{entry['path']}`"] += 1
        warm_same &= warm.returncode == 0 and points_of(warm.stdout) == points_of(cold.stdout)
    warm_requests = sum(warm_by_source.values())

    first = min(first_days.values())
    expected_points = today - first + 1  # 00:00 of the first day, then each day's end
    chart = json.loads(cold.stdout) if cold.returncode == 0 else {}
    points = len(chart.get("points", []))
    complete = (cold.returncode == 0 and not chart.get("partial") and not chart.get("missing")
                and points == expected_points)

    out(f"Portfolio: {len(coins)} coins, one bought every {args.years * 365 // len(coins)} days "
        f"from {day_text(first)} (the first) to {day_text(max(first_days.values()))}; today "
        f"{day_text(today)} UTC. CoinGecko keyless-like budget: {args.limit} requests per "
        f"{args.window:g} s window (the keyless 10 a minute, ten times faster; `coins` told "
        f"`coingecko_rate = {rate}`). Coinbase lists {len(coins) - len(set(binance_only) & set(by_ticker))} "
        f"of the coins (not those under 1 USD), Binance all.")
    out()
    out("## `portfolio chart --range max`, cold cache")
    out()
    out(f"Exit {cold.returncode}, {fmt_ms(cold_time)}; {points} points "
        f"(expected {expected_points}: {day_text(first)} to yesterday); partial: "
        f"{bool(chart.get('partial'))}; missing: {chart.get('missing', [])}; sources: "
        f"{', '.join(sorted({s['source'] for s in chart.get('sources', [])}))}.")
    progress = [line for line in cold.stderr.splitlines() if line]
    out(f"Standard error: {len(progress)} lines"
        + (f", the last: `{progress[-1]}`" if progress else "") + ".")
    out()
    counts, others = per_coin(cold_logs, by_ticker)
    out("| source | requests | coins asked | most for one coin | over the pages needed | "
        "not about one coin |")
    out("|---|---:|---:|---:|---:|---|")
    over_all = []
    for source in ("coingecko", "coinbase", "binance"):
        over = [(coin, n, pages_needed(source, first_days[coin], today))
                for coin, n in counts[source].items()
                if coin in first_days and n > pages_needed(source, first_days[coin], today)]
        over_all += [(source,) + o for o in over]
        most = max(counts[source].values(), default=0)
        other = ", ".join(f"`{p}` ×{n}" for p, n in sorted(others[source].items())) or "none"
        out(f"| {source} | {len(cold_logs[source])} | {len(counts[source])} | {most} | "
            f"{len(over)} | {other} |")
    out(f"| ecb | {ecb_cold} |  |  |  |  |")
    out()
    out("Per coin (first day; requests to CoinGecko, Coinbase, Binance; pages needed of "
        "Coinbase, Binance for the days before CoinGecko's reach):")
    out()
    out("| coin | first day | coingecko | coinbase | binance | pages needed |")
    out("|---|---|---:|---:|---:|---|")
    for coin in coins:
        day = first_days[coin.id]
        need = f"{pages_needed('coinbase', day, today)} / {pages_needed('binance', day, today)}"
        out(f"| {symbol[coin.id]}{' (Binance only)' if symbol[coin.id] in binance_only else ''} | "
            f"{day_text(day)} | {counts['coingecko'][coin.id]} | {counts['coinbase'][coin.id]} | "
            f"{counts['binance'][coin.id]} | {need} |")
    out()
    refusals = sum(r for _, r in windows.values())
    worst = max((r for _, r in windows.values()), default=0)
    out(f"CoinGecko's budget: {sum(n for n, _ in windows.values())} requests in "
        f"{len(windows)} windows of {args.window:g} s, {refusals} refused (429); the most in one "
        f"window: {worst}. Per window (requests/429s): "
        + ", ".join(f"{n}/{r}" for _, (n, r) in sorted(windows.items())) + ".")
    out()
    out(f"## Warm: the same chart {args.warm_runs} times from the warm cache")
    out()
    out(f"Median {fmt_ms(statistics.median(warm_times))} (min {fmt_ms(min(warm_times))}, max "
        f"{fmt_ms(max(warm_times))}); requests to the fakes: {warm_requests}"
        + (" (" + ", ".join(f"{k} ×{n}" for k, n in sorted(warm_by_source.items())[:12])
           + (", …" if len(warm_by_source) > 12 else "") + ")" if warm_requests else "")
        + f"; the same points and sources as cold: {warm_same}.")
    out()

    import_home = new_home(rate)
    homes.append(import_home)
    import_env = environment(import_home, fakes)
    exchange_exports.SPAN = timedelta(days=args.years * 365)
    end = datetime.fromtimestamp((today - 1) * DAY, tz=timezone.utc)
    lines, rows = exchange_exports.export_rows("kraken", args.import_rows, end)
    ledger = os.path.join(import_home, "kraken-ledgers.csv")
    with open(ledger, "w", encoding="utf-8", newline="") as f:
        f.write("\n".join(lines) + "\n")
    for fake in fakes.values():
        fake.take_log()
    imported, import_time = run(args.coins, ["portfolio", "import", ledger, "--dry-run"],
                                import_env)
    import_logs = {name: fakes[name].take_log() for name in ("coingecko", "coinbase", "binance")}
    import_tickers = {t: t for t, _ in exchange_exports.COINS}
    import_counts, import_others = per_coin(import_logs, import_tickers)
    import_total = sum(len(log) for log in import_logs.values())
    import_most = max((n for c in import_counts.values() for n in c.values()), default=0)
    span_first = today - args.years * 365
    import_over = [(s, c, n) for s in import_counts for c, n in import_counts[s].items()
                   if n > pages_needed(s, span_first, today)]
    summary = [line for line in imported.stdout.splitlines() if "from" in line.lower()][:3]
    out(f"## Import of a {rows:,}-row Kraken ledger over {args.years} years, cold cache")
    out()
    out(f"`portfolio import --dry-run`: exit {imported.returncode}, {fmt_ms(import_time)}; "
        f"requests: " + ", ".join(f"{s} {len(log)} ({len(import_counts[s])} coins, most for one "
                                  f"{max(import_counts[s].values(), default=0)})"
                                  for s, log in import_logs.items())
        + f"; {import_total} in all, {import_total / max(rows, 1) * 1000:.2f} per 1,000 rows.")
    if summary:
        out("Summary lines: " + " / ".join(f"`{line.strip()}`" for line in summary))
    out()

    checks = [
        ("per coin and source no more requests than its pages need", not over_all,
         "; ".join(f"{s} {c}: {n} > {p}" for s, c, n, p in over_all) or "none over"),
        ("at most one 429 per budget window", worst <= 1, f"most in one window: {worst}"),
        ("complete: exit 0, every day a point, no coin missing", complete,
         f"exit {cold.returncode}, {points} of {expected_points} points"),
        ("warm chart within 1 s (median)", statistics.median(warm_times) <= 1.0,
         fmt_ms(statistics.median(warm_times))),
        ("warm chart asks nothing", warm_requests == 0, f"{warm_requests} requests"),
        (f"import of {rows:,} rows asks per coin, not per row: per coin and source no more "
         f"than the pages of {args.years} years", imported.returncode == 0 and not import_over,
         f"{import_total} requests for {rows:,} rows, most for one coin {import_most}"
         + "".join(f"; {s} {c}: {n}" for s, c, n in import_over)),
    ]
    out("## Issue 44's economy figures")
    out()
    out("| figure | met | measured |")
    out("|---|:---:|---|")
    for name, met, measured in checks:
        out(f"| {name} | {'yes' if met else '**no**'} | {measured} |")
    if cold.returncode != 0 or imported.returncode != 0:
        out()
        out("Standard error of the failing run:")
        out("```")
        out((cold.stderr if cold.returncode != 0 else imported.stderr)[-3000:])
        out("```")


def day_text(day):
    return datetime.fromtimestamp(day * DAY, tz=timezone.utc).strftime("%Y-%m-%d")


if __name__ == "__main__":
    main()
