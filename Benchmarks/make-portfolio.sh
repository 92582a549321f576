#!/usr/bin/env bash
# Makes the large-history benchmark's portfolio file for an A/B run of two builds
# (Benchmarks/python/large_history_ab.py, callgrind): Benchmarks/python/large_history.py writes
# <rows> transactions as coins' own CSV, and `coins portfolio import` reads them into
# <folder>/portfolio.json, its tickers resolved from the end-to-end tests' fake CoinGecko.
# Usage: Benchmarks/make-portfolio.sh <coins binary> <rows> <folder>
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
coins="$(realpath "$1")" rows="$2" folder="$3"
mkdir -p "$folder/home"
folder="$(realpath "$folder")"
python3 "$root/Benchmarks/python/large_history.py" "$rows" "$folder/history.csv"
rm -f "$folder/fake-port" "$folder/portfolio.json"
python3 "$root/Tests/EndToEndTests/FakeCoinGecko/fake_coingecko.py" --port 0 \
  --port-file "$folder/fake-port" --lifetime 0 >/dev/null 2>&1 &
fake=$!
trap 'kill $fake 2>/dev/null' EXIT
for _ in $(seq 200); do [[ -s $folder/fake-port ]] && break; sleep 0.05; done
HOME="$folder/home" XDG_CACHE_HOME="$folder/home/cache" XDG_DATA_HOME="$folder/home/data" \
  TZ=UTC COINGECKO_BASE_URL="http://127.0.0.1:$(cat "$folder/fake-port")/api/v3" \
  "$coins" portfolio import "$folder/history.csv" --file "$folder/portfolio.json" >/dev/null
echo "$folder/portfolio.json: $rows transactions"
