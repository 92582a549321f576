#!/usr/bin/env python3
"""Writes the performance table of docs/performance.md from one coins-bench output.

Usage: python3 Benchmarks/readme_table.py RUN.md docs/performance.md

Every figure in the table is read from RUN.md (the full output of one `Benchmarks/run.sh`), and
the table names that file, so the docs never hold a hand-copied number. The table replaces
whatever stands between the `<!-- benchmark-table:begin -->` and `<!-- benchmark-table:end -->`
lines of the page (docs/performance.md). Standard library only.
"""

import re
import sys

BEGIN = "<!-- benchmark-table:begin -->"
END = "<!-- benchmark-table:end -->"


class Run:
    """One coins-bench output, split into its sections."""

    def __init__(self, text):
        self.text = text
        parts = re.split(r"^## ", text, flags=re.M)
        self.core = parts[0]
        self.fake = next((p for p in parts if p.startswith("Whole processes against the fake")), "")
        self.replay = next((p for p in parts if p.startswith("Whole processes against a replay")), "")
        self.targets = next((p for p in parts if p.startswith("Targets (issue 17)")), "")
        self.objects = next((p for p in parts if p.startswith("Shared objects")), "")
        self.steps = next((p for p in parts if p.startswith("Where ")), "")

    @staticmethod
    def row(section, name):
        """The cells of the table row whose first cell is `name`."""
        for line in section.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells and cells[0] == name:
                return cells
        raise SystemExit(f"readme_table: no row {name!r} in the run")

    def median(self, section, name):
        return self.row(section, name)[1]

    def throughput(self, section, name):
        return self.row(section, name)[6]

    @staticmethod
    def find(section, pattern, what):
        match = re.search(pattern, section, flags=re.M)
        if not match:
            raise SystemExit(f"readme_table: no {what} in the run")
        return match

    def ratio(self, section, pipeline):
        pattern = rf"^ratio: {re.escape(pipeline)} pipeline / `coins top 20` cold = ([0-9.]+)×"
        return self.find(section, pattern, f"{pipeline} ratio").group(1) + "×"

    def target(self, name):
        """A target row of the run's own Targets table: its figure (bold, with how it was made)
        and whether the run met it, as the run says."""
        cells = self.row(self.targets, name)
        figure, _, how = cells[1].partition(" (")
        value = f"**{figure}**" + (f" ({how}" if how else "")
        return value, cells[2], _met(cells[3] == "met")

    def step(self, marks):
        """The median of a step of the per-step breakdown, by its marks (`spawn → main`)."""
        for line in self.steps.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) > 2 and cells[1] == marks:
                return cells[2]
        raise SystemExit(f"readme_table: no step {marks!r} in the run")


