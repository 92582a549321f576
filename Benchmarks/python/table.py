"""The top-20 table both Python pipelines print, the usual way (sparklines package)."""

from sparklines import sparklines


def print_top20(coins):
    """Prints rank, symbol, name, price, 1h/24h/7d change, market cap, volume and a sparkline."""
    coins = sorted(coins, key=lambda c: (c.get("market_cap_rank") is None, c.get("market_cap_rank") or 0))
    for c in coins[:20]:
        points = [p for p in ((c.get("sparkline_in_7d") or {}).get("price") or []) if p is not None]
        line = sparklines(points[::7])[0] if points else ""

        def pct(key):
            v = c.get(key)
            return "—" if v is None else f"{v:+.2f}%"

        price = c.get("current_price")
        print(
            f"{c.get('market_cap_rank') or '—':>3} {c['symbol'].upper():<6} {c['name'][:14]:<14} "
            f"{'—' if price is None else f'${price:,.2f}':>12} {pct('price_change_percentage_1h_in_currency'):>7} "
            f"{pct('price_change_percentage_24h_in_currency'):>7} {pct('price_change_percentage_7d_in_currency'):>7} "
            f"{c.get('market_cap') or 0:>16,.0f} {c.get('total_volume') or 0:>14,.0f} {line}"
        )
