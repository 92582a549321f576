#!/usr/bin/env bash
# Smoke test for fake_coingecko.py: starts the server, hits every endpoint and the
# failure modes with curl, checks status codes / shapes, then stops it.
# Usage: Tests/EndToEndTests/FakeCoinGecko/smoke_test.sh   (needs python3 and curl)
set -u

DIR="$(cd "$(dirname "$0")" && pwd)"
FAKE="$DIR/fake_coingecko.py"
TMP="$(mktemp -d)"
PID=""
FAILS=0
CHECKS=0

cleanup() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; fi
    rm -rf "$TMP"
}
trap cleanup EXIT

ok()   { CHECKS=$((CHECKS + 1)); }
fail() { CHECKS=$((CHECKS + 1)); FAILS=$((FAILS + 1)); echo "FAIL: $*" >&2; }

python3 "$FAKE" --port 0 --port-file "$TMP/port" --lifetime 120 >"$TMP/stdout" 2>"$TMP/stderr" &
PID=$!
for _ in $(seq 1 100); do [ -s "$TMP/port" ] && break; sleep 0.05; done
PORT="$(cat "$TMP/port" 2>/dev/null)"
[ -n "$PORT" ] || { echo "server did not start"; cat "$TMP/stderr"; exit 1; }
CTL="http://127.0.0.1:$PORT/__control"
API="http://127.0.0.1:$PORT/api/v3"
sleep 0.1
grep -q "^PORT $PORT\$" "$TMP/stdout" && ok || fail "stdout does not announce PORT $PORT"

# status URL -> prints status; body goes to $TMP/body, headers to $TMP/headers
status() { curl -s -o "$TMP/body" -D "$TMP/headers" -w '%{http_code}' "$@"; }

expect_status() { # expected url [curl args...]
    local want="$1"; shift
    local got; got="$(status "$@")"
    if [ "$got" = "$want" ]; then ok; else fail "$* -> $got (want $want)"; fi
}

# py 'EXPR' -> evaluates EXPR with d = parsed $TMP/body, h = headers dict; fails if falsy
py() {
    if python3 - "$TMP/body" "$TMP/headers" "$1" <<'EOF'
import json, sys
body = open(sys.argv[1], "rb").read()
h = {}
for line in open(sys.argv[2], encoding="latin-1").read().splitlines()[1:]:
    if ":" in line:
        k, v = line.split(":", 1); h[k.strip().lower()] = v.strip()
try:
    d = json.loads(body)
except Exception:
    d = None
sys.exit(0 if eval(sys.argv[3]) else 1)
EOF
    then ok; else fail "check failed: $1"; fi
}

set_mode() { curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d "$1" "$CTL/mode"; }

