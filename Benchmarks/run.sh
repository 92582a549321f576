#!/usr/bin/env bash
# Builds release binaries (coins from the product's package, coins-bench and the hello floors
# from the benchmarks' own, Benchmarks/Package.swift), prepares the Python
# comparison (venv under Benchmarks/.venv with pycoingecko, coingecko-sdk and sparklines from
# PyPI), then runs coins-bench, which times everything in one run against loopback servers only
# (127.0.0.1): the hellos, coins, curl and the pipelines, issue 17's targets, the shared objects
# loaded and the per-step breakdown of `coins top 20`. A full run (with the Python comparison,
# not --quick) rewrites the performance table of docs/performance.md from its own output.
# Usage: Benchmarks/run.sh [--quick] [--no-python] [--watch-ticks N]
set -euo pipefail
cd "$(dirname "$0")/.."

python_args=()
bench_args=()
for arg in "$@"; do
  case "$arg" in
    --no-python) python_args=(skip) ;;
    *) bench_args+=("$arg") ;;
  esac
done

# coins as people install it (a plain `swift build -c release`), then the benchmark and the
# hello floors it times beside coins (Benchmarks/Hello), in the benchmarks' package.
swift build -c release --product coins
coins="$(swift build -c release --show-bin-path)/coins"
for product in coins-bench hello-bare hello-essentials hello-foundation hello-essentials-static; do
  swift build -c release --package-path Benchmarks --product "$product"
done
bin="$(swift build -c release --package-path Benchmarks --show-bin-path)"

if [ "${python_args[0]:-}" != skip ]; then
  if [ ! -x Benchmarks/.venv/bin/python ]; then
    python3 -m venv Benchmarks/.venv
    Benchmarks/.venv/bin/pip install --quiet pycoingecko coingecko-sdk sparklines
  fi
  bench_args+=(--python "$PWD/Benchmarks/.venv/bin/python")
fi

# The whole output is kept (Benchmarks/runs/, committed) and docs/performance.md's table is rewritten
# from it, so every figure there names the run it comes from.
mkdir -p Benchmarks/runs
run="Benchmarks/runs/$(date -u +%Y%m%dT%H%M%SZ).md"
{
  echo "run: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?'),"\
    "load average before it: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  "$bin/coins-bench" --coins "$coins" "${bench_args[@]}"
} | tee "$run"
if [ "${python_args[0]:-}" != skip ] && [[ " ${bench_args[*]} " != *" --quick "* ]]; then
  python3 Benchmarks/readme_table.py "$run" docs/performance.md
  echo "docs/performance.md: the performance table now comes from $run"
fi
