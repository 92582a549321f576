#!/usr/bin/env python3
"""Compares two coins-bench runs (Benchmarks/runs/*.md) row by row: a row whose median in the
newer run is worse than the older one's by more than 10 % plus two median absolute deviations
(issue 17's rule for "no regression") is listed as a regression.

    python3 Benchmarks/compare_runs.py Benchmarks/runs/<older>.md Benchmarks/runs/<newer>.md

Rows are matched by section and name; rows only in one run are listed apart. Ratios between
runs on a shared machine are rough: compare rows of the same run for anything finer."""

import re
import sys

UNITS = {"ns": 1e-9, "µs": 1e-6, "ms": 1e-3, "s": 1.0}


def seconds(text):
    match = re.fullmatch(r"([\d.]+) (ns|µs|ms|s)", text.strip())
    return float(match.group(1)) * UNITS[match.group(2)] if match else None


def rows(path):
    """{(section, name): (median, mad)} for every timing row of a run."""
    section, found = "in process", {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            section = "against the fake" if "fake CoinGecko" in line else (
                "against the replay" if "replay" in line else line[3:].strip())
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) >= 3:
            median, mad = seconds(cells[1]), seconds(cells[2])
            if median is not None and mad is not None:
                found[(section, cells[0])] = (median, mad)
    return found


def main(older_path, newer_path):
    older, newer = rows(older_path), rows(newer_path)
    regressions = 0
    for key in sorted(older.keys() & newer.keys()):
        (old, mad), (new, new_mad) = older[key], newer[key]
        limit = old * 1.10 + 2 * max(mad, new_mad)
        verdict = "REGRESSION" if new > limit else "ok"
        regressions += verdict != "ok"
        print(f"{verdict:10} {key[0]}: {key[1]}: {old * 1e3:.2f} ms -> {new * 1e3:.2f} ms "
              f"({new / old:.2f}x)")
    for key in sorted(older.keys() ^ newer.keys()):
        print(f"{'only in ' + ('older' if key in older else 'newer'):10} {key[0]}: {key[1]}")
    print(f"regressions: {regressions}")
    return 1 if regressions else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
