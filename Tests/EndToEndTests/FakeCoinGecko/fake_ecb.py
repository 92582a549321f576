#!/usr/bin/env python3
"""Loopback fake of the ECB Data Portal's euro reference rates for the `coins` tests.

Written from the ECB Data Portal API's published documentation:
    GET /service/data/EXR/D.{CUR1+CUR2…}.EUR.SP00.A?startPeriod=YYYY-MM-DD
        &endPeriod=YYYY-MM-DD&format=csvdata
(the `/service` prefix is part of the base URL and optional here). The answer is CSV: a header
naming the columns, among them CURRENCY, TIME_PERIOD and OBS_VALUE (units of the currency per
1 EUR), then one line per currency and business day, sorted by currency then day. As the real
service does:
  - business days only: no line on a weekend or on a TARGET closing day (1 January, Good
    Friday, Easter Monday, 1 May, 25 and 26 December);
  - TITLE holds commas, so it is quoted;
  - a request matching no series (no currency it publishes) is 404 "No results found.";
  - a format other than csvdata is 406 here (the real service would answer SDMX-ML).
Currencies: USD, GBP, JPY, CHF, CAD, AUD, SEK (not, say, ARS, which the ECB stopped publishing).

Modes: ok, 429 (Retry-After: param retry_after), 500.
Command line and control endpoints: see fake_price_server.py.
Point `coins` at it with COINS_ECB_BASE_URL=http://127.0.0.1:<port>/service.
"""

import math
import random
import re
from datetime import date, timedelta

import fake_price_server as common

MODES = ["ok", "429", "500"]
SERIES = re.compile(r"^(?:/service)?/data/EXR/D\.([A-Z+]+)\.EUR\.SP00\.A$")
# currency -> (typical units per EUR, decimals published, name)
PUBLISHED = {
    "USD": (1.10, 4, "US dollar"),
    "GBP": (0.86, 5, "UK pound sterling"),
    "JPY": (160.0, 2, "Japanese yen"),
    "CHF": (0.95, 4, "Swiss franc"),
    "CAD": (1.48, 4, "Canadian dollar"),
    "AUD": (1.65, 4, "Australian dollar"),
    "SEK": (11.4, 4, "Swedish krona"),
}
HEADER = ("KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE,"
          "OBS_STATUS,OBS_CONF,DECIMALS,TITLE,UNIT,UNIT_MULT")


def easter(year):
    """Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month, day = divmod(h + l - 7 * m + 114, 31)
    return date(year, month, day + 1)


def closed(day):
    if day.weekday() >= 5:
        return True
    sunday = easter(day.year)
    return (day.month, day.day) in ((1, 1), (5, 1), (12, 25), (12, 26)) or day in (
        sunday - timedelta(days=2), sunday + timedelta(days=1))


def rate(currency, day):
    typical, decimals, _ = PUBLISHED[currency]
    phase = random.Random(f"ecb:{currency}").uniform(0, 6.28)
    number = day.toordinal()
    value = typical * (1 + 0.04 * math.sin(2 * math.pi * number / 300 + phase))
    return f"{value:.{decimals}f}"


def plain(status, text):
    return status, {"Content-Type": "text/plain"}, text.encode()


def answer(path, query, headers, mode, params, now):
    if mode == "429":
        return common.rate_limited(params, {"error": "Too many requests"})
    if mode == "500":
        return plain(500, "Internal Server Error")
    match = SERIES.match(path)
    if not match:
        return plain(404, "No results found.")
    if query.get("format") != "csvdata":
        return plain(406, "this fake answers format=csvdata only")
    try:
        start = date.fromisoformat(query["startPeriod"])
        end = date.fromisoformat(query.get("endPeriod", common.day_text(int(now // common.DAY))))
    except (KeyError, ValueError):
        return plain(400, "Invalid startPeriod or endPeriod")
    today = date.fromisoformat(common.day_text(int(now // common.DAY)))
    end = min(end, today)
    currencies = sorted(c for c in set(match.group(1).split("+")) if c in PUBLISHED)
    if not currencies or start > end:
        return plain(404, "No results found.")
    lines = [HEADER]
    for currency in currencies:
        _, decimals, name = PUBLISHED[currency]
        day = start
        while day <= end:
            if not closed(day):
                lines.append(
                    f"EXR.D.{currency}.EUR.SP00.A,D,{currency},EUR,SP00,A,{day.isoformat()},"
                    f"{rate(currency, day)},A,F,{decimals},\"{name}/Euro, 2:15 pm (C.E.T.)\","
                    f"{currency},0")
            day += timedelta(days=1)
    return 200, {"Content-Type": "text/csv"}, ("\n".join(lines) + "\n").encode()


if __name__ == "__main__":
    common.run("Fake ECB euro reference rates (loopback only).", MODES, answer)