# --- normal endpoints -------------------------------------------------------
expect_status 200 "$API/ping";                py 'd == {"gecko_says": "(V3) To the Moon!"}'
expect_status 200 "$API/coins/markets?vs_currency=usd"
py 'len(d) == 100 and d[0]["id"] == "bitcoin" and d[0]["current_price"] == 50000 and "sparkline_in_7d" not in d[0]'
py '[c["market_cap_rank"] for c in d[6:10]] == [7, 9, 8, 10]'
py 'all(len(h.get("content-length", "")) for _ in [0]) and int(h["content-length"]) > 1000'
expect_status 200 "$API/coins/markets?vs_currency=usd&per_page=250&sparkline=true&price_change_percentage=1h,24h,7d"
py 'len(d) == 250 and len(d[0]["sparkline_in_7d"]["price"]) == 168 and d[0]["sparkline_in_7d"]["price"][-1] == 50000'
py '{c["id"]: len(c["sparkline_in_7d"]["price"]) for c in d}["quiet-chain"] == 0'
py '{c["id"]: len(c["sparkline_in_7d"]["price"]) for c in d}["fresh-launch"] == 133'
py '[c for c in d if c["id"] == "fresh-launch"][0]["price_change_percentage_7d_in_currency"] is None'
py '[c for c in d if c["id"] == "stale-token"][0]["price_change_percentage_24h"] is None'
py '[c for c in d if c["id"] == "tiny-inu"][0]["current_price"] == 0.0000085'
py '[c for c in d if c["id"] == "solana"][0]["current_price"] == 150'
py 'all("price_change_percentage_1h_in_currency" in c for c in d)'
expect_status 200 "$API/coins/markets?vs_currency=EUR&ids=solana,deep-value,bitcoin,nope"
py '[c["id"] for c in d] == ["bitcoin", "solana", "deep-value"] and [c["current_price"] for c in d] == [45000, 135, 2.25]'
expect_status 200 "$API/coins/markets?vs_currency=btc&ids=bitcoin,ethereum"
py '[c["current_price"] for c in d] == [1, 0.06]'
expect_status 200 "$API/coins/markets?vs_currency=usd&ids=deep-value"
py 'd[0]["current_price"] == 2.5 and d[0]["market_cap_rank"] == 777'
expect_status 200 "$API/coins/markets?vs_currency=usd&per_page=250&page=5"
py 'len(d) == 200 and d[-1]["id"] == "bitcoin-on-base" and d[-1]["market_cap_rank"] is None'
expect_status 200 "$API/coins/markets?vs_currency=usd&page=99";  py 'd == []'
expect_status 200 "$API/coins/markets?vs_currency=usd&order=id_asc&per_page=3"; py '[c["id"] for c in d] == sorted(c["id"] for c in d)'
expect_status 200 "$API/coins/markets?vs_currency=usd&order=volume_desc&per_page=5"
py 'all(d[i]["total_volume"] >= d[i+1]["total_volume"] for i in range(4))'
expect_status 200 "$API/coins/markets?vs_currency=usd&symbols=btc";            py '[c["id"] for c in d] == ["bitcoin"]'
expect_status 200 "$API/coins/markets?vs_currency=usd&symbols=btc&include_tokens=all"; py '[c["id"] for c in d] == ["bitcoin", "bitcoin-bridged", "bitcoin-on-base"]'
expect_status 400 "$API/coins/markets?vs_currency=xyz";   py 'd == {"error": "invalid vs_currency"}'
expect_status 400 "$API/coins/markets"
expect_status 400 "$API/coins/markets?vs_currency=usd&per_page=251"
expect_status 400 "$API/coins/markets?vs_currency=usd&per_page=0"
expect_status 200 "$API/search?query=btc"
py '[c["id"] for c in d["coins"]][:1] == ["bitcoin"] and d["coins"][-1]["id"] == "bitcoin-on-base" and d["coins"][-1]["market_cap_rank"] is None'
py '{"bitcoin-bridged", "wrapped-bitcoin"} <= {c["id"] for c in d["coins"]} and d["coins"][0]["symbol"] == "BTC" and set(d) == {"coins", "exchanges", "icos", "categories", "nfts"}'
expect_status 200 "$API/search?query=coin";  py 'len(d["coins"]) == 25'
expect_status 200 "$API/coins/list";         py 'len(d) == 1200 and d[0] == {"id": "bitcoin", "symbol": "btc", "name": "Bitcoin"}'
expect_status 200 "$API/simple/price?ids=bitcoin,ethereum&vs_currencies=usd,eur"
py 'd == {"bitcoin": {"usd": 50000, "eur": 45000}, "ethereum": {"usd": 3000, "eur": 2700}}'
expect_status 400 "$API/simple/price?vs_currencies=usd"
expect_status 200 "$API/global"
py 'd["data"]["active_cryptocurrencies"] == 1200 and d["data"]["total_market_cap"]["usd"] > 1e12 and "btc" in d["data"]["market_cap_percentage"]'
expect_status 404 "$API/nope";               py 'd == {"error": "Not Found"}'

# keep-alive: two requests over one connection
curl -sv -o /dev/null -o /dev/null "$API/ping" "$API/ping" 2>"$TMP/verbose"
grep -qi "re-using existing connection" "$TMP/verbose" && ok || fail "keep-alive connection was not reused"

