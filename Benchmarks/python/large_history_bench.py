#!/usr/bin/env python3
"""Times `coins portfolio` on large histories against issue 29's targets, in one run.

Usage: large_history_bench.py --coins <release coins> [--baseline <older coins>] [--rounds 7]
                               [--exports all|none|<format>,…] [--imports-only]

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
- `portfolio import` of a 100,000-row export in each exchange's and tracker's layout
  (exchange_exports.py: buys, sales, trades between coins, transfers and income over 300 days
  ending two days before the run), with a warm price cache: each file is imported once,
  untimed and with --dry-run, against the fake (tickers from its top 250, the daily prices of
  the trades between coins and of the income the file does not value, kept in the daily
  price cache for good), then every timed run points CoinGecko, Coinbase and Binance at a
  refused port, so a run that wanted the network would warn and stop the run; the market
  cache the tickers are resolved from is refilled from the fake when over 150 s old (half the
  300 s an import accepts);
- with --baseline, the same 2,000-transaction commands with that binary (an older coins, with
  its own file), for "every command stays where it is or faster".

Medians of wall-clock time, and of CPU time (user + sys, from wait4: on a shared machine the
wall clock also counts the time waiting for a core, CPU time much less so); peak memory is each
process's maximum resident set (wait4). Every coins run must exit 0 and write nothing to
stderr, or the run stops. `--imports-only` times the imports alone (coins' own CSV of
each size, and the exports). Standard library only.
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
import exchange_exports  # noqa: E402
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
REFUSED_HOST = "http://127.0.0.1:9"
EXPORT_ROWS = 100_000


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
            "COINS_COINBASE_BASE_URL": REFUSED_HOST, "COINS_BINANCE_BASE_URL": REFUSED_HOST,
            "COINS_ECB_BASE_URL": REFUSED_HOST,
        }
        self.market_filled = 0.0
        self.exports = {}  # format -> (path, data rows)
        self.export_outputs = {}  # format -> the last import's summary
        self.imports_only = False
        self.export_rows = EXPORT_ROWS
        self.keep_exports = None
        self.load_before_exports = self.load_after_exports = ["?"] * 3
        self.cache_filled = 0.0
        self.fake = None
        self.fake_url = None
        self.last_sale = {}

    def export_summary(self, fmt):
        """The layout and the transactions added, from the last import's summary."""
        out = self.export_outputs.get(fmt, "")
        layout = re.search(r"^Read [\d,]+ rows of \S+ \((.*)\) from", out, re.M)
        added = re.search(r"^Imported ([\d,]+) transactions", out, re.M)
        return (layout.group(1) if layout else "?",
                int(added.group(1).replace(",", "")) if added else 0)

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

    def fill_market(self):
        """The top 250 the import resolves tickers from, from the fake, when over 150 s old
        (an import takes a market cache up to 300 s old)."""
        if time.time() - self.market_filled < 150:
            return
        env = dict(self.env, COINGECKO_BASE_URL=self.fake_url)
        self.run([self.coins, "top", "250", "--max-age", "0"], env=env)
        self.market_filled = time.time()

    def warm_export(self, name, path):
        """One untimed `import --dry-run` of an export against the fake: the daily prices it
        needs go into the price cache (it may wait for the fake's rate limit, and say so)."""
        self.fill_market()
        env = dict(self.env, COINGECKO_BASE_URL=self.fake_url)
        argv = [self.coins, "portfolio", "import", path, "--dry-run", "--file",
                self.path(f"warm-{name}.json")]
        _, _, out = self.run(argv, env=env, check=False)
        if "Read " not in out:
            raise SystemExit(f"the warm-up import of {name} failed: "
                             f"{open(self.path('stderr')).read().strip()}")

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
    parser.add_argument("--exports", default="all",
                        help="the exchange formats to import 100,000 rows of: all, none, or "
                             "names separated by commas (exchange_exports.py --list)")
    parser.add_argument("--export-rows", type=int, default=EXPORT_ROWS,
                        help="rows of each export (a smaller number checks the setup quickly)")
    parser.add_argument("--keep-exports", metavar="FOLDER",
                        help="keep the exports written in FOLDER and reuse those of the same "
                             "day (writing 17 of 100,000 rows takes a while)")
    parser.add_argument("--imports-only", action="store_true",
                        help="time the imports only: no views, changes, references or baseline")
    args = parser.parse_args()
    formats = ([] if args.exports == "none" else list(exchange_exports.FORMATS)
               if args.exports == "all" else args.exports.split(","))
    for name in formats:
        if name not in exchange_exports.FORMATS:
            parser.error(f"no export format {name!r}; known: {', '.join(exchange_exports.FORMATS)}")
    folder = tempfile.mkdtemp(prefix="coins-large-history-")
    bench = Bench(folder, os.path.abspath(args.coins), args.baseline and os.path.abspath(args.baseline))
    bench.imports_only = args.imports_only
    bench.export_rows = args.export_rows
    bench.keep_exports = args.keep_exports and os.path.abspath(args.keep_exports)
    if bench.keep_exports:
        os.makedirs(bench.keep_exports, exist_ok=True)
    try:
        measure(bench, args.rounds, formats)
    finally:
        if bench.fake:
            bench.fake.terminate()
        shutil.rmtree(folder, ignore_errors=True)
    report(bench, args.rounds, formats)


