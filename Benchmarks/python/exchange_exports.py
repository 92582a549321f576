#!/usr/bin/env python3
"""Writes large exports in the layout of each exchange and tracker `coins portfolio import` reads.

Usage: exchange_exports.py <format> <rows> <out.csv> [--end YYYY-MM-DD] [--seed S]
       exchange_exports.py --list

One stream of events — buys and sales for money (or a USD stablecoin where the exchange
quotes in one), trades between two coins, deposits, withdrawals and staking income, about
50 / 22 / 13 / 6 / 3 / 6 in a hundred — over the fake CoinGecko's 20 best-known coins (every
ticker is a symbol of its top 250, so none is looked up by name), never selling or sending
more than is held, then written in one format's newest layout (docs/imports.md): one row per
event, or the rows the format spends on one (two or three for a trade in a ledger). The
events fall in the 300 days before `--end` (default: two days before today, UTC), so that a
free CoinGecko plan — and the fake — can price the trades between coins and the income the
file does not value: the bytes are the same for the same arguments and end day. Prices are
near the fake's, in USD (EUR at 0.9, GBP at 0.8 where the exchange trades in those).
Standard library only.
"""

import argparse
import random
from datetime import datetime, timedelta, timezone
from decimal import Decimal

COINS = [
    ("BTC", 50000), ("ETH", 3000), ("BNB", 600), ("SOL", 150), ("XRP", 0.6), ("DOGE", 0.18),
    ("ADA", 0.45), ("TRX", 0.12), ("AVAX", 35), ("LINK", 15), ("DOT", 6), ("BCH", 420),
    ("NEAR", 6.5), ("LTC", 85), ("UNI", 8), ("ICP", 10), ("ETC", 25), ("XLM", 0.11),
    ("XMR", 160), ("ATOM", 7),
]
PRICE = dict(COINS)
KINDS = [("buy", 50), ("sell", 22), ("trade", 13), ("deposit", 6), ("withdrawal", 3),
         ("income", 6)]
SPAN = timedelta(days=300)
EIGHT = Decimal("0.00000001")
CENT = Decimal("0.01")


class Event:
    """One thing that happened: `amount` of `coin` (and, for a trade, `other_amount` of
    `other` received), worth `value` USD, `fee` USD on top; `n` its number from 1."""

    def __init__(self, n, when, kind, coin, amount, value, fee, other=None, other_amount=None):
        self.n, self.when, self.kind, self.coin, self.amount = n, when, kind, coin, amount
        self.value, self.fee, self.other, self.other_amount = value, fee, other, other_amount

    def price(self):
        return (self.value / self.amount).quantize(EIGHT)


def events(count, end, seed):
    """The events in time order, each second used once (Binance's statement groups a trade's
    rows by their second)."""
    rng = random.Random(seed)
    start = end - SPAN
    seconds = sorted(rng.randrange(int(SPAN.total_seconds())) for _ in range(count))
    held = {coin: Decimal(0) for coin, _ in COINS}
    kinds = [kind for kind, weight in KINDS for _ in range(weight)]
    result, last = [], -1
    for second in seconds:
        second = max(second, last + 1)
        last = second
        when = start + timedelta(seconds=second)
        kind = kinds[rng.randrange(len(kinds))]
        coin, usd = COINS[rng.randrange(len(COINS))]
        usd = Decimal(str(usd)) * Decimal(rng.randint(70, 130)) / 100
        if kind in ("sell", "trade", "withdrawal"):
            share = Decimal(rng.randint(5, 60)) / 100
            amount = (held[coin] * share).quantize(EIGHT)
            if amount <= 0:
                kind = "buy"
        if kind in ("buy", "deposit"):
            amount = (Decimal(rng.randint(20, 2000)) / usd).quantize(EIGHT)
        elif kind == "income":
            amount = (Decimal(rng.randint(1, 20)) / usd).quantize(EIGHT)
        value = (amount * usd).quantize(CENT)
        if value <= 0:
            kind, amount = "buy", (Decimal(100) / usd).quantize(EIGHT)
            value = (amount * usd).quantize(CENT)
        fee = (value * Decimal("0.002")).quantize(CENT) if kind in ("buy", "sell", "trade") else Decimal(0)
        event = Event(len(result) + 1, when, kind, coin, amount, value, fee)
        if kind == "trade":
            other, other_usd = COINS[(COINS.index((coin, PRICE[coin])) + 1 + rng.randrange(len(COINS) - 1)) % len(COINS)]
            event.other = other
            event.other_amount = (value / Decimal(str(other_usd))).quantize(EIGHT)
            held[other] += event.other_amount
        held[coin] += -amount if kind in ("sell", "trade", "withdrawal") else amount
        result.append(event)
    return result