# --- histories and candles --------------------------------------------------
curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"time":"2026-11-29T12:00:00Z"}' "$CTL/time"
expect_status 200 "$API/coins/bitcoin/market_chart?vs_currency=usd&days=1"
py 'len(d["prices"]) > 280 and d["prices"][-1] == [1795953600000, 50000] and all(p[0] % 300000 for p in d["prices"][:-1])'
expect_status 200 "$API/coins/ethereum/market_chart?vs_currency=eur&days=30"
py 'len({p[0] % 3600000 for p in d["prices"][:-1]}) == 1 and d["prices"][-1][1] == 2700'
expect_status 200 "$API/coins/bitcoin/market_chart?vs_currency=usd&days=365"
py 'len(d["prices"]) == 366 and all(p[0] % 86400000 == 0 for p in d["prices"][:-1])'
expect_status 401 "$API/coins/bitcoin/market_chart?vs_currency=usd&days=max"
py 'd["error"]["status"]["error_code"] == 10012'
expect_status 200 "$API/coins/bitcoin/market_chart?vs_currency=usd&days=max" -H "x-cg-pro-api-key: k"
py 'd["prices"][0][0] == 1367107200000'
expect_status 401 "$API/coins/bitcoin/market_chart/range?vs_currency=usd&from=1700000000&to=1700086400"
expect_status 200 "$API/coins/bitcoin/ohlc?vs_currency=usd&days=30"
py 'len(d) == 180 and all(c[0] % 14400000 == 0 and len(c) == 5 for c in d)'
expect_status 400 "$API/coins/bitcoin/ohlc?vs_currency=usd&days=3"
expect_status 404 "$API/coins/no-such-coin/market_chart?vs_currency=usd&days=1"
expect_status 200 "$API/coins/quiet-chain/market_chart?vs_currency=usd&days=7"; py 'd["prices"] == []'
curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"time":null}' "$CTL/time"

# --- request log / reset ----------------------------------------------------
curl -s -o /dev/null -H 'x-cg-demo-api-key: KEY123' "$API/ping?x=1"
expect_status 200 "$CTL/requests"
py 'd[-1]["path"] == "/api/v3/ping" and d[-1]["query"] == {"x": "1"} and d[-1]["headers"]["x-cg-demo-api-key"] == "KEY123" and d[-1]["method"] == "GET"'
py 'not any(e["path"].startswith("/__control") for e in d)'
expect_status 200 -X POST "$CTL/reset"
expect_status 200 "$CTL/requests";  py 'd == []'

