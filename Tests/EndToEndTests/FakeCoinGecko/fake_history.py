"""Price histories and candles for the fake CoinGecko (imported by fake_coingecko.py).

GET /coins/{id}/market_chart?vs_currency=&days=N|max, /coins/{id}/market_chart/range?
vs_currency=&from=&to= (UNIX seconds) and /coins/{id}/ohlc?vs_currency=&days=N|max, spaced the
way CoinGecko spaces them:
  market_chart  days <= 1: about every 5 minutes, irregular, never on a 5-minute grid;
                2-90 days: hourly at the coin's own odd minute, one hour now and then missing;
                > 90 days and max: daily at 00:00 UTC; the last point is "now", off the grid.
  range         the same spacing by span, no live point.
  ohlc          days 1, 7, 14, 30, 90, 180, 365 or max; candles of 30 min (1-2 days),
                4 h (3-30 days), 4 days (more), timed at their close, on their grid, no live
                candle.
Without a Pro key header, `max` and anything reaching back past 365 days answer HTTP 401 with
error_code 10012 (the free plans' limit).

Prices are a deterministic function of time per coin: the coin's current price times a smooth
wave (a yearly swing, a two-month one, a weekly one, a daily one) and a little per-point noise,
normalised so that the price "now" is the market's current price.
"""

import math
import random

DAY = 86400
FREE_PLAN_DAYS = 365
CANDLE_DAYS = {"1", "7", "14", "30", "90", "180", "365", "max"}
BEYOND_PLAN = {
    "error": {
        "status": {
            "timestamp": "2026-11-29T12:00:00.000+00:00",
            "error_code": 10012,
            "error_message": "Your request exceeds the allowed time range. Public API users are "
                             "limited to querying historical data within the past 365 days. "
                             "Upgrade to a paid plan to enjoy full historical data access: "
                             "https://www.coingecko.com/en/api/pricing. ",
        }
    }
}
GENESIS = {"bitcoin": 1367107200, "ethereum": 1438905600}  # 2013-04-28, 2015-08-07


class HistoryError(Exception):
    def __init__(self, status, body):
        super().__init__(str(body))
        self.status = status
        self.body = body


def _waves(cid):
    rng = random.Random(f"history:{cid}")
    return [(a, p, rng.uniform(0, 2 * math.pi)) for a, p in
            ((0.35, 400 * DAY), (0.12, 61 * DAY), (0.04, 7.3 * DAY), (0.012, DAY))]


def _shape(cid, waves, t):
    base = sum(a * math.sin(2 * math.pi * t / p + ph) for a, p, ph in waves)
    noise = random.Random(f"{cid}:{int(t)}").gauss(0, 0.002)
    return base + noise


def genesis(coin, now):
    if coin.new:
        return now - 133 * 3600
    if coin.id in GENESIS:
        return GENESIS[coin.id]
    rank = coin.rank or 1300
    return 1483228800 + (rank * 37 % 1500) * DAY  # 2017-01-01 plus a few years


class PriceCurve:
    def __init__(self, coin, price_now, now):
        self.coin, self.now = coin, now
        self.waves = _waves(coin.id)
        self.anchor = _shape(coin.id, self.waves, now)
        self.price_now = price_now
        self.start = genesis(coin, now)

    def at(self, t):
        if t >= self.now:
            return self.price_now
        return self.price_now * math.exp(_shape(self.coin.id, self.waves, t) - self.anchor)


def sig(x, n=8):
    if x == 0:
        return 0
    r = float(f"{x:.{n}g}")
    return int(r) if r.is_integer() and abs(r) < 1e15 else r