def text(number):
    """A Decimal in plain notation, trailing zeros kept as quantized."""
    return format(number, "f")


def money(usd, rate="1"):
    return (usd * Decimal(rate)).quantize(CENT)


def iso(when, millis=False):
    return when.strftime("%Y-%m-%dT%H:%M:%S") + (".000Z" if millis else "Z")


def spaced(when):
    return when.strftime("%Y-%m-%d %H:%M:%S")


class Balances:
    """Running balances, for the formats that state them."""

    def __init__(self):
        self.held = {}

    def add(self, asset, change):
        self.held[asset] = self.held.get(asset, Decimal(0)) + change
        return self.held[asset]


# ---------------------------------------------------------------------------------------------
# One writer per format: rows (lists of cells, or whole lines) for the events.


def coinbase(stream):
    lines = ["", "Transactions", "User,someone,0b6a7c1e-1111-4222-8333-944455556666",
             "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,"
             "Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),"
             "Fees and/or Spread,Notes"]
    for e in stream:
        at = e.when.strftime("%Y-%m-%d %H:%M:%S UTC")
        price, value, fee = f"${text(e.price())}", f"${text(e.value)}", f"${text(e.fee)}"
        head = f"cb{e.n:08x},{at}"
        if e.kind == "buy":
            row = [head, "Buy", e.coin, text(e.amount), "USD", price, value,
                   f"${text(e.value + e.fee)}", fee, f"Bought {text(e.amount)} {e.coin} for ${text(e.value + e.fee)} USD"]
        elif e.kind == "sell":
            row = [head, "Sell", e.coin, f"-{text(e.amount)}", "USD", price, value,
                   f"${text(e.value - e.fee)}", fee, f"Sold {text(e.amount)} {e.coin} for ${text(e.value - e.fee)} USD"]
        elif e.kind == "trade":
            row = [head, "Convert", e.coin, f"-{text(e.amount)}", "USD", price, value,
                   f"${text(e.value + e.fee)}", fee,
                   f"Converted {text(e.amount)} {e.coin} to {text(e.other_amount)} {e.other}"]
        elif e.kind == "deposit":
            row = [head, "Receive", e.coin, text(e.amount), "USD", price, value, value, "$0.00",
                   f"Received {text(e.amount)} {e.coin} from an external account"]
        elif e.kind == "withdrawal":
            row = [head, "Send", e.coin, f"-{text(e.amount)}", "USD", price, value, value, "$0.00",
                   f"Sent {text(e.amount)} {e.coin} to an external address"]
        else:
            row = [head, "Staking Income", e.coin, text(e.amount), "USD", price, value, value,
                   "$0.00", ""]
        lines.append(",".join(row))
    return lines


def coinbase_pro(stream):
    lines = ["Portfolio,Type,Timestamp,Amount,Balance,Amount/balance unit,Transfer id,Trade id,"
             "Order id"]
    balances = Balances()

    def row(kind, when, change, unit, transfer="", trade="", order=""):
        balance = balances.add(unit, change)
        lines.append(",".join(["default", kind, when, text(change), text(balance), unit, transfer,
                               trade, order]))

    for e in stream:
        at = e.when.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        trade, order = str(e.n), f"o-{e.n:08x}"
        if e.kind == "buy":
            row("match", at, e.amount, e.coin, trade=trade, order=order)
            row("match", at, -e.value, "USD", trade=trade, order=order)
            row("fee", at, -e.fee, "USD", trade=trade, order=order)
        elif e.kind == "sell":
            row("match", at, -e.amount, e.coin, trade=trade, order=order)
            row("match", at, e.value, "USD", trade=trade, order=order)
            row("fee", at, -e.fee, "USD", trade=trade, order=order)
        elif e.kind == "trade":
            row("match", at, -e.amount, e.coin, trade=trade, order=order)
            row("match", at, e.other_amount, e.other, trade=trade, order=order)
            row("fee", at, -(e.amount * Decimal("0.002")).quantize(EIGHT), e.coin, trade=trade,
                order=order)
        elif e.kind in ("deposit", "income"):
            row("deposit", at, e.amount, e.coin, transfer=f"t-{e.n:08x}")
        else:
            row("withdrawal", at, -e.amount, e.coin, transfer=f"t-{e.n:08x}")
    return lines


