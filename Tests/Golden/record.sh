#!/usr/bin/env bash
# Records what the built `coins` prints for every command (text, JSON, CSV, help, usage errors,
# offline fallbacks, a few watch ticks) against the loopback fake CoinGecko, one file per case.
#
#   Tests/Golden/record.sh <coins-binary> <output-dir>            every case
#   Tests/Golden/record.sh <coins-binary> <output-dir> <group>    one group of cases (below):
#     live | help | offline <case> | cached <case>
#   Tests/Golden/record.sh --list                                 "<group> <case>" per line
#
# GoldenOutputTests runs one group at a time, each case a test of its own. The live group
# copies its HOME to $GOLDEN_LIVE_HOME when that is set; a cached case alone reads its cached
# answers from there.
#
# Each case file holds the command line, its stdout, its stderr and its exit status. The runs
# use a fresh HOME, TZ=UTC, COLUMNS=100 (80 or 120 where a case sets `columns`), no colour
# unless asked, and the fake with a fixed time, so almost everything is deterministic. What still
# depends on the wall clock is normalised, and only this:
#   - the temporary HOME path            -> <HOME>
#   - today's date (UTC, at record time) -> <TODAY>, and a time of day after it -> <TODAY> <TIME>
#     (to the minute, as alerts show it: <TODAY> <HH:MM> UTC)
#     (the moment of a live fetch, a lot's date; the fake's fixed 2026-11-29 12:00:00 and the
#     sample's time are never today and stay as they are)
#   - a cache's age ("12 s ago", "3 min ago") -> "<AGE> ago"
#   - the first day of CoinGecko's free reach, "(from <today − 364 days>)" -> "(from <YEAR-AGO>)"
# Tests/Golden/check.sh records into a temporary folder and compares with Tests/Golden/expected.
#
# The cases come in groups that run side by side (see the end): GOLDEN_JOBS=n sets how many at
# once (default 8; 1 runs them one after another), GOLDEN_TIMING=1 prints how long each took.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fake="$here/../EndToEndTests/FakeCoinGecko/fake_coingecko.py"
listing=""
if [[ "${1:-}" == --list ]]; then
  # The cases are walked without running coins: case_ and piped only print their names.
  listing=1
  coins=/bin/true
  group=all
