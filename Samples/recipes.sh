#!/usr/bin/env bash
# Scripted uses of coins. Each line stands alone; jq is assumed where it appears.
set -euo pipefail

# Symbol and price of the top 50, tab-separated.
coins top 50 --json | jq -r '.coins[] | "\(.symbol)\t\(.price)"'

# How many of the top 250 rose more than 5% in 24 hours (unknown changes are null: skipped).
coins top 250 --json | jq '[.coins[] | select(.change24h != null and .change24h > 5)] | length'

# Refuse to act on stale data: only live answers pass.
coins top 10 --json | jq -e '.source == "live"' > /dev/null && echo "prices are live"

# The portfolio's total, and each holding's share.
coins portfolio value --json | jq '.total'
coins portfolio value --json | jq -r '.holdings[] | "\(.symbol)\t\(.allocation)"'

# Try the example portfolio without touching your own.
coins portfolio value --file Samples/portfolio.json

# A spreadsheet of the top 100.
coins top 100 --csv > top100.csv