KRAKEN = {"BTC": "XXBT", "ETH": "XETH", "XRP": "XXRP", "LTC": "XLTC", "DOGE": "XXDG",
          "XLM": "XXLM", "XMR": "XXMR", "ETC": "XETC"}


def kraken(stream):
    lines = ['"txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"']
    balances = Balances()
    count = [0]

    def row(refid, when, kind, asset, amount, fee=Decimal(0)):
        count[0] += 1
        code = KRAKEN.get(asset, "ZUSD" if asset == "USD" else asset)
        balance = balances.add(code, amount - fee)
        lines.append(",".join([f'"L{count[0]:06d}-AAAAA-AAAAAA"', f'"{refid}"', f'"{when}"',
                               f'"{kind}"', '""', '"currency"', f'"{code}"', text(amount),
                               text(fee), text(balance)]))

    for e in stream:
        at, refid = spaced(e.when), f"R{e.n:06d}-BBBBB-BBBBBB"
        if e.kind == "buy":
            row(refid, at, "trade", "USD", -e.value, e.fee)
            row(refid, at, "trade", e.coin, e.amount)
        elif e.kind == "sell":
            row(refid, at, "trade", e.coin, -e.amount)
            row(refid, at, "trade", "USD", e.value, e.fee)
        elif e.kind == "trade":
            row(refid, at, "trade", e.coin, -e.amount)
            row(refid, at, "trade", e.other, e.other_amount)
        elif e.kind == "deposit":
            row(refid, at, "deposit", e.coin, e.amount)
        elif e.kind == "withdrawal":
            row(refid, at, "withdrawal", e.coin, -e.amount)
        else:
            row(refid, at, "staking", e.coin, e.amount)
    return lines


def binance(stream):
    """The statement; buys and sales against USDT (one deposit of it first)."""
    lines = ["User_ID,UTC_Time,Account,Operation,Coin,Change,Remark"]
    first = stream[0].when - timedelta(hours=1)
    lines.append(f"123456789,{spaced(first)},Spot,Deposit,USDT,100000000.00000000,")
    for e in stream:
        at = spaced(e.when)

        def row(operation, coin, change):
            lines.append(f"123456789,{at},Spot,{operation},{coin},{text(change)},")

        if e.kind == "buy":
            row("Transaction Spend", "USDT", -e.value)
            row("Transaction Buy", e.coin, e.amount)
            row("Transaction Fee", e.coin, -(e.amount / 1000).quantize(EIGHT))
        elif e.kind == "sell":
            row("Transaction Sold", e.coin, -e.amount)
            row("Transaction Revenue", "USDT", e.value)
            row("Transaction Fee", "USDT", -e.fee)
        elif e.kind == "trade":
            row("Transaction Spend", e.coin, -e.amount)
            row("Transaction Buy", e.other, e.other_amount)
            row("Transaction Fee", e.other, -(e.other_amount / 1000).quantize(EIGHT))
        elif e.kind == "deposit":
            row("Deposit", e.coin, e.amount)
        elif e.kind == "withdrawal":
            row("Withdraw", e.coin, -e.amount)
        else:
            row("Staking Rewards", e.coin, e.amount)
    return lines


def cointracking(stream):
    lines = ['"Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment",'
             '"Date","Tx-ID"']
    for e in stream:
        at = e.when.strftime("%d.%m.%Y %H:%M:%S")
        if e.kind == "buy":
            cells = ["Trade", text(e.amount), e.coin, text(e.value), "USD", text(e.fee), "USD"]
        elif e.kind == "sell":
            cells = ["Trade", text(e.value), "USD", text(e.amount), e.coin, text(e.fee), "USD"]
        elif e.kind == "trade":
            cells = ["Trade", text(e.other_amount), e.other, text(e.amount), e.coin, "", ""]
        elif e.kind == "deposit":
            cells = ["Deposit", text(e.amount), e.coin, "", "", "", ""]
        elif e.kind == "withdrawal":
            cells = ["Withdrawal", "", "", text(e.amount), e.coin, "", ""]
        else:
            cells = ["Staking", text(e.amount), e.coin, "", "", "", ""]
        cells += ["Kraken", "", "", at, f"ct-{e.n:08d}"]
        lines.append(",".join(f'"{cell}"' for cell in cells))
    return lines