def _times(coin, start, end, span_days):
    """Moments in [start, end) with CoinGecko's spacing for a span of `span_days`."""
    rng = random.Random(f"times:{coin.id}")
    out = []
    if span_days <= 1:
        t = (int(start) // 300) * 300 + 300
        while t < end:
            jitter = random.Random(f"{coin.id}:5m:{t}").uniform(17, 283)
            m = t + jitter
            if start <= m < end:
                out.append(m)
            t += 300
    elif span_days <= 90:
        minute = rng.randrange(1, 59) * 60 + rng.randrange(1, 59) + 0.123
        t = (int(start) // 3600) * 3600
        while t < end:
            m = t + minute
            missing = random.Random(f"{coin.id}:h:{t}").random() < 0.01
            if start <= m < end and not missing:
                out.append(m)
            t += 3600
    else:
        t = (int(start) // DAY + (1 if int(start) % DAY else 0)) * DAY
        while t < end:
            out.append(float(t))
            t += DAY
    return out


def _series(curve, moments, scale):
    return [[int(round(m * 1000)), sig(curve.at(m) * scale)] for m in moments if m >= curve.start]


def _keyless(headers):
    return not headers.get("x-cg-pro-api-key")


def market_chart(coin, price_now, scale, now, days, headers, empty=False):
    if days == "max":
        span = None
    else:
        try:
            span = float(days)
        except ValueError:
            raise HistoryError(400, {"error": "invalid days"})
        if not math.isfinite(span) or span <= 0:
            raise HistoryError(400, {"error": "invalid days"})
    if _keyless(headers) and (span is None or span > FREE_PLAN_DAYS):
        raise HistoryError(401, BEYOND_PLAN)
    if empty:
        return {"prices": [], "market_caps": [], "total_volumes": []}
    curve = PriceCurve(coin, price_now, now)
    start = curve.start if span is None else now - span * DAY
    span_days = (now - max(start, curve.start)) / DAY if span is None else span
    prices = _series(curve, _times(coin, start, now, span_days), scale)
    prices.append([int(round(now * 1000)), sig(price_now * scale)])
    return _wrap(prices, coin)


def market_chart_range(coin, price_now, scale, now, frm, to, headers, empty=False):
    try:
        frm, to = float(frm), float(to)
    except ValueError:
        raise HistoryError(400, {"error": "invalid from/to"})
    if not (math.isfinite(frm) and math.isfinite(to)) or frm >= to:
        raise HistoryError(400, {"error": "invalid from/to"})
    if _keyless(headers) and now - frm > FREE_PLAN_DAYS * DAY:
        raise HistoryError(401, BEYOND_PLAN)
    if empty:
        return {"prices": [], "market_caps": [], "total_volumes": []}
    curve = PriceCurve(coin, price_now, now)
    to = min(to, now)
    prices = _series(curve, _times(coin, frm, to, (to - frm) / DAY), scale)
    return _wrap(prices, coin)


def _wrap(prices, coin):
    caps = [[t, sig(p * coin.circ, 12)] for t, p in prices]
    vols = [[t, sig(p * coin.circ * 0.04, 12)] for t, p in prices]
    return {"prices": prices, "market_caps": caps, "total_volumes": vols}


def ohlc(coin, price_now, scale, now, days, headers, empty=False):
    if days not in CANDLE_DAYS:
        raise HistoryError(400, {"error": "invalid days: use 1, 7, 14, 30, 90, 180, 365 or max"})
    if _keyless(headers) and (days == "max" or int(days) > FREE_PLAN_DAYS):
        raise HistoryError(401, BEYOND_PLAN)
    if empty:
        return []
    curve = PriceCurve(coin, price_now, now)
    span = None if days == "max" else int(days)
    width = 1800 if span is not None and span <= 2 else 4 * 3600 if span is not None and span <= 30 \
        else 4 * DAY
    start = max(curve.start, now - span * DAY) if span is not None else curve.start
    close = (int(start) // width + 1) * width
    out = []
    while close <= now:
        opened = close - width
        samples = [curve.at(opened + width * k / 6) for k in range(7)]
        out.append([close * 1000] + [sig(v * scale) for v in
                                     (samples[0], max(samples), min(samples), samples[-1])])
        close += width
    return out
