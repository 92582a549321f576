"""The fake's small answers: /search/trending, /coins/categories, /exchange_rates, and the
categories that /coins/markets?category=ID filters by. Imported by fake_coingecko.py, which
passes in its universe; shapes follow CoinGecko's documentation (see COINGECKO.md)."""

# id -> (name, member coin ids); market cap, volume and 24h change are summed from the members.
CATEGORIES = {
    "smart-contract-platform": ("Smart Contract Platform",
                                ["ethereum", "binancecoin", "solana", "cardano", "tron",
                                 "avalanche-2", "polkadot", "near"]),
    "layer-1": ("Layer 1 (L1)", ["bitcoin", "ethereum", "solana", "cardano", "avalanche-2",
                                 "near", "aptos"]),
    "stablecoins": ("Stablecoins", ["tether", "usd-coin", "dai", "bridged-usdc"]),
    "meme-token": ("Meme", ["dogecoin", "shiba-inu", "tiny-inu", "rocket-moon"]),
    "quiet-corner": ("Quiet Corner", ["quiet-chain", "stale-token"]),
}
# The trending list, in CoinGecko's order (its `score` is the position from 0).
TRENDING = ["rocket-moon", "tiny-inu", "solana", "fresh-launch", "shiba-inu", "deep-value",
            "hongbao-token"]
CURRENCY_NAMES = {
    "usd": ("US Dollar", "$", "fiat"), "eur": ("Euro", "€", "fiat"),
    "gbp": ("British Pound Sterling", "£", "fiat"), "jpy": ("Japanese Yen", "¥", "fiat"),
    "btc": ("Bitcoin", "BTC", "crypto"), "eth": ("Ether", "ETH", "crypto"),
}


def category_members(category):
    """The ids in a category; an unknown category has none (CoinGecko answers `[]`)."""
    return set(CATEGORIES.get(category, ("", []))[1])


def categories(by_id, usd_row, now_iso, mode):
    out = []
    for cid, (name, members) in CATEGORIES.items():
        rows = [usd_row(by_id[m]) for m in members]
        cap = sum(r["market_cap"] or 0 for r in rows)
        before = sum((r["market_cap"] or 0) / (1 + (r["price_change_percentage_24h"] or 0) / 100)
                     for r in rows)
        entry = {
            "id": cid, "name": name, "market_cap": cap,
            "market_cap_change_24h": (cap / before - 1) * 100 if before else None,
            "content": f"{name}: coins of the fake universe.",
            "top_3_coins_id": members[:3],
            "top_3_coins": [f"https://coin-images.coingecko.com/coins/images/1/small/{m}.png"
                            for m in members[:3]],
            "volume_24h": sum(r["total_volume"] or 0 for r in rows),
            "updated_at": now_iso,
        }
        if mode == "nulls":
            entry.update({"market_cap": None, "market_cap_change_24h": None, "volume_24h": None})
        elif mode == "absurd":
            entry.update({"market_cap": -1e300, "market_cap_change_24h": 1e308,
                          "volume_24h": "lots", "updated_at": "yesterday"})
        out.append(entry)
    if mode == "evil":
        out[0]["name"] = "\u001b[31mRED\u001b[0m Platform\u0007"
    out.sort(key=lambda e: -(e["market_cap"] or 0) if isinstance(e["market_cap"], (int, float)) else 0)
    if mode == "wrong-shape":
        return {"categories": out}
    return out


def trending(by_id, usd_row, mode, evil_names):
    coins = []
    for score, cid in enumerate(TRENDING):
        c = by_id[cid]
        row = usd_row(c)
        price = row["current_price"]
        name, symbol = c.name, c.symbol
        if mode == "evil" and score < len(evil_names):
            name, symbol = evil_names[score]
        data = {
            "price": price,
            "price_btc": f"{price / 50000:.20f}",
            "price_change_percentage_24h": {"usd": row["price_change_percentage_24h"],
                                            "btc": row["price_change_percentage_24h"]},
            "market_cap": f"${row['market_cap']:,}", "market_cap_btc": "0",
            "total_volume": f"${row['total_volume']:,}", "total_volume_btc": "0",
            "sparkline": f"https://www.coingecko.com/coins/{c.image_n}/sparkline.svg",
            "content": None,
        }
        if mode == "nulls":
            data.update({"price": None, "price_change_percentage_24h": None})
        elif mode == "absurd":
            data.update({"price": -1e308 if score % 2 else "$1.23",
                         "price_change_percentage_24h": {"usd": "up"}})
        coins.append({"item": {
            "id": c.id, "coin_id": c.image_n, "name": name, "symbol": symbol.upper(),
            "market_cap_rank": None if mode == "nulls" else c.rank,
            "thumb": f"https://coin-images.coingecko.com/coins/images/{c.image_n}/thumb/{c.id}.png",
            "small": f"https://coin-images.coingecko.com/coins/images/{c.image_n}/small/{c.id}.png",
            "large": f"https://coin-images.coingecko.com/coins/images/{c.image_n}/large/{c.id}.png",
            "slug": c.id, "price_btc": price / 50000 if isinstance(price, (int, float)) else 0,
            "score": score, "data": data}})
    if mode == "wrong-shape":
        return {"coins": {"item": coins[0]["item"]}}
    return {"coins": coins, "nfts": [], "categories": []}


def exchange_rates(currencies, btc_usd, mode):
    rates = {}
    for code, (num, den) in currencies.items():
        name, unit, kind = CURRENCY_NAMES.get(code, (code.upper(), code.upper(), "fiat"))
        value = 1.0 if code == "btc" else btc_usd * num / den
        rates[code] = {"name": name, "unit": unit, "value": value, "type": kind}
    if mode == "nulls":
        for code in rates:
            if code not in ("btc", "usd"):
                rates[code]["value"] = None
    elif mode == "absurd":
        rates["eur"]["value"] = -5.0
        rates["gbp"]["value"] = "a lot"
    if mode == "wrong-shape":
        return list(rates.values())
    return {"rates": rates}