def koinly(stream):
    lines = ["Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,"
             "Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash"]
    for e in stream:
        at = iso(e.when, millis=True)
        if e.kind == "buy":
            cells = [text(e.value), "USD", text(e.amount), e.coin, text(e.fee), "USD", text(e.value), "USD", ""]
        elif e.kind == "sell":
            cells = [text(e.amount), e.coin, text(e.value), "USD", text(e.fee), "USD", text(e.value), "USD", ""]
        elif e.kind == "trade":
            cells = [text(e.amount), e.coin, text(e.other_amount), e.other, "", "", text(e.value), "USD", "swap"]
        elif e.kind == "deposit":
            cells = ["", "", text(e.amount), e.coin, "", "", "", "", ""]
        elif e.kind == "withdrawal":
            cells = [text(e.amount), e.coin, "", "", "", "", "", "", ""]
        else:
            cells = ["", "", text(e.amount), e.coin, "", "", text(e.value), "USD", "staking"]
        lines.append(",".join([at] + cells + ["", f"0x{e.n:064x}"]))
    return lines


def cryptocom(stream):
    lines = ["Timestamp (UTC),Transaction Description,Currency,Amount,To Currency,To Amount,"
             "Native Currency,Native Amount,Native Amount (in USD),Transaction Kind,"
             "Transaction Hash"]
    for e in stream:
        value = text(e.value)
        if e.kind == "buy":
            cells = [f"Buy {e.coin}", e.coin, text(e.amount), "", "", "USD", value, value, "crypto_purchase"]
        elif e.kind == "sell":
            cells = [f"{e.coin} -> USD", e.coin, f"-{text(e.amount)}", "USD", value, "USD", value, value, "crypto_viban_exchange"]
        elif e.kind == "trade":
            cells = [f"{e.coin} -> {e.other}", e.coin, f"-{text(e.amount)}", e.other, text(e.other_amount), "USD", value, value, "crypto_exchange"]
        elif e.kind == "deposit":
            cells = [f"{e.coin} Deposit", e.coin, text(e.amount), "", "", "USD", value, value, "crypto_deposit"]
        elif e.kind == "withdrawal":
            cells = [f"Withdraw {e.coin}", e.coin, f"-{text(e.amount)}", "", "", "USD", f"-{value}", f"-{value}", "crypto_withdrawal"]
        else:
            cells = ["Crypto Earn", e.coin, text(e.amount), "", "", "USD", value, value, "crypto_earn_interest_paid"]
        lines.append(",".join([spaced(e.when)] + cells + [""]))
    return lines


def kucoin(stream):
    """The 2023 filled orders: trades only, against USDT (and between coins)."""
    lines = ["UID,Account Type,Order ID,Order Time(UTC+01:00),Symbol,Side,Order Type,Order Price,"
             "Order Amount,Avg. Filled Price,Filled Amount,Filled Volume,Filled Volume (USDT),"
             "Filled Time(UTC+01:00),Fee,Fee Currency,Tax,Status"]
    for e in trades_only(stream):
        at = spaced(e.when + timedelta(hours=1))
        if e.kind == "trade":
            price = (e.other_amount / e.amount).quantize(EIGHT)
            symbol, side, size, funds = f"{e.other}-{e.coin}", "BUY", e.other_amount, e.amount
            fee, fee_coin, usdt = (e.amount / 1000).quantize(EIGHT), e.coin, e.value
        else:
            symbol, side = f"{e.coin}-USDT", "BUY" if e.kind == "buy" else "SELL"
            price, size, funds, fee, fee_coin, usdt = e.price(), e.amount, e.value, e.fee, "USDT", e.value
            price = (funds / size).quantize(EIGHT)
        lines.append(",".join(["12345", "mainAccount", f"{e.n:024x}", at, symbol, side, "LIMIT",
                               text(price), text(size), text(price), text(size), text(funds),
                               text(usdt), at, text(fee), fee_coin, "0", "deal"]))
    return lines


def pair_of(e, quotes):
    """A trade as a fill of a pair the exchange writes run together (`SOLBTC`): the side, the
    base and its amount, the quote and its amount; `None` when neither coin is a quote."""
    if e.coin in quotes:
        return "BUY", e.other, e.other_amount, e.coin, e.amount
    if e.other in quotes:
        return "SELL", e.coin, e.amount, e.other, e.other_amount
    return None


