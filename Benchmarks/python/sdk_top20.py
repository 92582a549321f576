"""`coins top 20` done with CoinGecko's official SDK (coingecko-sdk): fetch the top 250 with
sparklines, print the top 20."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from coingecko_sdk import Coingecko  # noqa: E402

from table import print_top20  # noqa: E402

# The base URL comes from COINGECKO_BASE_URL (the loopback fake), which the SDK reads itself.
client = Coingecko(demo_api_key="bench", environment="demo", base_url=os.environ["COINGECKO_BASE_URL"])
markets = client.coins.markets.get(
    vs_currency="usd", per_page=250, page=1, sparkline=True, price_change_percentage="1h,24h,7d"
)
print_top20([m.to_dict() for m in markets])
