#!/usr/bin/env python3
"""Times `coins portfolio performance --range max` on a 100,000-transaction history (issue 47).

Usage: returns_bench.py --coins <coins binary> [--rounds 5]

Writes large_history.py's 100,000 buys and sells, 2021-01-01 to 2024-12-31, over 5 coins and
over 50 coins (the same bytes every run), imports each into a portfolio file of its own, and
writes and imports a daily price for each of their coins from 2020-12-01 to today as your
prices (`coins prices import`), each portfolio in a HOME of its own: every day is then priced
locally, as a warm cache of closed days prices it, and no network is asked (CoinGecko's base URL points at a port nothing listens on).
Then it runs, in rounds (the first a warm-up), `performance --range max` of the 5-coin
portfolio (against BTC, the default) and `performance --range max --by-coin` of the 50-coin
one. Medians of wall-clock and CPU time (user + sys, from wait4) and the peak resident set.
Every run must exit 0 and write nothing to stderr. Standard library only.
"""

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import large_history  # noqa: E402

REFUSED = "http://127.0.0.1:9/api/v3"


def timed(argv, env):
    """Wall, CPU (user + sys) and peak RSS of one run, measured with wait4."""
    start = time.perf_counter()
    read, write = os.pipe()
    error_read, error_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.dup2(write, 1)
        os.dup2(error_write, 2)
        os.execve(argv[0], argv, env)
    os.close(write)
    os.close(error_write)
    with os.fdopen(read, "rb") as out, os.fdopen(error_read, "rb") as err:
        output, errors = out.read(), err.read()
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if status != 0 or errors:
        sys.exit(f"{' '.join(argv)} failed ({status}): {errors.decode()[:500]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, output


def prices_csv(path, coins):
    """A price for every coin and day from 2020-12-01 to today: a smooth swing."""
    first, last = date(2020, 12, 1), date.today()
    with open(path, "w", encoding="utf-8") as out:
        out.write("date,coin,price,currency\n")
        day, index = first, 0
        while day <= last:
            for number, (coin, usd) in enumerate(coins):
                swing = 1 + 0.3 * math.sin(index / 60 + number)
                out.write(f"{day.isoformat()},{coin},{format(usd * swing, '.6g')},usd\n")
            day += timedelta(days=1)
            index += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coins", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    coins = os.path.abspath(args.coins)
    with tempfile.TemporaryDirectory() as top:
        commands = {}
        for count, name in ((5, "performance --range max (5 coins)"),
                            (50, "performance --range max --by-coin (50 coins)")):
            # A HOME of its own per portfolio, with the prices of its own coins only.
            folder = os.path.join(top, f"coins-{count}")
            os.mkdir(folder)
            env = {
                "HOME": folder, "XDG_CACHE_HOME": os.path.join(folder, "cache"),
                "XDG_DATA_HOME": os.path.join(folder, "data"), "PATH": "/usr/bin:/bin",
                "TZ": "UTC", "COLUMNS": "120", "COINGECKO_BASE_URL": REFUSED,
            }
            prices = os.path.join(folder, "prices.csv")
            prices_csv(prices, large_history.COINS[:count])
            timed([coins, "prices", "import", prices], env)
            history = os.path.join(folder, "history.csv")
            with open(history, "w", encoding="utf-8") as out:
                out.write("\n".join(
                    large_history.history(100_000, count, "coins-large-history-v1")) + "\n")
            timed([coins, "portfolio", "import", history], env)
            words = ["portfolio", "performance", "--range", "max"]
            commands[name] = ([coins] + words + (["--by-coin"] if count == 50 else []), env)
        samples = {name: [] for name in commands}
        for round_number in range(args.rounds + 1):
            for name, (argv, env) in commands.items():
                wall, cpu, rss, _ = timed(argv, env)
                if round_number > 0:
                    samples[name].append((wall, cpu, rss))
        print(f"coins: {coins}; {args.rounds} rounds after a warm-up; 100,000 transactions, "
              "2021-01-01 to 2024-12-31, every day priced by your prices")
        print()
        print("| command | wall (median) | CPU (median) | peak memory |")
        print("|---|---|---|---|")
        for name, runs in samples.items():
            wall = statistics.median(run[0] for run in runs) * 1000
            cpu = statistics.median(run[1] for run in runs) * 1000
            rss = max(run[2] for run in runs) / 1024
            print(f"| `{name}` | {wall:.0f} ms | {cpu:.0f} ms | {rss:.0f} MB |")


if __name__ == "__main__":
    main()