def trades_only(stream):
    """The buys, sales and trades: what a trade history holds."""
    return [e for e in stream if e.kind in ("buy", "sell", "trade")]


def bitstamp(stream):
    lines = ["ID,Account,Type,Subtype,Datetime,Amount,Amount currency,Value,Value currency,Rate,"
             "Rate currency,Fee,Fee currency,Order ID"]
    for e in stream:
        head = [str(200000 + e.n), "Main Account"]
        at = iso(e.when)
        if e.kind in ("buy", "sell"):
            cells = ["Market", "Buy" if e.kind == "buy" else "Sell", at, text(e.amount), e.coin,
                     text(e.value), "USD", text(e.price()), "USD", text(e.fee), "USD", str(e.n)]
        elif e.kind == "trade":
            rate = (e.amount / e.other_amount).quantize(EIGHT)
            cells = ["Market", "Buy", at, text(e.other_amount), e.other, text(e.amount), e.coin,
                     text(rate), e.coin, "", "", str(e.n)]
        elif e.kind == "deposit":
            cells = ["Deposit", "", at, text(e.amount), e.coin] + [""] * 7
        elif e.kind == "withdrawal":
            cells = ["Withdrawal", "", at, text(e.amount), e.coin] + [""] * 7
        else:
            cells = ["Staking reward", "", at, text(e.amount), e.coin] + [""] * 7
        lines.append(",".join(head + cells))
    return lines


def bybit(stream):
    """The Unified Trading Account's spot order history: fills against USDT."""
    lines = ["Spot Pairs,Order Type,Direction,Filled Value,Filled Price,Filled Quantity,Fees,"
             "Transaction ID,Order No.,Timestamp (UTC)"]
    for e in trades_only(stream):
        at = e.when.strftime("%H:%M %Y-%m-%d")
        pair = pair_of(e, BYBIT_QUOTES) if e.kind == "trade" else None
        if pair:
            side, base, quantity, quote, value = pair
        elif e.kind == "trade":  # no such pair: through USDT, a sale then a buy
            fills = [("SELL", e.coin, e.amount, "USDT", e.value),
                     ("BUY", e.other, e.other_amount, "USDT", e.value)]
        else:
            side, base, quantity, quote, value = (
                "BUY" if e.kind == "buy" else "SELL", e.coin, e.amount, "USDT", e.value)
        if pair or e.kind != "trade":
            fills = [(side, base, quantity, quote, value)]
        for number, (side, base, quantity, quote, value) in enumerate(fills):
            fee = (quantity if side == "BUY" else value) / 1000
            price = (value / quantity).quantize(EIGHT)
            lines.append(",".join([base + quote, "LIMIT", side, text(value), text(price),
                                   text(quantity), text(fee.quantize(EIGHT)), f"T{e.n}-{number}",
                                   f" {e.n}", at]))
    return lines


BYBIT_QUOTES = {"BTC", "ETH", "BNB", "XRP", "TRX", "DOGE", "DOT"}


def okx(stream):
    """The 2025 trading history: a fill's two rows (one per currency), newest first, in UTC+8."""
    rows = []
    balances = Balances()
    count = 0
    for e in trades_only(stream):
        at = spaced(e.when + timedelta(hours=8))
        if e.kind == "trade":
            symbol, action = f"{e.other}-{e.coin}", "Buy"
            base, base_change, quote, quote_change = e.other, e.other_amount, e.coin, -e.amount
        else:
            symbol = f"{e.coin}-USDT"
            action = "Buy" if e.kind == "buy" else "Sell"
            sign = 1 if action == "Buy" else -1
            base, base_change, quote, quote_change = e.coin, sign * e.amount, "USDT", -sign * e.value
        fee_on_base = base_change > 0
        price = (abs(quote_change) / abs(base_change)).quantize(EIGHT)
        pair = []
        for unit, change, fee in ((base, base_change, fee_on_base), (quote, quote_change, not fee_on_base)):
            count += 1
            fee_amount = (abs(change) / 1000).quantize(EIGHT) if fee else Decimal(0)
            net = change - fee_amount
            balance = balances.add(unit, net)
            pair.append(",".join([str(count), str(e.n), at, "Spot", symbol, action,
                                  text(abs(base_change)), base, text(price), "0",
                                  text(-fee_amount), unit, "0", "0", text(net), text(balance), unit]))
        rows.append(pair)
    lines = ["UID:123456,Account Type:Main,Time Zone:UTC+8",
             "id,Order id,Time,Trade Type,Symbol,Action,Amount,Trading Unit,Filled Price,PnL,Fee,"
             "Fee Unit,Position Change,Position Balance,Balance Change,Balance,Balance Unit"]
    for pair in reversed(rows):
        lines += reversed(pair)
    return lines