def write_exports(bench, formats):
    """The exports, written once (the same bytes for the same end day), or taken from
    `--keep-exports` where an earlier run of the same day left them."""
    end = exchange_exports.default_end()
    for name in formats:
        kept = bench.keep_exports and os.path.join(
            bench.keep_exports, f"{name}-{bench.export_rows}-{end:%Y%m%d}.csv")
        if kept and os.path.exists(kept):
            with open(kept, encoding="utf-8") as file:
                lines = file.read().split("\n")[:-1]
            rows = len(lines) - exchange_exports.HEAD_LINES.get(name, 1)
        else:
            lines, rows = exchange_exports.export_rows(name, bench.export_rows, end)
        path = bench.path(f"export-{name}.csv")
        for target in [path] + ([kept] if kept and not os.path.exists(kept) else []):
            with open(target, "w", encoding="utf-8", newline="") as out:
                out.write("\n".join(lines) + "\n")
        bench.exports[name] = (path, rows)


def import_exports(bench, name):
    """One timed import of each export into a new portfolio."""
    for fmt, (path, _) in bench.exports.items():
        bench.fill_market()
        target = bench.path(f"export-{fmt}.json")
        for leftover in [target, target + ".lock", target + ".bak", target + ".journal",
                         target[:-len(".json")] + ".tickers.json"]:
            if os.path.exists(leftover):
                os.remove(leftover)
        _, _, out = bench.run(bench.command(bench.coins, f"import {path}", target),
                              name=name(f"export {fmt}"))
        bench.export_outputs[fmt] = out


def measure(bench, rounds, formats):
    write_exports(bench, formats)
    csv = {}
    for size in SIZES:
        csv[size] = bench.path(f"history-{size}.csv")
        with open(csv[size], "w", encoding="utf-8", newline="") as out:
            out.write("\n".join(large_history.history(size, 50, "coins-large-history-v1")) + "\n")
    bench.start_fake()
    bench.load_before_exports = open("/proc/loadavg").read().split()[:3]
    for name in formats:
        bench.warm_export(name, bench.exports[name][0])
    if bench.imports_only:
        # The exports' untimed dry runs above are their warm-up; coins' own CSV gets one here.
        for size in SIZES:
            target = bench.path(f"warm-import-{size}.json")
            bench.run(bench.command(bench.coins, f"import {csv[size]}", target))
        for _ in range(rounds):
            def name(text):
                return text

            for size in SIZES:
                target = bench.path(f"import-{size}.json")
                for leftover in [target, target + ".lock", target + ".bak", target + ".journal"]:
                    if os.path.exists(leftover):
                        os.remove(leftover)
                bench.run(bench.command(bench.coins, f"import {csv[size]}", target),
                          name=name(f"import {size}"))
            import_exports(bench, name)
        bench.load_after_exports = open("/proc/loadavg").read().split()[:3]
        return
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
        # The exports too (the report's table and targets name them): their warm-ups above
        # filled the price cache; round 0 is their warm-up like the rest.
        import_exports(bench, name)
        bench.run([sys.executable, REFERENCE, "read", csv[100_000]], name=name("python read"))
        bench.run([sys.executable, REFERENCE, "read-write", csv[100_000], bench.path("ref.json")],
                  name=name("python read-write"))
        for view in VIEWS:
            bench.keep_cache_fresh(view, viewed["new", 100_000])
            bench.run(bench.command(bench.coins, view, viewed["new", 100_000]),
                      name=name(f"{view} 100000"))
        for kind in CHANGES:
            bench.change(bench.coins, kind, changed["new", 100_000], name(f"{kind} 100000"))
        bench.load_after_exports = open("/proc/loadavg").read().split()[:3]
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


def report(bench, rounds, formats):
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
    if formats:
        report_exports(bench, formats)
    if bench.imports_only:
        report_imports_only(bench, formats)
        return
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
    for fmt in formats:
        target(f"import of a {bench.export_rows:,}-row {fmt} export", median(samples[f"export {fmt}"]),
               2.0, "s")
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


def report_exports(bench, formats):
    """The exports' table: each format's layout, rows and transactions, wall and CPU time."""
    ms = lambda seconds: f"{seconds * 1000:,.0f} ms"  # noqa: E731
    print(f"Exports of {bench.export_rows:,} rows, warm price cache; load average "
          f"{' '.join(bench.load_before_exports)} before the warm-ups, "
          f"{' '.join(bench.load_after_exports)} after the last round\n")
    print("| format (layout) | rows | transactions | import | CPU | peak memory |")
    print("|---|---:|---:|---:|---:|---:|")
    for fmt in formats:
        entry = bench.samples[f"export {fmt}"]
        layout, transactions = bench.export_summary(fmt)
        print(f"| {fmt} ({layout}) | {bench.exports[fmt][1]:,} | {transactions:,} | "
              f"{ms(median(entry))} | {ms(median_cpu(entry))} | "
              f"{max(s[1] for s in entry) / 1024:.0f} MB |")
    print()


def report_imports_only(bench, formats):
    """The targets of an `--imports-only` run: 2 s for each 100,000-row import, wall-clock as
    the user waits (an import reads, decides and plans on every core, so its CPU time is more);
    run it on a quiet machine: the wall clock also counts the wait for a core."""
    print("| target | wall | CPU | limit | met (wall) |")
    print("|---|---:|---:|---:|---|")
    def rows_of(text):
        return 100_000 if text == "coins' own CSV" else bench.export_rows

    rows = [("coins' own CSV", bench.samples["import 100000"])]
    rows += [(f"{fmt} export", bench.samples[f"export {fmt}"]) for fmt in formats]
    met = 0
    for text, entry in rows:
        ok = median(entry) <= 2.0
        met += ok
        print(f"| import of {rows_of(text):,} rows, {text} | {median(entry):.3f} s | "
              f"{median_cpu(entry):.3f} s | ≤ 2 s | {'met' if ok else '**not met**'} |")
    print(f"\n{met} of {len(rows)} targets met.")


if __name__ == "__main__":
    main()