def table(run, source):
    core, fake, replay = run.core, run.fake, run.replay
    watch = run.find(run.text, r"^watch: RSS after each tenth of the ticks \(MB\): (.+)$", "watch series")
    ticks = run.find(run.text, r"^watch: (\d+) refresh ticks", "watch tick count").group(1)
    series = [float(x) for x in watch.group(1).split(",")]
    machine = run.find(run.text, r"^machine: (.+)$", "machine line").group(1)
    decode = run.throughput(core, "decode top 250 (fast decoder)")
    hellos = ["hello-bare (imports nothing)", "hello-essentials (FoundationEssentials)",
              "hello-foundation (Foundation)",
              "hello-essentials, runtime linked in as in coins"]
    alike = run.find(run.text, r"^like for like: .* = (\S+) \((.+)\) \(not one", "like-for-like line")
    floors = " / ".join(run.median(replay, name) for name in hellos)
    objects = " / ".join(
        run.row(run.objects, name)[1] for name in ["`coins --version`"] + hellos)
    listed = [
        cells[0] for cells in (
            [c.strip() for c in line.strip().strip("|").split("|")]
            for line in run.objects.splitlines() if line.startswith("| lib"))
        if cells[1] == "yes"
    ]
    migration = run.find(run.objects, r"^migration check: .*: (met|not met)$", "migration check")
    loader = run.row(run.steps, "↳ of which the dynamic loader: mapping and relocating "
                     "(`LD_DEBUG=statistics`)")[2]
    steps = (
        f"exec → main {run.step('spawn → main')} (the loader's own part {loader}), "
        f"parsing {run.step('main → parsed')}, cache read {run.step('cache-open → cache-read')}, "
        f"decoding {run.step('cache-read → decoded')}, rendering {run.step('render → rendered')}, "
        f"exit {run.step('exit → reaped')}; whole {run.step('spawn → reaped')}"
    )
    rows = [
        ("decode the top-250 answer with sparklines, fast decoder",
         f"{run.median(core, 'decode top 250 (fast decoder)')}, **{decode}**",
         "≥ 200 MB/s", _met(_number(decode) >= 200)),
        ("the same with `JSONDecoder`",
         f"{run.median(core, 'decode top 250 (JSONDecoder)')}, "
         f"{run.throughput(core, 'decode top 250 (JSONDecoder)')}", "", ""),
        ("load the cache (top 250)", run.median(core, _names(core, "cache load")[0]), "", ""),
        ("render the top-20 / top-250 table",
         f"{run.median(core, 'render top-20 table')} / {run.median(core, 'render top-250 table')}",
         "", ""),
        ("portfolio join, 100 holdings", run.median(core, "portfolio join, 100 holdings"), "", ""),
        ("start-up floors, whole process: a Swift hello importing nothing / "
         "`FoundationEssentials` / `Foundation` / `FoundationEssentials` with the runtime "
         "linked in as in `coins`", floors, "", ""),
        ("`coins top 20` from a fresh cache ÷ the `FoundationEssentials` hello",
         *run.target("`coins top 20`, fresh cache ÷ hello-essentials")),
        ("the same, like for like: ÷ the hello with the runtime linked in as in `coins`",
         f"{alike.group(1)} ({alike.group(2)})", "", ""),
        ("`coins price btc` from a fresh price cache ÷ the `FoundationEssentials` hello",
         *run.target("`coins price btc`, fresh price cache ÷ hello-essentials")),
        ("`coins top 20` cold, replayed answers ÷ `curl` fetching the same answer",
         *run.target("`coins top 20`, cold cache ÷ curl, the same answer")),
        ("pycoingecko pipeline ÷ `coins top 20` cold, replayed answers",
         *run.target("pycoingecko pipeline ÷ `coins top 20`, cold cache")),
        ("coingecko-sdk pipeline ÷ `coins top 20` cold, replayed answers",
         *run.target("coingecko-sdk pipeline ÷ `coins top 20`, cold cache")),
        ("the same two ratios against the fake (it spends tens of ms building each answer)",
         f"{run.ratio(fake, 'pycoingecko')} / {run.ratio(fake, 'coingecko-sdk')}", "", ""),
        ("peak memory, `coins top 20` from a fresh cache",
         *run.target("peak memory, `coins top 20`, fresh cache")),
        ("peak memory, `coins top 250` cold (from the cache: "
         f"{_rss(replay, '`coins top 250`, fresh cache')})",
         *run.target("peak memory, `coins top 250`, cold cache")),
        ("shared objects loaded: `coins --version` / the four hellos", objects, "", ""),
        ("`readelf -d coins` lists Foundation, its ICU layer, FoundationNetworking or libcurl",
         ", ".join(listed) or "none", "none", _met(migration.group(1) == "met")),
        ("`coins top 20` from a fresh cache, step by step (traced; the run file has every step)",
         steps, "", ""),
        (f"`coins watch` refresh loop, {ticks} live ticks: RSS after each tenth",
         f"{series[0]:.1f} → {series[-1]:.1f} MB (highest {max(series):.1f})", "flat after the first half",
         _met(series[-1] <= series[len(series) // 2] * 1.1)),
    ]
    started = re.search(r"^run: (.+)$", run.text, flags=re.M)
    when = f"; {started.group(1)}" if started else ""
    lines = [
        f"From `{source}` ({machine}{when}); every figure below is read from that file by",
        "`Benchmarks/readme_table.py`, which `Benchmarks/run.sh` runs. Compare figures within one",
        "run: the machines are shared, and the load average says how busy this one was.",
        "",
        "| what | median (or as stated) | target | met |",
        "|---|---:|---:|:---:|",
    ]
    lines += [f"| {what} | {value} | {target} | {met} |" for what, value, target, met in rows]
    return "\n".join(lines)


def _number(text):
    return float(re.search(r"[0-9.]+", text).group(0))


def _met(ok):
    return "yes" if ok else "**no**"


def _names(section, prefix):
    names = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0].startswith(prefix):
            names.append(cells[0])
    if not names:
        raise SystemExit(f"readme_table: no row starting {prefix!r} in the run")
    return names


def _rss(section, name):
    rss_table = section[section.find("| process | peak RSS"):]
    return Run.row(rss_table, name)[1]


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    run_path, page_path = sys.argv[1], sys.argv[2]
    with open(run_path, encoding="utf-8") as f:
        run = Run(f.read())
    with open(page_path, encoding="utf-8") as f:
        page = f.read()
    if BEGIN not in page or END not in page:
        raise SystemExit(f"readme_table: {page_path} has no {BEGIN} … {END} block")
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = head + BEGIN + "\n" + table(run, run_path) + "\n" + END + tail
    with open(page_path, "w", encoding="utf-8") as f:
        f.write(new)


if __name__ == "__main__":
    main()