# --- modes -------------------------------------------------------------------
M="$API/coins/markets?vs_currency=usd&per_page=5"
set_mode '{"mode":"429"}'
expect_status 429 "$M";  py 'd["status"]["error_code"] == 429 and h.get("retry-after") == "1"'
set_mode '{"mode":"429","retry_after":3,"style":"http-date"}'
expect_status 429 "$M";  py 'h.get("retry-after", "").endswith("GMT")'
set_mode '{"mode":"429","retry_after":2,"style":"reset-only"}'
expect_status 429 "$M";  py '"retry-after" not in h and h["x-ratelimit-reset"].endswith("+0000") and h["x-ratelimit-remaining"] == "0"'
set_mode '{"mode":"500","count":2}'
expect_status 500 "$M";  py 'd == {"error": "Internal Server Error"}'
expect_status 500 "$M"
expect_status 200 "$M"
expect_status 200 "$CTL/mode";  py 'd["mode"] == "ok"'
set_mode '{"mode":"503-html"}';    expect_status 503 "$M"; py 'h["content-type"].startswith("text/html")'
set_mode '{"mode":"firewall"}';    expect_status 403 "$M"; py 'b"error code: 1020" in body'
set_mode '{"mode":"html-200"}';    expect_status 200 "$M"; py 'd is None and b"<html" in body'
set_mode '{"mode":"wrong-shape"}'; expect_status 200 "$M"; py 'isinstance(d, dict)'
set_mode '{"mode":"nulls"}';       expect_status 200 "$M&sparkline=true"; py 'd[0]["current_price"] is None and d[0]["sparkline_in_7d"] is None and d[0]["id"] == "bitcoin"'
set_mode '{"mode":"absurd"}';      expect_status 200 "$M"; py 'd[0]["current_price"] == 1e308 and d[1]["current_price"] < 0 and d[0]["market_cap"] == 1e300'
set_mode '{"mode":"evil"}';        expect_status 200 "$M"; py '"\x1b" in d[0]["name"] and "\u202e" in d[2]["name"] and len(d[3]["name"]) == 200'
set_mode '{"mode":"flaky"}'
expect_status 200 "$M"; expect_status 500 "$M"; expect_status 200 "$M"; expect_status 500 "$M"
set_mode '{"mode":"move"}'
status "$M" >/dev/null; cp "$TMP/body" "$TMP/move1"; status "$M" >/dev/null
python3 -c "import json,sys; a=json.load(open('$TMP/move1')); b=json.load(open('$TMP/body')); sys.exit(0 if (a[0]['current_price'], b[0]['current_price']) == (50500, 51000) else 1)" && ok || fail "move mode"
set_mode '{"mode":"slow","delay":1}'
T0=$(date +%s.%N); expect_status 200 "$M"; T1=$(date +%s.%N)
python3 -c "import sys; sys.exit(0 if $T1 - $T0 >= 0.9 else 1)" && ok || fail "slow mode answered too fast"
set_mode '{"mode":"hang"}'
curl -s -o /dev/null --max-time 1 "$M"; RC=$?
[ "$RC" = 28 ] && ok || fail "hang: curl rc $RC (want 28 timeout)"
expect_status 200 "$CTL/ping"   # the server still answers while a request hangs
set_mode '{"mode":"truncated"}'
curl -s -o /dev/null --max-time 5 "$M"; RC=$?
[ "$RC" = 18 ] && ok || fail "truncated: curl rc $RC (want 18 partial file)"
set_mode '{"mode":"huge"}'
SIZE=$(curl -s --max-time 60 -o "$TMP/huge" -w '%{size_download}' "$M")
python3 -c "import json,sys; d=json.load(open('$TMP/huge')); sys.exit(0 if isinstance(d, list) and $SIZE >= 40000000 else 1)" && ok || fail "huge: size $SIZE"
set_mode '{"mode":"401","code":10002}'; expect_status 401 "$M"; py 'd["status"]["error_code"] == 10002'
expect_status 400 -X POST -d '{"mode":"bogus"}' "$CTL/mode"
expect_status 200 -X POST "$CTL/reset"
expect_status 200 "$M"

# --- startup mode + lifetime -------------------------------------------------
python3 "$FAKE" --port-file "$TMP/port2" --lifetime 2 --mode 429 --param style=both --param retry_after=5 >/dev/null &
PID2=$!
for _ in $(seq 1 100); do [ -s "$TMP/port2" ] && break; sleep 0.05; done
expect_status 429 "http://127.0.0.1:$(cat "$TMP/port2")/api/v3/ping"; py 'h.get("retry-after") == "5" and "x-ratelimit-reset" in h'
sleep 3
if kill -0 "$PID2" 2>/dev/null; then fail "server ignored --lifetime"; kill "$PID2"; else ok; fi
wait "$PID2" 2>/dev/null

# --- shutdown ----------------------------------------------------------------
curl -s -o /dev/null -X POST "$CTL/shutdown"
for _ in $(seq 1 40); do kill -0 "$PID" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$PID" 2>/dev/null; then fail "server did not stop on /__control/shutdown"; else ok; PID=""; fi
if [ -s "$TMP/stderr" ]; then fail "server wrote to stderr:"; cat "$TMP/stderr" >&2; fi

echo "$((CHECKS - FAILS))/$CHECKS checks passed"
[ "$FAILS" = 0 ]
