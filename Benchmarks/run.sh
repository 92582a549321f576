#!/usr/bin/env bash
# Builds release binaries, prepares the Python comparison (venv under Benchmarks/.venv with
# pycoingecko, coingecko-sdk and sparklines from PyPI), then runs coins-bench, which times
# everything in one run against loopback servers only (127.0.0.1).
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

swift build -c release --product coins
swift build -c release --product coins-bench
bin="$(swift build -c release --show-bin-path)"

if [ "${python_args[0]:-}" != skip ]; then
  if [ ! -x Benchmarks/.venv/bin/python ]; then
    python3 -m venv Benchmarks/.venv
    Benchmarks/.venv/bin/pip install --quiet pycoingecko coingecko-sdk sparklines
  fi
  bench_args+=(--python "$PWD/Benchmarks/.venv/bin/python")
fi

mkdir -p Benchmarks/results
"$bin/coins-bench" --coins "$bin/coins" "${bench_args[@]}" | tee "Benchmarks/results/$(date -u +%Y%m%dT%H%M%SZ).md"