else
  coins=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  out=$2
  group=${3:-all}
  one=${4:-}
  mkdir -p "$out"
  rm -f "$out"/*.txt
fi

work=$(mktemp -d)
fake_pid=""
cleanup() {
  [[ -n "$fake_pid" ]] && kill -KILL "$fake_pid" 2>/dev/null
  # Groups still running (only when this script is cut short), each a process group with the
  # coins it runs (set -m below).
  local pid
  for pid in $(jobs -p); do
    kill -KILL -- "-$pid" 2>/dev/null
  done
  disown -a # (no "Killed" notices for them)
  rm -rf "$work"
}
trap cleanup EXIT

# start_fake: the fake CoinGecko with its fixed time, for the live cases; sets live_url.
live_url=""
start_fake() {
  python3 "$fake" --port 0 --fixed-time 2026-11-29T12:00:00Z --lifetime 600 >"$work/fake.out" 2>"$work/fake.err" &
  fake_pid=$!
  # Not one of this shell's jobs: its end is not waited for, and bash does not report its kill.
  disown "$fake_pid"
  for _ in $(seq 1 100); do
    grep -q '^PORT ' "$work/fake.out" 2>/dev/null && break
    sleep 0.1
  done
  local port
  port=$(awk '/^PORT /{print $2}' "$work/fake.out")
  [[ -n "$port" ]] || { echo "record.sh: the fake did not start" >&2; cat "$work/fake.err" >&2; exit 1; }
  live_url="http://127.0.0.1:$port/api/v3"
}
refused_url="http://127.0.0.1:9/api/v3"
# Coinbase, Binance and the ECB are never asked on the internet: a refused port stands in.
refused_source="http://127.0.0.1:9"

home=""
scratch=""
base_url=""
today=$(date -u +%F)
# The first day of CoinGecko's free reach (364 days before today), as the price chain names it.
year_ago=$(date -u -d "$today - 364 days" +%F)

# A fresh HOME (with its own cache and data folders) for the cases that follow, and the
# scratch files their output goes to before it is recorded. Each group of cases runs in a
# subshell of its own (see the end), so these variables are the group's.
fresh_home() {
  home="$work/home-$1"
  scratch="$work/scratch-$1"
  mkdir -p "$home/cache" "$home/data"
}

normalise() {
  perl -pe "s{\Q$home\E}{<HOME>}g; s{\Q$today\E \d\d:\d\d UTC}{<TODAY> <HH:MM> UTC}g; s{\Q$today\E([ T])\d\d:\d\d:\d\d(\.\d+)?}{<TODAY>\1<TIME>}g; s{\Q$today\E}{<TODAY>}g; s{\(from \Q$year_ago\E\)}{(from <YEAR-AGO>)}g; s{\b\d+ (?:s|min|h|d)(?: \d+ (?:min|h))? ago}{<AGE> ago}g"
}

# case <name> <arguments…>: runs coins and records its output as <name>.txt.
case_() {
  local name=$1
  shift
  [[ -z "$listing" ]] || { echo "$listing_group $name"; return 0; }
  local file="$out/$name.txt"
  local started=$EPOCHREALTIME
  env -i HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_DATA_HOME="$home/data" PATH=/usr/bin:/bin \
    TZ=UTC COLUMNS="${columns:-100}" COINGECKO_BASE_URL="$base_url" COINS_COINBASE_BASE_URL="$refused_source" \
    COINS_BINANCE_BASE_URL="$refused_source" COINS_ECB_BASE_URL="$refused_source" "$coins" "$@" \
    >"$scratch.stdout" 2>"$scratch.stderr" </dev/null
  local status=$?
  timing "$started" "$name"
  record "$file" "coins $*" "$status"
}

# piped <name> <lines> <arguments…>: runs coins into `head -n <lines>` (a reader that goes away).
piped() {
  local name=$1 lines=$2
  shift 2
  [[ -z "$listing" ]] || { echo "$listing_group $name"; return 0; }
  local started=$EPOCHREALTIME
  env -i HOME="$home" XDG_CACHE_HOME="$home/cache" XDG_DATA_HOME="$home/data" PATH=/usr/bin:/bin \
    TZ=UTC COLUMNS=100 COINGECKO_BASE_URL="$base_url" COINS_COINBASE_BASE_URL="$refused_source" \
    COINS_BINANCE_BASE_URL="$refused_source" COINS_ECB_BASE_URL="$refused_source" "$coins" "$@" \
    2>"$scratch.stderr" </dev/null | head -n "$lines" >"$scratch.stdout"
  local status=${PIPESTATUS[0]}
  timing "$started" "$name"
  record "$out/$name.txt" "coins $* | head -n $lines" "$status"
}

# timing <start> <name>: with GOLDEN_TIMING set, prints on stderr when a case ended (seconds
# since the recording began) and how long it ran, e.g. "12.31 2.47 cached-top".
began=$EPOCHREALTIME
timing() {
  [[ -n "${GOLDEN_TIMING:-}" ]] || return 0
  local now=$EPOCHREALTIME
  awk -v b="$began" -v s="$1" -v n="$now" -v name="$2" \
    'BEGIN { printf "%.2f %.2f %s\n", n - b, n - s, name }' >&2
}

# record <file> <command line> <status>: writes a case file from the last run's output. One perl
# normalises the whole file: its rules work line by line and none can match across the
# "--- stderr" marker, so this is the same as normalising the command line, stdout and stderr
# one by one (two perl starts fewer per case).
record() {
  {
    echo "\$ $2"
    echo "--- stdout"
    cat "$scratch.stdout"
    echo "--- stderr"
    cat "$scratch.stderr"
    echo "--- exit $3"
  } | normalise >"$1"
}

# Help and version, usage errors, config: no network.
help_cases() {
  listing_group=help
  fresh_home help
  base_url=$refused_url
  case_ help-none
  case_ help-root --help
  case_ help-root-h -h
  case_ help-word help
  case_ version --version
  for command in top watch portfolio search info chart global alert price convert trending categories completions config; do
    case_ "help-$command" help "$command"
    case_ "help-$command-flag" "$command" --help
  done
  for sub in add sell transfer undo history gains income export import remove list value chart performance; do
    case_ "help-portfolio-$sub" help portfolio "$sub"
    case_ "help-portfolio-$sub-flag" portfolio "$sub" --help
    case_ "help-portfolio-help-$sub" portfolio help "$sub"
  done
  case_ help-portfolio-help portfolio help
  for sub in add list remove check; do
    case_ "help-alert-$sub" alert "$sub" --help
  done
  case_ help-portfolio-none portfolio

  # Usage errors.
  case_ usage-unknown-command topp
  case_ usage-group-subcommand gains --year 2025
  case_ usage-group-subcommand-two list
  case_ usage-unknown-option top --curency eur
  case_ usage-unknown-root-option --verbose
  case_ usage-bad-sort top --sort bogus
  case_ usage-bad-count top abc
  case_ usage-zero-count top 0
  case_ usage-extra-argument top 5 6
  case_ usage-json-and-csv top --json --csv
  case_ usage-bad-color top --color sometimes
  case_ usage-missing-value watch --interval
  case_ usage-zero-interval watch --interval 0
  case_ usage-watch-top watch --top 5000
  case_ usage-missing-amount portfolio add btc
  case_ usage-missing-coin portfolio add
  case_ usage-negative-amount portfolio add btc -1
  case_ usage-zero-amount portfolio add btc 0
  case_ usage-bad-amount portfolio add btc 1,5
  case_ usage-zero-cost portfolio add btc 1 --cost 0
  case_ usage-unknown-portfolio portfolio frob
  case_ usage-help-unknown help frob
  case_ usage-info-missing info
  case_ usage-search-missing search
  case_ usage-bad-timeout top --timeout x
  case_ usage-bad-max-age top --max-age -1
  case_ usage-chart-bad-range chart btc --range 2y
  case_ usage-chart-bad-date chart btc --from 2026-02-30
  case_ usage-chart-range-and-from chart btc --range 1y --from 2026-01-01
  case_ usage-portfolio-chart-candles portfolio chart --candles
  case_ usage-price-missing price
  case_ usage-price-template price btc --format '{symbol} {nope}'
  case_ usage-price-json-format price btc --json --format '{price}'
  case_ usage-convert-amount convert abc btc eur
  case_ usage-convert-missing convert 1 btc
  case_ usage-categories-sort categories --sort rank
  case_ usage-top-category top --category 'a b'
  case_ usage-trending-extra trending now
  case_ usage-completions-shell completions tcsh
  case_ usage-completions-missing completions
  case_ config-path config path
  case_ config-show-none config show
}

# Live, against the fake, in one HOME, in order: later cases read the cache, the portfolio,
# the transactions and the alerts that earlier ones wrote.
live_cases() {
  listing_group=live
  fresh_home live
  base_url=$live_url
  case_ top-default top
  case_ top-5 top 5
  case_ top-10-json top 10 --json
  case_ top-10-csv top 10 --csv
  case_ top-5-again top 5
  case_ top-sort-price top 5 --sort price
  case_ top-sort-change24h-reverse top 8 --sort change24h --reverse
  case_ top-sort-name top 6 --sort name
  columns=80 case_ top-sort-volume-80 top 5 --sort volume
  case_ top-eur top 5 --currency eur
  case_ top-jpy-json top 3 --currency jpy --json
  case_ top-btc-csv top 4 --currency btc --csv
  case_ top-chf top 3 --currency chf
  case_ top-ascii top 5 --ascii
  case_ top-color top 3 --color always
  case_ top-max-age-0 top 3 --max-age 0
  case_ top-live top 3 --live
  case_ search-bit search bit
  case_ search-eth-json search eth --json
  case_ search-nothing search zzzzqqqq
  case_ info-btc info btc
  case_ info-id-json info --id ethereum --json
  case_ info-eth-eur-ascii info eth --currency eur --ascii
  case_ info-unknown info notacoin
  case_ global global
  case_ global-json global --json
  case_ global-eur global --currency eur
  case_ global-xyz global --currency xyz
  case_ price-btc-eth-sol price btc eth sol
  case_ price-format price btc eth --format '{symbol} {price} {change24h} [{source}] {{{currency}}}'
  case_ price-json price btc deep-value --currency eur --json
  case_ price-xyz price btc --currency xyz
  case_ price-unknown price notacoin
  case_ convert-btc-eur convert 0.5 btc eur
  case_ convert-usd-eth convert 100 usd eth
  case_ convert-eth-sol-json convert 1 eth sol --json
  case_ convert-sol-doge convert 10 sol doge
  case_ convert-unknown convert 1 btcc eur
  case_ trending trending
  case_ trending-json trending --json
  case_ categories categories
  case_ categories-name-json categories 3 --sort name --json
  case_ categories-volume-reverse categories --sort volume --reverse
  case_ top-category top --category meme-token
  case_ top-category-json top 2 --category layer-1 --json
  case_ top-category-unknown top --category nothing-here

  # Charts: a year at 80 and 120 columns, candles, JSON, CSV, the plan's 365 days, an empty
  # history, info over a range.
  columns=80 case_ chart-btc-1y-80 chart btc --range 1y
  columns=120 case_ chart-btc-1y-120 chart btc --range 1y
  columns=80 case_ chart-btc-1y-ascii-80 chart btc --range 1y --ascii
  columns=80 case_ chart-btc-candles-80 chart btc --candles --range 30d
  columns=120 case_ chart-btc-candles-120 chart btc --candles --range 30d
  columns=80 case_ chart-eth-1d-80 chart eth --range 1d --height 8
  case_ chart-eth-7d-eur chart eth --currency eur
  case_ chart-btc-max chart btc --range max
  case_ chart-sol-30d-json chart sol --range 30d --json
  case_ chart-btc-7d-csv chart btc --csv
  case_ chart-btc-candles-json chart btc --candles --range 1d --json
  case_ chart-empty chart --id quiet-chain
  case_ chart-unknown chart notacoin
  columns=80 case_ info-btc-range-1y info btc --range 1y

  # The portfolio: adds, lists, values, removes in a file under HOME.
  case_ portfolio-list-missing portfolio list
  case_ portfolio-value-missing portfolio value
  case_ portfolio-add-btc portfolio add btc 1.5 --cost 30000
  case_ portfolio-add-eth portfolio add eth 2
  case_ portfolio-add-id-eur portfolio add --id solana 10 --cost 120 --currency eur
  case_ portfolio-add-btc-more portfolio add bitcoin 0.25 --cost 45000.5
  case_ portfolio-add-unknown portfolio add notacoin 1
  case_ portfolio-list portfolio list
  case_ portfolio-list-json portfolio list --json
  case_ portfolio-value portfolio value
  case_ portfolio-value-json portfolio value --json
  case_ portfolio-value-eur portfolio value --currency eur --ascii
  case_ portfolio-remove-some portfolio remove eth 1
  case_ portfolio-remove-all portfolio remove sol
  case_ portfolio-remove-missing portfolio remove doge
  case_ portfolio-list-after portfolio list

  # Transactions in a file of their own: dated buys priced by the price chain (CoinGecko's
  # daily price; Coinbase and Binance are out of reach here), a total, a cost in EUR,
  # a day the plan cannot reach, sells (given, live, too many), transfers, history, gains (by
  # lots, as Form 8949 rows), value by both methods, undo, export and import (twice), income.
  tx="$home/tx.json"
  case_ tx-add-dated portfolio add btc 1 --date 2026-06-01 --fee 10 --file "$tx"
  case_ tx-add-total portfolio add btc 2 --total 90000 --date 2026-07-01 --note "=DCA" --file "$tx"
  case_ tx-add-eur portfolio add eth 4 --cost 2000 --currency eur --date 2026-08-01 --file "$tx"
  case_ tx-add-too-old portfolio add btc 1 --date 2025-01-01 --file "$tx"
  case_ tx-add-future portfolio add btc 1 --cost 5 --date 2099-01-01 --file "$tx"
  case_ tx-sell portfolio sell btc 1.5 --price 60000 --fee 15 --date 2026-09-01 --file "$tx"
  # Dated (at the fake's fixed day, priced from its history): a sale dated today would put
  # a day count from a fixed date and the year of "today" into every gains case below.
  case_ tx-sell-day-price portfolio sell btc 0.5 --date 2026-11-29 --file "$tx"
  case_ tx-sell-too-much portfolio sell btc 5 --price 1 --file "$tx"
  case_ tx-transfer-in portfolio transfer in eth 0.5 --note "staking reward" --date 2026-10-01 --file "$tx"
  case_ tx-transfer-out portfolio transfer out eth 1 --date 2026-10-02 --file "$tx"
  case_ tx-history portfolio history --file "$tx"
  columns=80 case_ tx-history-80 portfolio history --file "$tx"
  case_ tx-history-eth-json portfolio history ethereum --json --file "$tx"
  case_ tx-history-csv portfolio history --csv --file "$tx"
  case_ tx-gains portfolio gains --file "$tx"
  case_ tx-gains-eur-json portfolio gains --currency eur --json --file "$tx"
  case_ tx-gains-2025 portfolio gains --year 2025 --file "$tx"
  case_ tx-gains-hifo-lots portfolio gains --method hifo --lots --file "$tx"
  case_ tx-gains-csv-lots portfolio gains --csv --lots --file "$tx"
  case_ tx-gains-average-lots portfolio gains --method average --lots --file "$tx"
  case_ tx-list portfolio list --file "$tx"
  case_ tx-value portfolio value --file "$tx"
  case_ tx-value-average-json portfolio value --method average --since 2026-09-01 --json --file "$tx"
  case_ tx-value-sort-csv portfolio value --sort pnl --csv --file "$tx"
  case_ tx-undo-refused portfolio undo 2 --file "$tx"
  case_ tx-undo portfolio undo 5 --file "$tx"
  case_ tx-undo-missing portfolio undo 42 --file "$tx"
  case_ tx-export-csv portfolio export --csv --file "$tx"
  case_ tx-export portfolio export --file "$tx"
  "$coins" portfolio export --csv --file "$tx" >"$home/tx.csv" 2>/dev/null
  case_ tx-import portfolio import "$home/tx.csv" --file "$home/tx2.json"
  case_ tx-import-again portfolio import "$home/tx.csv" --file "$home/tx2.json"
  printf 'date,type,coin,amount\n2026-01-01,buy,bitcoin,1\n2026-01-02,sell,bitcoin,x\n' >"$home/bad.csv"
  case_ tx-import-bad portfolio import "$home/bad.csv" --file "$home/tx2.json"
  # Income: a reward priced by /history, one given, then the report and its JSON.
  case_ tx-income-none portfolio income --file "$tx"
  case_ tx-transfer-income portfolio transfer in eth 0.05 --income --date 2026-10-05 --file "$tx"
  case_ tx-transfer-income-cost portfolio transfer in btc 0.001 --income --total 90.005 --date 2026-10-06 --file "$tx"
  case_ tx-income portfolio income --file "$tx"
  case_ tx-income-eur-json portfolio income --currency eur --json --file "$tx"

  # Alerts: rules in a file under HOME, checked against the fake (the portfolio above).
  case_ alert-list-missing alert list
  case_ alert-add-above alert add btc above 40000
  case_ alert-add-move alert add eth move 0.1 --over 24h --note "eth moves"
  case_ alert-add-portfolio alert add portfolio below 1000000000
  case_ alert-add-bad alert add btc above abc
  case_ alert-add-move-portfolio alert add portfolio move 5
  case_ alert-check alert check --max-age 0
  case_ alert-check-again-json alert check --max-age 0 --json
  case_ alert-list alert list
  case_ alert-list-json alert list --json
  case_ alert-remove alert remove 2
  case_ alert-remove-missing alert remove 9

  # A fixed portfolio file (dates and all).
  cp "$here/../../Samples/portfolio.json" "$home/fixed.json"
  case_ fixed-list portfolio list --file "$home/fixed.json"
  case_ fixed-list-json portfolio list --json --file "$home/fixed.json"
  case_ fixed-value portfolio value --file "$home/fixed.json"
  case_ fixed-value-json portfolio value --json --file "$home/fixed.json"
  columns=80 case_ fixed-chart-1y-80 portfolio chart --range 1y --file "$home/fixed.json"
  columns=120 case_ fixed-chart-1y-120 portfolio chart --range 1y --file "$home/fixed.json"
  case_ fixed-chart-json portfolio chart --range 30d --json --file "$home/fixed.json"

  # A few watch ticks, as JSON lines, ended by a reader that goes away.
  piped watch-json 2 watch --json --top 2 --interval 5
  piped watch-portfolio-json 1 watch --portfolio --json --interval 5 --file "$home/fixed.json"
}

# Offline with a cache: once the live cases are done and the fake has stopped, each case runs
# in a copy of their HOME, with its cached answers. These cases only read that HOME (a refused
# request writes no cache), so they cannot depend on one another and run side by side.
cached_cases=(
  'cached-top top 5 --max-age 0'
  'cached-top-json top 5 --json --max-age 0'
  'cached-top-live top 5 --live --max-age 0'
  'cached-info info btc --max-age 0'
  'cached-search search bit'
  'cached-global global --max-age 0'
  'cached-value portfolio value --max-age 0 --file "$home/fixed.json"'
  'cached-chart chart btc --range 1y --max-age 0'
  'cached-chart-missing chart btc --range 90d'
  'cached-price price btc eth --max-age 0'
  'cached-price-json price btc --max-age 0 --json'
  'cached-convert convert 0.5 btc eur --max-age 0'
  'cached-trending trending --max-age 0'
  'cached-categories categories 2 --max-age 0'
  'cached-top-category top --category meme-token --max-age 0'
)

# cached_case '<name> <arguments…>': one of the lines above, in a copy of the live HOME. The line
# is read as shell words (eval) only there, so its "$home" is that copy.
cached_case() {
  local name=${1%% *}
  fresh_home "$name"
  cp -a "${GOLDEN_LIVE_HOME:-$work/home-live}/." "$home"
  base_url=$refused_url
  eval "case_ $1"
}

# Offline with nothing cached: the bundled sample. Each case runs in a fresh HOME of its own
# (with a copy of the sample portfolio as fixed.json); none writes anything there, so they run
# side by side.
offline_cases=(
  'sample-top top 5'
  'sample-top-json top 3 --json'
  'sample-top-csv top 5 --csv'
  'sample-top-live top 5 --live'
  'sample-info info btc'
  'sample-search search eth'
  'sample-global global'
  'sample-price price btc eth'
  'sample-price-live price btc --live'
  'sample-convert convert 1 sol usd'
  'sample-convert-rates convert 1 eur usd'
  'sample-trending trending'
  'sample-categories categories'
  'sample-top-category top --category layer-1'
  'sample-value portfolio value --file "$home/fixed.json"'
  'sample-value-json portfolio value --json --file "$home/fixed.json"'
  'sample-chart-7d chart btc'
  'sample-chart-1y chart btc --range 1y'
)

# offline_case '<name> <arguments…>': one of the lines above, in a fresh HOME (read as shell
# words there, like cached_case's).
offline_case() {
  local name=${1%% *}
  fresh_home "$name"
  cp "$here/../../Samples/portfolio.json" "$home/fixed.json"
  base_url=$refused_url
  eval "case_ $1"
}

# Most of the time goes into waiting, not computing: an offline case retries the refused port
# with backoff (2 to 11 s each), a watch case waits for its ticks; all the cases together take
# about 13 s of CPU. So the groups above run side by side, at most $GOLDEN_JOBS (default 8) at
# once: the live cases (the longest chain, first), the help cases, every offline case on its
# own, then, once the live cases are done, every cached case on its own. Each group has its own
# HOME and scratch files; only the live cases talk to the fake, and none changes its mode.
# named <array> <case>: the line of that case in the array (offline_cases or cached_cases).
named() {
  local -n lines=$1
  local line
  for line in "${lines[@]}"; do
    [[ "${line%% *}" == "$2" ]] && { echo "$line"; return 0; }
  done
  echo "record.sh: no case $2 in $1" >&2
  return 1
}

if [[ -n "$listing" ]]; then
  live_cases
  help_cases
  for line in "${offline_cases[@]}"; do echo "offline ${line%% *}"; done
  for line in "${cached_cases[@]}"; do echo "cached ${line%% *}"; done
  exit 0
fi

case $group in
  all) ;;
  live)
    start_fake
    live_cases
    status=$?
    [[ -z "${GOLDEN_LIVE_HOME:-}" ]] || cp -a "$work/home-live/." "$GOLDEN_LIVE_HOME"
    exit "$status"
    ;;
  help) help_cases; exit ;;
  offline) line=$(named offline_cases "$one") && offline_case "$line"; exit ;;
  cached) line=$(named cached_cases "$one") && cached_case "$line"; exit ;;
  *) echo "record.sh: no group $group (live, help, offline <case>, cached <case>)" >&2; exit 64 ;;
esac

start_fake
jobs_max=${GOLDEN_JOBS:-8}
# Job control: each group runs in a process group of its own, which cleanup can end whole.
set -m
declare -A running=() # pid -> group, for the groups still running
failed=0

# spawn <function> <arguments…>: runs it in the background once fewer than $jobs_max run.
spawn() {
  while ((${#running[@]} >= jobs_max)); do
    reap
  done
  "$@" &
  running[$!]=$1
}

# reap: waits for one running group to end (a group's status is that of its last record).
reap() {
  local pid
  wait -n -p pid "${!running[@]}" || failed=1
  unset "running[$pid]"
}

spawn live_cases
live_pid=$!
spawn help_cases
for line in "${offline_cases[@]}"; do
  spawn offline_case "$line"
done

while [[ -n "${running[$live_pid]:-}" ]]; do
  reap
done
# The fake stops before the cached cases (which ask the refused port anyway).
# SIGKILL: a test runner may start this script with SIGTERM blocked, which the fake inherits.
kill -KILL "$fake_pid" 2>/dev/null
fake_pid=""
for line in "${cached_cases[@]}"; do
  spawn cached_case "$line"
done

while ((${#running[@]})); do
  reap
done
exit "$failed"
