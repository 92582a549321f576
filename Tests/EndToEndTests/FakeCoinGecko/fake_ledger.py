"""The fake's endpoints for portfolio transactions: past prices and exchange rates.

    GET /coins/{id}/history?date=DD-MM-YYYY&localization=false
        The 00:00 UTC snapshot: market_data.current_price|market_cap|total_volume per currency.
        Every past day's price is the coin's base USD price x 0.8, in each currency at its
        *past* rate (PAST_RATES). A day more than 365 days before today is the free plans'
        HTTP 401 (error_code 10012), as CoinGecko answers; a future day or a bad date is 400.
    GET /exchange_rates
        Today's rates relative to 1 BTC (50,000 USD at today's CURRENCIES factors).
    GET /coins/bitcoin/market_chart?vs_currency=X&days=N   (N <= 365; more or `max` is 401)
        Only in mode "fixed-rates" (otherwise fake_history.py answers it, as for charts):
        daily points at 00:00 UTC for the past N days at 40,000 USD x PAST_RATES[X], then the
        live point now at today's 50,000 USD x CURRENCIES[X].
    GET /coins/{id}/market_chart/range?vs_currency=X&from=…&to=…
        Only in mode "fixed-rates": the points at 00:00 UTC of the days in [from, min(to, now)),
        each the day's /history price (the coin's base USD price x 0.8 x PAST_RATES[X]), so the
        daily snapshot agrees with /history as CoinGecko's does; `from` more than 365 days
        before today is the free plans' 401 (error_code 10012).

So in the past 1 EUR = 1.25 USD (0.8 EUR per USD) while today 1 EUR = 1/0.9 USD: a figure
converted at the day's rate and one converted at today's rate differ, and tests can tell.
"""

import re
from datetime import datetime, timezone

PAST_RATES = {"usd": 1.0, "eur": 0.8, "gbp": 0.75, "jpy": 140.0}
HISTORY_SHARE = 0.8
PAST_BTC_USD = 40000.0
TODAY_BTC_USD = 50000.0
PLAN_DAYS = 365
DAY = 86400

PLAN_ERROR = {
    "error": {
        "status": {
            "error_code": 10012,
            "error_message": "Your request exceeds the allowed time range. Public API users are "
                             "limited to querying historical data within the past 365 days. "
                             "Upgrade to a paid plan to enjoy full historical data access: "
                             "https://www.coingecko.com/en/api/pricing. ",
        }
    }
}

_HISTORY = re.compile(r"^/api/v3/coins/([^/]+)/history$")
_CHART = re.compile(r"^/api/v3/coins/([^/]+)/market_chart$")
_RANGE = re.compile(r"^/api/v3/coins/([^/]+)/market_chart/range$")


def _today_start(now):
    return int(now // DAY) * DAY


def _history(cid, query, now, by_id):
    coin = by_id.get(cid)
    if coin is None:
        return 404, {"error": "coin not found"}
    try:
        day = datetime.strptime(query.get("date", ""), "%d-%m-%Y").replace(tzinfo=timezone.utc)
    except ValueError:
        return 400, {"error": "invalid date"}
    start = int(day.timestamp())
    if start > now:
        return 400, {"error": "date is in the future"}
    if (_today_start(now) - start) // DAY > PLAN_DAYS:
        return 401, PLAN_ERROR
    usd = coin.price * HISTORY_SHARE
    prices = {cur: round(usd * rate, 8) for cur, rate in PAST_RATES.items()}
    return 200, {
        "id": coin.id, "symbol": coin.symbol, "name": coin.name,
        "market_data": {
            "current_price": prices,
            "market_cap": {cur: round(p * coin.circ) for cur, p in prices.items()},
            "total_volume": {cur: round(p * 1000) for cur, p in prices.items()},
        },
    }


def _exchange_rates(currencies):
    rates = {}
    for cur, (num, den) in currencies.items():
        value = 1.0 if cur == "btc" else TODAY_BTC_USD * num / den
        rates[cur] = {"name": cur.upper(), "unit": cur.upper(), "value": value,
                      "type": "crypto" if cur in ("btc", "eth") else "fiat"}
    return 200, {"rates": rates}


def _bitcoin_chart(query, now, currencies):
    cur = query.get("vs_currency", "").lower()
    if cur not in currencies or cur not in PAST_RATES:
        return 400, {"error": "invalid vs_currency"}
    days = query.get("days", "")
    if days == "max" or not days.isdigit() or int(days) > PLAN_DAYS:
        return 401, PLAN_ERROR
    num, den = currencies[cur]
    today = _today_start(now)
    prices = [[(today - k * DAY) * 1000, PAST_BTC_USD * PAST_RATES[cur]]
              for k in range(int(days), 0, -1)]
    prices.append([int(now * 1000), TODAY_BTC_USD * num / den])
    return 200, {
        "prices": prices,
        "market_caps": [[t, p * 19_800_000] for t, p in prices],
        "total_volumes": [[t, p * 500_000] for t, p in prices],
    }


def ledger_route(path, query, now, by_id, currencies, fixed_rates=False):
    """The answer to a transaction endpoint, or None when `path` is not one (bitcoin's
    market_chart is one only with `fixed_rates`)."""
    match = _HISTORY.match(path)
    if match:
        return _history(match.group(1), query, now, by_id)
    if path == "/api/v3/exchange_rates":
        return _exchange_rates(currencies)
    match = _CHART.match(path)
    if fixed_rates and match and match.group(1) == "bitcoin":
        return _bitcoin_chart(query, now, currencies)
    match = _RANGE.match(path)
    if fixed_rates and match:
        return _daily_range(match.group(1), query, now, by_id)
    return None


def _daily_range(cid, query, now, by_id):
    coin = by_id.get(cid)
    if coin is None:
        return 404, {"error": "coin not found"}
    cur = query.get("vs_currency", "").lower()
    if cur not in PAST_RATES:
        return 400, {"error": "invalid vs_currency"}
    try:
        start, end = float(query.get("from", "")), float(query.get("to", ""))
    except ValueError:
        return 400, {"error": "invalid from/to"}
    if start >= end:
        return 400, {"error": "invalid from/to"}
    if (_today_start(now) - start) // DAY > PLAN_DAYS:
        return 401, PLAN_ERROR
    price = round(coin.price * HISTORY_SHARE * PAST_RATES[cur], 8)
    first = int(-(-start // DAY))
    last = int(min(end, now) // DAY)
    prices = [[day * DAY * 1000, price] for day in range(first, last + 1)
              if start <= day * DAY < min(end, now)]
    return 200, {
        "prices": prices,
        "market_caps": [[t, round(p * coin.circ)] for t, p in prices],
        "total_volumes": [[t, round(p * 1000)] for t, p in prices],
    }
