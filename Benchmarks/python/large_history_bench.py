#!/usr/bin/env python3
"""Times `coins portfolio` on large histories against issue 29's targets, in one run.

Usage: large_history_bench.py --coins <release coins> [--baseline <older coins>] [--rounds 7]

Writes histories of 2,000, 10,000, 20,000 and 100,000 transactions over 50 coins
(large_history.py, the same bytes every run), starts the end-to-end tests' fake CoinGecko on
127.0.0.1 to fill the market cache, then runs everything in rounds, one run of each command per
round in turn (so every command meets the same load), the first round a warm-up:

- `portfolio import` of each history into a new file;
- the views of the 100,000-transaction portfolio — `value` from a fresh market cache (the
  fake is asked, untimed, before any `value` that would find the cache over 30 s old, half
  its 60 s max age; the timed runs point at a port nothing listens on), `list`, `gains`,
  `gains --rules uk` and `--rules de` (in dollars), `history --json` — and of the 2,000 one;
- `add` one buy, `sell` part of it, `edit` that sale's price, `undo last` (no argument: the
  journal takes the edit back byte for byte), `undo` that sale by id, on a copy of each;
- the references: Python's csv module reading the 100,000-row file, and reading it and
  writing it out as JSON (large_history_reference.py);
- with --baseline, the same 2,000-transaction commands with that binary (an older coins, with
  its own file), for "every command stays where it is or faster".

Medians of wall-clock time, and of CPU time (user + sys, from wait4: on a shared machine the
wall clock also counts the time waiting for a core, CPU time much less so); peak memory is each
process's maximum resident set (wait4). Every coins run must exit 0 and write nothing to
stderr, or the run stops. Standard library only.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import large_history  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
FAKE = os.path.join(ROOT, "Tests", "EndToEndTests", "FakeCoinGecko", "fake_coingecko.py")
REFERENCE = os.path.join(HERE, "large_history_reference.py")
SIZES = [2_000, 10_000, 20_000, 100_000]
# The tax rule sets' gains too (issue 46: 300 ms each); in dollars, the history's currency, so
# the matching and the report are timed and no exchange rate is asked for (none offline).
VIEWS = ["value", "list", "gains", "gains --rules uk --currency usd",
         "gains --rules de --currency usd", "history --json"]
CHANGES = ["add", "sell", "edit", "undo last", "undo"]
# What a baseline (an older coins, before the journal) can run too: no edit, no undo without an id.
BASELINE_CHANGES = ["add", "sell", "undo"]
REFUSED = "http://127.0.0.1:9/api/v3"


class Bench:
    def __init__(self, folder, coins, baseline):
        self.folder = folder
        self.coins = coins
        self.baseline = baseline
        self.samples = {}  # name -> [(seconds, max rss in KB, cpu seconds)]
        self.env = {
            "HOME": folder, "XDG_CACHE_HOME": os.path.join(folder, "cache"),
            "XDG_DATA_HOME": os.path.join(folder, "data"), "PATH": "/usr/bin:/bin", "TZ": "UTC",
            "COLUMNS": "120", "COINGECKO_BASE_URL": REFUSED,
        }
        self.cache_filled = 0.0
        self.fake = None
        self.fake_url = None
        self.last_sale = {}

    def path(self, name):
        return os.path.join(self.folder, name)

    def run(self, argv, name=None, env=None, check=True):
        """Runs argv; returns (seconds, max rss KB, stdout). Records the sample under name."""
        out_path, err_path = self.path("stdout"), self.path("stderr")
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            start = time.perf_counter()
            child = subprocess.Popen(argv, stdout=out, stderr=err, env=env or self.env)
            _, status, usage = os.wait4(child.pid, 0)
            seconds = time.perf_counter() - start
        stdout = open(out_path, encoding="utf-8", errors="replace").read()
        stderr = open(err_path, encoding="utf-8", errors="replace").read()
        if check and (os.waitstatus_to_exitcode(status) != 0 or stderr):
            raise SystemExit(f"`{' '.join(argv)}` failed ({status}): {stderr.strip()}")
        if name:
            self.samples.setdefault(name, []).append(
                (seconds, usage.ru_maxrss, usage.ru_utime + usage.ru_stime))
        return seconds, usage.ru_maxrss, stdout

    # The fake CoinGecko, for the market cache only.
    def start_fake(self):
        port_file = self.path("fake-port")
        self.fake = subprocess.Popen(
            [sys.executable, FAKE, "--port", "0", "--port-file", port_file, "--lifetime", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            if os.path.exists(port_file):
                self.fake_url = f"http://127.0.0.1:{open(port_file).read().strip()}/api/v3"
                return
            time.sleep(0.05)
        raise SystemExit("the fake CoinGecko did not start")

    def fill_cache(self, portfolio):
        """Fills the market cache from the fake when it is over 30 s old (half of --max-age).
        `--max-age 0` makes it ask: a cache under 60 s old would be answered from as it is, not
        refilled, and gone stale before the next fill (a timed `value` then reached for the
        refused port, warned, and stopped the run)."""
        if time.time() - self.cache_filled < 30:
            return
        env = dict(self.env, COINGECKO_BASE_URL=self.fake_url)
        self.run([self.coins, "portfolio", "value", "--max-age", "0", "--file", portfolio],
                 env=env)
        self.cache_filled = time.time()

    def keep_cache_fresh(self, view, portfolio):
        """Before a `value`: a round can take a while on a slow host, and a `value` that found
        the cache stale would reach for the (refused) network, warn, and stop the run."""
        if view == "value":
            self.fill_cache(portfolio)

    def command(self, binary, words, file):
        argv = [binary, "portfolio"] + words.split() + ["--file", file]
        return argv

    def change(self, binary, kind, file, name):
        """One add, sell or undo of the rounds' buy-sell-undo cycle on `file`."""
        if kind == "add":
            words = ["add", "--id", "bitcoin", "0.01", "--cost", "50000"]
        elif kind == "sell":
            words = ["sell", "--id", "bitcoin", "0.01", "--price", "51000"]
        elif kind == "edit":
            words = ["edit", self.last_sale[file], "--price", "52000"]
        elif kind == "undo last":
            words = ["undo"]
        else:
            words = ["undo", self.last_sale[file]]
        _, _, out = self.run([binary, "portfolio"] + words + ["--file", file], name=name)
        if kind == "sell":
            match = re.search(r"Transaction (\d+)\.", out)
            if not match:
                raise SystemExit(f"no transaction id in the sale's output: {out}")
            self.last_sale[file] = match.group(1)


