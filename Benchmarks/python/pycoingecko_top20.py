"""`coins top 20` done with pycoingecko: fetch the top 250 with sparklines, print the top 20."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pycoingecko import CoinGeckoAPI  # noqa: E402

from table import print_top20  # noqa: E402

api = CoinGeckoAPI()
api.api_base_url = os.environ["COINGECKO_BASE_URL"].rstrip("/") + "/"
coins = api.get_coins_markets(
    vs_currency="usd", per_page=250, page=1, sparkline=True, price_change_percentage="1h,24h,7d"
)
print_top20(coins)