def bitvavo(stream):
    """The 2024 layout, in euros; no trades between coins on Bitvavo (each is a buy)."""
    lines = ["Timezone,Date,Time,Type,Currency,Amount,Quote Currency,Quote Price,"
             "Received / Paid Currency,Received / Paid Amount,Fee currency,Fee amount,Status,"
             "Transaction ID,Address"]
    for e in stream:
        local = e.when + timedelta(hours=1)  # winter time; the rows name their zone
        zone_date, zone_time = local.strftime("%Y-%m-%d"), local.strftime("%H:%M:%S")
        eur, fee = money(e.value, "0.9"), money(e.fee, "0.9")
        kind = "buy" if e.kind == "trade" else e.kind
        if kind == "buy":
            cells = ["buy", e.coin, text(e.amount), "EUR", text((eur / e.amount).quantize(EIGHT)), "EUR", text(-(eur + fee)), "EUR", text(fee)]
        elif kind == "sell":
            cells = ["sell", e.coin, text(-e.amount), "EUR", text((eur / e.amount).quantize(EIGHT)), "EUR", text(eur - fee), "EUR", text(fee)]
        elif kind == "deposit":
            cells = ["deposit", e.coin, text(e.amount), "", "", "", "", "", ""]
        elif kind == "withdrawal":
            cells = ["withdrawal", e.coin, text(-e.amount), "", "", "", "", "", ""]
        else:
            cells = ["staking", e.coin, text(e.amount), "", "", "", "", "", ""]
        lines.append(",".join(["Europe/Amsterdam", zone_date, zone_time] + cells
                              + ["Completed", f"tx-{e.n:08d}", ""]))
    return lines


