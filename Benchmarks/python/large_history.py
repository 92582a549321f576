#!/usr/bin/env python3
"""Writes a large trading history in coins' own CSV, the same bytes for the same arguments.

Usage: large_history.py <rows> <out.csv> [--coins 50] [--seed coins-large-history-v1]

Buys and sells (about one in three a sale, never more than is held at its date) over the
fake CoinGecko's top coins by market cap, from 2021-01-01 to 2024-12-31 in date order, prices
in USD near each coin's price in the fake, some rows with a fee and a note. Rows have no id,
so the import matches them by content, as it does a file written by hand or by a spreadsheet.
Python's standard library only.
"""

import argparse
import random
from datetime import datetime, timedelta, timezone
from decimal import Decimal

# The fake CoinGecko's top 50 by market cap (Tests/EndToEndTests/FakeCoinGecko), with its
# prices in USD: every coin of the history is in its top 250, so `portfolio value` has a price
# for each from a cached top 250.
COINS = [
    ("bitcoin", 50000), ("ethereum", 3000), ("tether", 1.0), ("binancecoin", 600),
    ("solana", 150), ("ripple", 0.6), ("usd-coin", 1.0), ("dogecoin", 0.18),
    ("staked-ether", 2998.5), ("cardano", 0.45), ("tron", 0.12), ("avalanche-2", 35),
    ("shiba-inu", 0.000017), ("chainlink", 15), ("polkadot", 6), ("bitcoin-cash", 420),
    ("near", 6.5), ("litecoin", 85), ("uniswap", 8), ("leo-token", 6), ("dai", 1.0),
    ("internet-computer", 10), ("ethereum-classic", 25), ("stellar", 0.11), ("monero", 160),
    ("hedera-hashgraph", 0.08), ("aptos", 8), ("cosmos", 7), ("filecoin", 4.5),
    ("crypto-com-chain", 0.09), ("coin-0031", 0.00052219), ("coin-0032", 259.64),
    ("coin-0033", 0.02389), ("coin-0034", 0.0096882), ("wrapped-bitcoin", 49980),
    ("coin-0036", 0.080137), ("coin-0037", 0.010108), ("coin-0038", 284.8),
    ("coin-0039", 0.45424), ("coin-0040", 0.0024057), ("coin-0041", 0.012175),
    ("hongbao-token", 0.0321), ("coin-0043", 0.052206), ("coin-0044", 0.017175),
    ("coin-0045", 0.0036164), ("coin-0046", 0.0020753), ("coin-0047", 154.27),
    ("coin-0048", 0.00050543), ("coin-0049", 90.888), ("coin-0050", 0.0029559),
]

HEADER = "date,type,coin,amount,price,currency,fee,feeCurrency,note,id"
START = datetime(2021, 1, 1, tzinfo=timezone.utc)
SPAN_SECONDS = int((datetime(2025, 1, 1, tzinfo=timezone.utc) - START).total_seconds())


def price_text(value):
    """A price with six significant digits, in plain notation."""
    return format(Decimal(f"{value:.6g}"), "f")


def history(rows, coin_count, seed):
    """The rows as CSV lines, header first."""
    rng = random.Random(seed)
    coins = COINS[:coin_count]
    seconds = sorted(rng.randrange(SPAN_SECONDS) for _ in range(rows))
    held = {coin: Decimal(0) for coin, _ in coins}
    lines = [HEADER]
    for second in seconds:
        coin, usd = coins[rng.randrange(len(coins))]
        date = (START + timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")
        # Whole units of the coin's smallest step: 1 to 5,000 thousandths of ~100 USD's worth.
        step = Decimal(f"{100 / usd:.3g}") / 1000
        amount = step * rng.randint(1, 5000)
        selling = held[coin] >= amount and rng.random() < 0.4
        kind = "sell" if selling else "buy"
        held[coin] += -amount if selling else amount
        price = price_text(usd * rng.uniform(0.3, 2.0))
        fee = f"{rng.randint(1, 500) / 100:.2f}" if rng.random() < 0.5 else ""
        note = f"order {rng.randrange(10**6)}" if rng.random() < 0.1 else ""
        lines.append(
            ",".join([date, kind, coin, format(amount.normalize(), "f"), price, "usd", fee,
                      "usd" if fee else "", note, ""]))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=int)
    parser.add_argument("out")
    parser.add_argument("--coins", type=int, default=50)
    parser.add_argument("--seed", default="coins-large-history-v1")
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8", newline="") as out:
        out.write("\n".join(history(args.rows, args.coins, args.seed)) + "\n")


if __name__ == "__main__":
    main()
