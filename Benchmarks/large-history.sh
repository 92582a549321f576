#!/usr/bin/env bash
# Issue 29's benchmark: builds the release coins, then times `coins portfolio` on histories of
# 2,000 to 100,000 transactions against the targets, beside Python's csv module reading (and
# writing out as JSON) the same file, all in one run (Benchmarks/python/large_history_bench.py
# says how). The output is kept in Benchmarks/runs/large-history-<time>.md.
# Usage: Benchmarks/large-history.sh [--baseline <an older release coins>] [--rounds N]
#          [--exports all|none|<format>,…] [--imports-only]
#   --exports: the exchanges' and trackers' layouts to import a 100,000-row export of, with a
#   warm price cache (Benchmarks/python/exchange_exports.py writes them; default all).
#   --imports-only: only the imports (coins' own CSV and the exports), not the views.
#   --baseline: compares the 2,000-transaction commands with that binary, e.g. one built from
#   main (git worktree add /tmp/coins-main main && cd /tmp/coins-main &&
#   swift build -c release --product coins).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product coins
bin="$(swift build -c release --show-bin-path)"

mkdir -p Benchmarks/runs
run="Benchmarks/runs/large-history-$(date -u +%Y%m%dT%H%M%SZ).md"
{
  echo "run: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?'),"\
    "load average before it: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  python3 Benchmarks/python/large_history_bench.py --coins "$bin/coins" "$@"
} | tee "$run"