def bitpanda(stream):
    """The transaction history with its preamble, in euros; trades between coins as buys."""
    lines = ['"Disclaimer: All data is without guarantee, errors and changes are reserved."',
             '"Erika Muster, 1985-05-05"', "erika@example.org",
             '"Account opened at: 3/05/20, 10:00 AM"', '"Bitpanda GmbH"',
             "Transaction ID,Timestamp,Transaction Type,In/Out,Amount Fiat,Fiat,Amount Asset,"
             "Asset,Asset market price,Asset market price currency,Asset class,Product ID,Fee,"
             "Fee asset,Spread,Spread Currency"]
    for e in stream:
        at = (e.when + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%S+01:00")
        eur = money(e.value, "0.9")
        price = text((eur / e.amount).quantize(CENT))
        kind = "buy" if e.kind == "trade" else e.kind
        if kind == "buy":
            cells = ["buy", "outgoing", text(eur), "EUR", text(e.amount), e.coin]
        elif kind == "sell":
            cells = ["sell", "incoming", text(eur), "EUR", text(e.amount), e.coin]
        elif kind in ("deposit", "income"):
            cells = ["deposit", "incoming", text(eur), "EUR", text(e.amount), e.coin]
        else:
            cells = ["withdrawal", "outgoing", text(eur), "EUR", text(e.amount), e.coin]
        lines.append(",".join([f"T{e.n:08x}-0000-4000-8000-000000000000", at] + cells
                              + [price, "EUR", "Cryptocurrency", "1", "-", "-", "-", "-"]))
    return lines


def gemini(stream):
    """The history saved as CSV: an Amount, Fee and Balance column per asset, USD first."""
    assets = ["USD"] + [coin for coin, _ in COINS]
    header = ["Date", "Time (UTC)", "Type", "Symbol", "Specification", "Liquidity Indicator",
              "Trading Fee Rate (bps)"]
    for asset in assets:
        header += [f"{asset} Amount {asset}", f"Fee ({asset}) {asset}", f"{asset} Balance {asset}"]
    header += ["Trade ID", "Order ID"]
    lines = [",".join(header)]
    balances = Balances()
    first = stream[0].when - timedelta(hours=1)

    def shown(asset, amount):
        if asset == "USD":
            figure = f"${abs(amount):,.2f}"
            return f'"({figure})"' if amount < 0 else f'"{figure} "'
        return f"({text(abs(amount))} {asset})" if amount < 0 else f"{text(amount)} {asset} "

    def row(when, kind, symbol, spec, changes, fees=None, ids=("", "")):
        fees = fees or {}
        for asset, change in changes.items():
            balances.add(asset, change - fees.get(asset, Decimal(0)))
        cells = [when.strftime("%Y-%m-%d"), when.strftime("%H:%M:%S.000"), kind, symbol, spec,
                 "Taker" if kind in ("Buy", "Sell") else "", "35" if kind in ("Buy", "Sell") else ""]
        for asset in assets:
            cells += [shown(asset, changes[asset]) if asset in changes else "",
                      shown(asset, -fees[asset]) if asset in fees else "",
                      shown(asset, balances.held.get(asset, Decimal(0)))]
        lines.append(",".join(cells + list(ids)))

    row(first, "Credit", "USD", "Deposit (ACH Transfer)", {"USD": Decimal(100_000_000)})
    for e in stream:
        ids = (str(e.n), str(10 * e.n))
        fee_usd = {"USD": e.fee}
        if e.kind == "buy":
            row(e.when, "Buy", f"{e.coin}USD", "Limit", {"USD": -e.value, e.coin: e.amount}, fee_usd, ids)
        elif e.kind == "sell":
            row(e.when, "Sell", f"{e.coin}USD", "Limit", {"USD": e.value, e.coin: -e.amount}, fee_usd, ids)
        elif e.kind == "trade" and pair_of(e, {"BTC", "ETH"}):
            side, base, base_amount, quote, quote_amount = pair_of(e, {"BTC", "ETH"})
            sign = 1 if side == "BUY" else -1
            row(e.when, side.title(), base + quote, "Limit",
                {quote: -sign * quote_amount, base: sign * base_amount}, None, ids)
        elif e.kind == "trade":  # no such pair: a sale for dollars, then a buy with them
            row(e.when, "Sell", f"{e.coin}USD", "Limit", {"USD": e.value, e.coin: -e.amount}, None, ids)
            row(e.when, "Buy", f"{e.other}USD", "Limit", {"USD": -e.value, e.other: e.other_amount}, None,
                (f"{e.n}b", f"{10 * e.n}b"))
        elif e.kind == "deposit":
            row(e.when, "Credit", e.coin, "Deposit", {e.coin: e.amount})
        elif e.kind == "withdrawal":
            row(e.when, "Debit", e.coin, "Withdrawal (BTC)", {e.coin: -e.amount})
        else:
            row(e.when, "Credit", e.coin, "Interest Credit", {e.coin: e.amount})
    return lines


def bitfinex(stream):
    """The ledgers, newest first, dates day first (DD-MM-YY)."""
    rows = []
    balances = Balances()
    count = 0
    for e in stream:
        at = e.when.strftime("%d-%m-%y %H:%M:%S")
        group = []

        def row(description, currency, amount):
            nonlocal count
            count += 1
            balance = balances.add(currency, amount)
            group.append(",".join([str(count), description, currency, text(amount), text(balance),
                                   at, "exchange"]))

        if e.kind in ("buy", "sell"):
            sign = 1 if e.kind == "buy" else -1
            what = f"Exchange {text(e.amount)} {e.coin} for USD @ {text(e.price())} on wallet exchange"
            row(what, e.coin, sign * e.amount)
            row(what, "USD", -sign * e.value)
            row(f"Trading fees for {text(e.amount)} {e.coin} ({e.coin}USD) @ {text(e.price())} on BFX (0.2%) on wallet exchange", "USD", -e.fee)
        elif e.kind == "trade":
            rate = text((e.amount / e.other_amount).quantize(EIGHT))
            what = f"Exchange {text(e.other_amount)} {e.other} for {e.coin} @ {rate} on wallet exchange"
            row(what, e.other, e.other_amount)
            row(what, e.coin, -e.amount)
        elif e.kind == "deposit":
            row(f"Deposit ({e.coin}) #{e.n} on wallet exchange", e.coin, e.amount)
        elif e.kind == "withdrawal":
            row(f"{e.coin} Withdrawal #{e.n} on wallet exchange", e.coin, -e.amount)
        else:
            row(f"Deposit ({e.coin}) #{e.n} on wallet exchange", e.coin, e.amount)
        rows.append(group)
    lines = ["#,DESCRIPTION,CURRENCY,AMOUNT,BALANCE,DATE,WALLET"]
    for group in reversed(rows):
        lines += reversed(group)
    return lines


def rotki(stream):
    """The generic trades (new layout): the trades, buys and sales in USD."""
    lines = ["Location,Spend Currency,Receive Currency,Receive Amount,Spend Amount,Fee,"
             "Fee Currency,Description,Timestamp"]
    for e in trades_only(stream):
        millis = str(int(e.when.timestamp()) * 1000)
        if e.kind == "buy":
            cells = ["kraken", "USD", e.coin, text(e.amount), text(e.value), text(e.fee), "USD", f"Buy {e.coin}"]
        elif e.kind == "sell":
            cells = ["kraken", e.coin, "USD", text(e.value), text(e.amount), text(e.fee), "USD", f"Sell {e.coin}"]
        else:
            cells = ["binance", e.coin, e.other, text(e.other_amount), text(e.amount), "", "", f"{e.coin} for {e.other}"]
        lines.append(",".join(cells + [millis]))
    return lines


def bittytax(stream):
    lines = ["Type,Buy Quantity,Buy Asset,Buy Value in GBP,Sell Quantity,Sell Asset,"
             "Sell Value in GBP,Fee Quantity,Fee Asset,Fee Value in GBP,Wallet,Timestamp,Note"]
    for e in stream:
        gbp, fee = text(money(e.value, "0.8")), text(money(e.fee, "0.8"))
        if e.kind == "buy":
            cells = ["Trade", text(e.amount), e.coin, "", gbp, "GBP", "", fee, "GBP", ""]
        elif e.kind == "sell":
            cells = ["Trade", gbp, "GBP", "", text(e.amount), e.coin, "", fee, "GBP", ""]
        elif e.kind == "trade":
            cells = ["Trade", text(e.other_amount), e.other, gbp, text(e.amount), e.coin, gbp, "", "", ""]
        elif e.kind == "deposit":
            cells = ["Deposit", text(e.amount), e.coin, ""] + [""] * 6
        elif e.kind == "withdrawal":
            cells = ["Withdrawal", "", "", "", text(e.amount), e.coin, "", "", "", ""]
        else:
            cells = ["Staking", text(e.amount), e.coin, gbp] + [""] * 6
        lines.append(",".join(cells + ["Kraken", spaced(e.when), ""]))
    return lines


FORMATS = {
    "coinbase": coinbase, "coinbase-pro": coinbase_pro, "kraken": kraken, "binance": binance,
    "cointracking": cointracking, "koinly": koinly, "cryptocom": cryptocom, "kucoin": kucoin,
    "bitstamp": bitstamp, "bybit": bybit, "okx": okx, "bitvavo": bitvavo, "bitpanda": bitpanda,
    "gemini": gemini, "bitfinex": bitfinex, "rotki": rotki, "bittytax": bittytax,
}


def default_end():
    today = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(days=2)


def export(name, count, end=None, seed="coins-exchange-exports-v1"):
    """The lines of a `name` export of `count` events ending before `end`."""
    stream = events(count, end or default_end(), f"{seed}-{name}")
    return FORMATS[name](stream)


# Lines above the first data row: a preamble and the header.
HEAD_LINES = {"coinbase": 4, "bitpanda": 6, "okx": 2}


def export_rows(name, rows, end=None, seed="coins-exchange-exports-v1"):
    """An export of about `rows` data rows, and how many it has: a ledger spends two or three
    rows on a trade, so the events are counted from a small sample's rows per event (the
    rows come within about 2 % of `rows`)."""
    sample = 5_000
    per_event = (len(export(name, sample, end, seed)) - HEAD_LINES.get(name, 1)) / sample
    lines = export(name, max(1, round(rows / per_event)), end, seed)
    return lines, len(lines) - HEAD_LINES.get(name, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", nargs="?", choices=sorted(FORMATS))
    parser.add_argument("rows", nargs="?", type=int)
    parser.add_argument("out", nargs="?")
    parser.add_argument("--end", help="the day after the last event, YYYY-MM-DD (UTC)")
    parser.add_argument("--seed", default="coins-exchange-exports-v1")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list:
        print("\n".join(FORMATS))
        return
    if not (args.format and args.rows and args.out):
        parser.error("format, rows and out are required")
    end = (datetime.strptime(args.end, "%Y-%m-%d").replace(tzinfo=timezone.utc)
           if args.end else None)
    lines, _ = export_rows(args.format, args.rows, end, args.seed)
    with open(args.out, "w", encoding="utf-8", newline="") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