def median(samples):
    return statistics.median(sample[0] for sample in samples)


def median_cpu(samples):
    return statistics.median(sample[2] for sample in samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coins", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="coins-large-history-")
    bench = Bench(folder, os.path.abspath(args.coins), args.baseline and os.path.abspath(args.baseline))
    try:
        measure(bench, args.rounds)
    finally:
        if bench.fake:
            bench.fake.terminate()
        shutil.rmtree(folder, ignore_errors=True)
    report(bench, args.rounds)


def measure(bench, rounds):
    csv = {}
    for size in SIZES:
        csv[size] = bench.path(f"history-{size}.csv")
        with open(csv[size], "w", encoding="utf-8", newline="") as out:
            out.write("\n".join(large_history.history(size, 50, "coins-large-history-v1")) + "\n")
    bench.start_fake()
    binaries = [("new", bench.coins)] + ([("old", bench.baseline)] if bench.baseline else [])
    # The portfolios the views and changes run on, imported once.
    viewed, changed = {}, {}
    for label, binary in binaries:
        for size in ([2_000, 100_000] if label == "new" else [2_000]):
            viewed[label, size] = bench.path(f"{label}-{size}.json")
            bench.run(bench.command(binary, f"import {csv[size]}", viewed[label, size]))
            changed[label, size] = bench.path(f"{label}-{size}-changed.json")
            shutil.copy(viewed[label, size], changed[label, size])
    for round_number in range(rounds + 1):
        warm_up = round_number == 0
        bench.fill_cache(viewed["new", 100_000])

        def name(text):
            return None if warm_up else text

        for size in SIZES:
            target = bench.path(f"import-{size}.json")
            for leftover in [target, target + ".lock", target + ".bak", target + ".journal"]:
                if os.path.exists(leftover):
                    os.remove(leftover)
            bench.run(bench.command(bench.coins, f"import {csv[size]}", target),
                      name=name(f"import {size}"))
        bench.run([sys.executable, REFERENCE, "read", csv[100_000]], name=name("python read"))
        bench.run([sys.executable, REFERENCE, "read-write", csv[100_000], bench.path("ref.json")],
                  name=name("python read-write"))
        for view in VIEWS:
            bench.keep_cache_fresh(view, viewed["new", 100_000])
            bench.run(bench.command(bench.coins, view, viewed["new", 100_000]),
                      name=name(f"{view} 100000"))
        for kind in CHANGES:
            bench.change(bench.coins, kind, changed["new", 100_000], name(f"{kind} 100000"))
        for label, binary in binaries:
            target = bench.path(f"{label}-import-2000.json")
            for leftover in [target, target + ".lock", target + ".bak", target + ".journal"]:
                if os.path.exists(leftover):
                    os.remove(leftover)
            bench.run(bench.command(binary, f"import {csv[2_000]}", target),
                      name=name(f"{label} import 2000"))
            for view in VIEWS:
                bench.keep_cache_fresh(view, viewed["new", 100_000])
                bench.run(bench.command(binary, view, viewed[label, 2_000]),
                          name=name(f"{label} {view} 2000"))
            for kind in CHANGES if label == "new" and not bench.baseline else BASELINE_CHANGES:
                bench.change(binary, kind, changed[label, 2_000], name(f"{label} {kind} 2000"))


def report(bench, rounds):
    samples = bench.samples
    ms = lambda seconds: f"{seconds * 1000:,.0f} ms"  # noqa: E731
    print(f"coins {bench.coins}; {rounds} rounds after a warm-up; medians of wall-clock time "
          "and of CPU time (user + sys)\n")
    print("| transactions | import | CPU | peak memory |")
    print("|---:|---:|---:|---:|")
    for size in SIZES:
        entry = samples[f"import {size}"]
        print(f"| {size:,} | {ms(median(entry))} | {ms(median_cpu(entry))} | "
              f"{max(s[1] for s in entry) / 1024:.0f} MB |")
    print()
    print("| command (100,000 transactions) | median | CPU | peak memory |")
    print("|---|---:|---:|---:|")
    for command in VIEWS + CHANGES:
        entry = samples[f"{command} 100000"]
        print(f"| `portfolio {command}` | {ms(median(entry))} | {ms(median_cpu(entry))} | "
              f"{max(s[1] for s in entry) / 1024:.0f} MB |")
    for reference in ["python read", "python read-write"]:
        entry = samples[reference]
        print(f"| reference: {reference} | {ms(median(entry))} | {ms(median_cpu(entry))} | |")
    print()
    targets = []

    def target(text, value, limit, unit):
        targets.append((text, value, limit, unit, value <= limit))

    imports = {size: median(samples[f"import {size}"]) for size in SIZES}
    read, read_write = median(samples["python read"]), median(samples["python read-write"])
    target("import of 100,000 rows", imports[100_000], 2.0, "s")
    target("import 100k ÷ import 10k (linear)", imports[100_000] / imports[10_000], 15, "×")
    for command in VIEWS + CHANGES:
        target(f"`{command}`, 100,000 transactions", median(samples[f"{command} 100000"]), 0.3, "s")
    peak = max(sample[1] for name, entry in samples.items() if name.endswith(" 100000")
               and not name.startswith(("old", "new")) for sample in entry)
    target("peak memory of any 100,000-transaction command", peak / 1024, 150, "MB")
    target("import 100k ÷ Python read-and-write", imports[100_000] / read_write, 4, "×")
    for command in VIEWS:
        target(f"`{command}` 100k ÷ Python read", median(samples[f"{command} 100000"]) / read, 3,
               "×")
    if bench.baseline:
        for command in ["import"] + VIEWS + BASELINE_CHANGES:
            new = median(samples[f"new {command} 2000"])
            old = median(samples[f"old {command} 2000"])
            target(f"`{command}`, 2,000 transactions, ÷ the baseline", new / old, 1, "×")
    print("| target | measured | limit | met |")
    print("|---|---:|---:|---|")
    for text, value, limit, unit, met in targets:
        shown = f"{value:.3f} s" if unit == "s" else (
            f"{value:.0f} MB" if unit == "MB" else f"{value:.2f}×")
        limit_shown = f"{limit} s" if unit == "s" else (f"{limit} MB" if unit == "MB" else f"{limit}×")
        print(f"| {text} | {shown} | ≤ {limit_shown} | {'met' if met else '**not met**'} |")
    if bench.baseline:
        print()
        print("| command (2,000 transactions) | this coins | baseline |")
        print("|---|---:|---:|")
        for command in ["import"] + VIEWS + BASELINE_CHANGES:
            print(f"| `{command}` | {ms(median(samples[f'new {command} 2000']))} | "
                  f"{ms(median(samples[f'old {command} 2000']))} |")
    met = sum(1 for *_, ok in targets if ok)
    print(f"\n{met} of {len(targets)} targets met.")


if __name__ == "__main__":
    main()
