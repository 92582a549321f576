#!/usr/bin/env python3
"""Generate the bundled offline sample `Sources/CoinsServices/Market/BundledSample+JSON.swift`.

The file is what `coins` shows when it has no network (or when asked for the sample): a
CoinGecko v3 `/coins/markets` answer, exactly the API's shape and field names, as if fetched with

    /coins/markets?vs_currency=usd&order=market_cap_desc&per_page=250&page=1
                   &sparkline=true&price_change_percentage=1h,24h,7d

i.e. a JSON array of the top 250 coins (market_cap_rank 1..250, contiguous, in rank order),
each with `sparkline_in_7d.price` (168 hourly points, oldest first, the last one the current
price) and `price_change_percentage_{1h,24h,7d}_in_currency`.

The default mode is synthetic and deterministic (seeded): real ids/symbols/names for the
well-known coins, plausible generated ones for the rest, plausible prices and market caps
in descending order, and a few nulls like the real API (`roi` mostly null, `max_supply`,
`fully_diluted_valuation`, some `total_supply`, one stale coin whose 24h fields are all null,
one new coin whose 7d change is null). Every coin's `last_updated` is the `--as-of` time.
The JSON is minified (no indentation), then wrapped between tokens into lines of at most 100
characters inside a Swift raw string literal, so the sample is compiled into the binary (nothing
to install beside it, no Foundation `Bundle`); `--out x.json` writes the bare JSON instead.
Numbers are rounded to ~8 significant digits
(sparkline points to 5, plenty for a 7-day chart) to keep the file small (< 600 KB).

Usage (Python 3 standard library only):
    python3 Samples/make_sample.py                       # writes the default output path
    python3 Samples/make_sample.py --as-of 2026-11-29T12:00:00.000Z --seed 7 --out /tmp/s.json
    python3 Samples/make_sample.py --from-url https://api.coingecko.com/api/v3
    python3 Samples/make_sample.py --from-url 'https://api.coingecko.com/api/v3/coins/markets?vs_currency=usd'

--from-url fetches a live answer instead (the base URL or a /coins/markets URL; the
parameters above are added where missing; COINGECKO_PRO_API_KEY or COINGECKO_DEMO_API_KEY,
if set, is sent in the matching header, never in the URL) and writes it minified, with
numbers rounded the same way unless --no-round is given.
"""

import argparse
import json
import math
import os
import random
import sys
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "Sources", "CoinsServices", "Market", "BundledSample+JSON.swift"))
DEFAULT_AS_OF = "2026-11-29T12:00:00.000Z"
COUNT = 250
POINTS = 168
MARKETS_PARAMS = {
    "vs_currency": "usd",
    "order": "market_cap_desc",
    "per_page": "250",
    "page": "1",
    "sparkline": "true",
    "price_change_percentage": "1h,24h,7d",
}

# id, symbol, name, price (USD), market cap (USD billions), max_supply or None
REAL = [
    ("bitcoin", "btc", "Bitcoin", 91500, 1825, 21_000_000),
    ("ethereum", "eth", "Ethereum", 3050, 368, None),
    ("tether", "usdt", "Tether", 1.0, 184.5, None),
    ("ripple", "xrp", "XRP", 2.15, 130, 100_000_000_000),
    ("binancecoin", "bnb", "BNB", 880, 121, 200_000_000),
    ("solana", "sol", "Solana", 138, 77.5, None),
    ("usd-coin", "usdc", "USDC", 0.9998, 76.2, None),
    ("tron", "trx", "TRON", 0.28, 26.6, None),
    ("staked-ether", "steth", "Lido Staked Ether", 3048, 26.0, None),
    ("dogecoin", "doge", "Dogecoin", 0.152, 23.1, None),
    ("cardano", "ada", "Cardano", 0.42, 15.2, 45_000_000_000),
    ("wrapped-steth", "wsteth", "Wrapped stETH", 3710, 12.3, None),
    ("wrapped-bitcoin", "wbtc", "Wrapped Bitcoin", 91400, 11.6, None),
    ("hyperliquid", "hype", "Hyperliquid", 33.5, 11.3, 1_000_000_000),
    ("wrapped-beacon-eth", "wbeth", "Wrapped Beacon ETH", 3300, 10.7, None),
    ("bitcoin-cash", "bch", "Bitcoin Cash", 520, 10.4, 21_000_000),
    ("chainlink", "link", "Chainlink", 13.6, 9.5, 1_000_000_000),
    ("usds", "usds", "USDS", 0.9998, 9.4, None),
    ("leo-token", "leo", "LEO Token", 9.4, 8.7, None),
    ("stellar", "xlm", "Stellar", 0.25, 8.0, 50_001_806_812),
    ("weth", "weth", "WETH", 3050, 7.9, None),
    ("zcash", "zec", "Zcash", 480, 7.8, 21_000_000),
    ("wrapped-eeth", "weeth", "Wrapped eETH", 3290, 7.8, None),
    ("ethena-usde", "usde", "Ethena USDe", 0.9995, 7.4, None),
    ("monero", "xmr", "Monero", 395, 7.3, None),
    ("whitebit", "wbt", "WhiteBIT Coin", 45, 6.5, 400_000_000),
    ("litecoin", "ltc", "Litecoin", 84, 6.4, 84_000_000),
    ("hedera-hashgraph", "hbar", "Hedera", 0.145, 6.2, 50_000_000_000),
    ("avalanche-2", "avax", "Avalanche", 13.9, 5.95, 720_000_000),
    ("sui", "sui", "Sui", 1.6, 5.9, 10_000_000_000),
    ("coinbase-wrapped-btc", "cbbtc", "Coinbase Wrapped BTC", 91450, 5.8, None),
    ("dai", "dai", "Dai", 0.9999, 5.36, None),
    ("shiba-inu", "shib", "Shiba Inu", 0.0000086, 5.07, None),
    ("binance-bridged-usdt-bnb-smart-chain", "bsc-usd", "Binance Bridged USDT (BNB Smart Chain)", 1.0, 5.0, None),
    ("world-liberty-financial", "wlfi", "World Liberty Financial", 0.15, 4.1, 100_000_000_000),
    ("ethena-staked-usde", "susde", "Ethena Staked USDe", 1.2, 4.0, None),
    ("the-open-network", "ton", "Toncoin", 1.55, 3.9, None),
    ("crypto-com-chain", "cro", "Cronos", 0.105, 3.9, 100_000_000_000),
    ("uniswap", "uni", "Uniswap", 6.0, 3.8, 1_000_000_000),
    ("mantle", "mnt", "Mantle", 1.15, 3.7, None),
    ("polkadot", "dot", "Polkadot", 2.3, 3.6, None),
    ("paypal-usd", "pyusd", "PayPal USD", 0.9998, 3.1, None),
    ("bittensor", "tao", "Bittensor", 290, 2.8, 21_000_000),
    ("aave", "aave", "Aave", 185, 2.8, 16_000_000),
    ("bitget-token", "bgb", "Bitget Token", 3.6, 2.5, 2_000_000_000),
    ("blackrock-usd-institutional-digital-liquidity-fund", "buidl",
     "BlackRock USD Institutional Digital Liquidity Fund", 1.0, 2.5, None),
    ("okb", "okb", "OKB", 110, 2.3, 21_000_000),
    ("near", "near", "NEAR Protocol", 1.75, 2.2, None),
    ("ethena", "ena", "Ethena", 0.28, 2.1, 15_000_000_000),
    ("internet-computer", "icp", "Internet Computer", 3.9, 2.1, None),
    ("ethereum-classic", "etc", "Ethereum Classic", 13.3, 2.05, 210_700_000),
    ("jito-staked-sol", "jitosol", "Jito Staked SOL", 170, 1.9, None),
    ("pi-network", "pi", "Pi Network", 0.23, 1.9, 100_000_000_000),
    ("rocket-pool-eth", "reth", "Rocket Pool ETH", 3470, 1.9, None),
    ("pepe", "pepe", "Pepe", 0.0000045, 1.9, 420_690_000_000_000),
    ("falcon-finance", "usdf", "Falcon USD", 0.997, 1.9, None),
    ("aster-2", "aster", "Aster", 1.05, 1.7, 8_000_000_000),
    ("tether-gold", "xaut", "Tether Gold", 4150, 1.6, None),
    ("pax-gold", "paxg", "PAX Gold", 4160, 1.5, None),
    ("aptos", "apt", "Aptos", 2.1, 1.5, None),
    ("htx-dao", "htx", "HTX DAO", 0.0000016, 1.5, None),
    ("ondo-finance", "ondo", "Ondo", 0.46, 1.46, 10_000_000_000),
    ("kucoin-shares", "kcs", "KuCoin", 11.1, 1.4, 200_000_000),
    ("polygon-ecosystem-token", "pol", "POL (ex-MATIC)", 0.13, 1.37, None),
    ("worldcoin-wld", "wld", "Worldcoin", 0.63, 1.3, 10_000_000_000),
    ("sky", "sky", "Sky", 0.058, 1.3, None),
    ("binance-peg-weth", "weth", "Binance-Peg WETH", 3050, 1.3, None),
    ("kaspa", "kas", "Kaspa", 0.048, 1.27, 28_704_026_601),
    ("quant-network", "qnt", "Quant", 85, 1.23, 14_612_493),
    ("official-trump", "trump", "Official Trump", 5.9, 1.2, 1_000_000_000),
    ("pump-fun", "pump", "Pump.fun", 0.0033, 1.17, 1_000_000_000_000),
    ("arbitrum", "arb", "Arbitrum", 0.21, 1.15, 10_000_000_000),
    ("algorand", "algo", "Algorand", 0.13, 1.15, 10_000_000_000),
    ("cosmos", "atom", "Cosmos Hub", 2.45, 1.15, None),
    ("filecoin", "fil", "Filecoin", 1.6, 1.1, 1_960_000_000),
    ("vechain", "vet", "VeChain", 0.0125, 1.07, 86_712_634_466),
    ("flare-networks", "flr", "Flare", 0.0135, 1.05, None),
    ("gatechain-token", "gt", "Gate", 10.3, 1.0, None),
    ("ripple-usd", "rlusd", "Ripple USD", 1.0, 1.0, None),
    ("render-token", "render", "Render", 1.85, 0.96, 644_168_762),
    ("xdce-crowd-sale", "xdc", "XDC Network", 0.052, 0.97, None),
    ("mantle-staked-ether", "meth", "mETH", 3250, 0.95, None),
    ("first-digital-usd", "fdusd", "First Digital USD", 0.998, 0.9, None),
    ("story-2", "ip", "Story", 3.0, 0.9, 1_000_000_000),
    ("hashnote-usyc", "usyc", "Circle USYC", 1.1, 0.9, None),
    ("sei-network", "sei", "Sei", 0.14, 0.88, 10_000_000_000),
    ("morpho", "morpho", "Morpho", 1.65, 0.87, 1_000_000_000),
    ("jupiter-exchange-solana", "jup", "Jupiter", 0.25, 0.8, 10_000_000_000),
    ("global-dollar", "usdg", "Global Dollar", 0.9999, 0.8, None),
    ("bonk", "bonk", "Bonk", 0.0000095, 0.78, None),
    ("pancakeswap-token", "cake", "PancakeSwap", 2.2, 0.75, 450_000_000),
    ("dash", "dash", "Dash", 55, 0.69, 18_920_000),
    ("pudgy-penguins", "pengu", "Pudgy Penguins", 0.011, 0.69, 88_888_888_888),
    ("nexo", "nexo", "NEXO", 1.05, 0.68, 1_000_000_000),
    ("virtual-protocol", "virtual", "Virtuals Protocol", 0.95, 0.62, 1_000_000_000),
    ("immutable-x", "imx", "Immutable", 0.32, 0.62, 2_000_000_000),
    ("fetch-ai", "fet", "Artificial Superintelligence Alliance", 0.24, 0.6, 2_719_493_897),
    ("optimism", "op", "Optimism", 0.32, 0.6, 4_294_967_296),
    ("aerodrome-finance", "aero", "Aerodrome Finance", 0.65, 0.59, None),
    ("starknet", "strk", "Starknet", 0.13, 0.58, 10_000_000_000),
    ("injective-protocol", "inj", "Injective", 5.6, 0.56, None),
    ("kaia", "kaia", "Kaia", 0.095, 0.56, None),
    ("lido-dao", "ldo", "Lido DAO", 0.62, 0.55, 1_000_000_000),
    ("tezos", "xtz", "Tezos", 0.52, 0.55, None),
    ("dexe", "dexe", "DeXe", 6.9, 0.55, None),
    ("usdd", "usdd", "USDD", 1.0, 0.55, None),
    ("jupiter-staked-sol", "jupsol", "Jupiter Staked SOL", 165, 0.55, None),
    ("usual-usd", "usd0", "Usual USD", 0.998, 0.55, None),
    ("bitcoin-avalanche-bridged-btc-b", "btc.b", "Avalanche Bridged BTC (Avalanche)", 91400, 0.55, None),
    ("curve-dao-token", "crv", "Curve DAO", 0.38, 0.54, 3_030_303_031),
    ("blockstack", "stx", "Stacks", 0.29, 0.52, 1_818_000_000),
    ("spx6900", "spx", "SPX6900", 0.55, 0.51, 1_000_000_000),
    ("floki", "floki", "FLOKI", 0.000052, 0.5, 10_000_000_000_000),
    ("true-usd", "tusd", "TrueUSD", 0.998, 0.49, None),
    ("ether-fi", "ethfi", "ether.fi", 0.75, 0.48, 1_000_000_000),
    ("celestia", "tia", "Celestia", 0.57, 0.47, None),
    ("the-graph", "grt", "The Graph", 0.045, 0.47, None),
    ("bittorrent", "btt", "BitTorrent", 0.00000045, 0.44, 990_000_000_000_000),
    ("pendle", "pendle", "Pendle", 2.55, 0.42, 281_527_448),
    ("jasmycoin", "jasmy", "JasmyCoin", 0.0085, 0.42, 50_000_000_000),
    ("trust-wallet-token", "twt", "Trust Wallet", 1.0, 0.42, 1_000_000_000),
    ("iota", "iota", "IOTA", 0.1, 0.41, 4_600_000_000),
    ("the-sandbox", "sand", "The Sandbox", 0.16, 0.41, 3_000_000_000),
    ("plasma", "xpl", "Plasma", 0.22, 0.4, 10_000_000_000),
    ("pyth-network", "pyth", "Pyth Network", 0.07, 0.4, 10_000_000_000),
    ("marinade-staked-sol", "msol", "Marinade Staked SOL", 185, 0.4, None),
    ("ethereum-name-service", "ens", "Ethereum Name Service", 10.8, 0.4, 100_000_000),
    ("bitcoin-cash-sv", "bsv", "Bitcoin SV", 20.1, 0.4, 21_000_000),
    ("gala", "gala", "GALA", 0.0085, 0.39, 50_000_000_000),
    ("conflux-token", "cfx", "Conflux", 0.075, 0.39, None),
    ("vaulta", "a", "Vaulta", 0.25, 0.39, None),
    ("dogwifcoin", "wif", "dogwifhat", 0.38, 0.38, 998_926_392),
    ("layerzero", "zro", "LayerZero", 1.4, 0.38, 1_000_000_000),
    ("telcoin", "tel", "Telcoin", 0.004, 0.37, 100_000_000_000),
    ("theta-token", "theta", "Theta Network", 0.36, 0.36, 1_000_000_000),
    ("eigenlayer", "eigen", "EigenLayer", 1.05, 0.36, None),
    ("helium", "hnt", "Helium", 1.9, 0.35, 223_000_000),
    ("zksync", "zk", "ZKsync", 0.045, 0.35, 21_000_000_000),
    ("olympus", "ohm", "Olympus", 20, 0.35, None),
    ("chiliz", "chz", "Chiliz", 0.035, 0.34, 8_888_888_888),
    ("sun-token", "sun", "Sun Token", 0.018, 0.34, None),
    ("gnosis", "gno", "Gnosis", 125, 0.33, 3_000_000),
    ("decred", "dcr", "Decred", 19, 0.33, 21_000_000),
    ("just", "jst", "JUST", 0.036, 0.33, 9_900_000_000),
    ("basic-attention-token", "bat", "Basic Attention", 0.22, 0.33, 1_500_000_000),
    ("monad", "mon", "Monad", 0.03, 0.33, None),
    ("compound-governance-token", "comp", "Compound", 34, 0.32, 10_000_000),
    ("gho", "gho", "GHO", 0.9995, 0.32, None),
    ("raydium", "ray", "Raydium", 1.2, 0.32, 555_000_000),
    ("flow", "flow", "Flow", 0.2, 0.32, None),
    ("decentraland", "mana", "Decentraland", 0.16, 0.31, 2_193_179_327),
    ("fartcoin", "fartcoin", "Fartcoin", 0.3, 0.3, 1_000_000_000),
    ("coinbase-wrapped-staked-eth", "cbeth", "Coinbase Wrapped Staked ETH", 3340, 0.3, None),
    ("neo", "neo", "NEO", 4.1, 0.29, 100_000_000),
    ("arweave", "ar", "Arweave", 4.4, 0.29, 66_000_000),
    ("euro-coin", "eurc", "EURC", 1.16, 0.28, None),
    ("1inch", "1inch", "1inch", 0.2, 0.28, 1_500_000_000),
    ("reserve-rights-token", "rsr", "Reserve Rights", 0.0045, 0.28, 100_000_000_000),
    ("wormhole", "w", "Wormhole", 0.055, 0.26, 10_000_000_000),
    ("thorchain", "rune", "THORChain", 0.75, 0.26, 500_000_000),
    ("brett", "brett", "Brett", 0.025, 0.25, 10_000_000_000),
    ("apecoin", "ape", "ApeCoin", 0.32, 0.25, 1_000_000_000),
    ("terra-luna", "lunc", "Terra Luna Classic", 0.000043, 0.24, None),
    ("elrond-erd-2", "egld", "MultiversX", 8.5, 0.24, 31_415_926),
    ("golem", "glm", "Golem", 0.24, 0.24, 1_000_000_000),
    ("aioz-network", "aioz", "AIOZ Network", 0.2, 0.24, None),
    ("ecash", "xec", "eCash", 0.0000115, 0.23, 21_000_000_000_000),
    ("jito-governance-token", "jto", "Jito", 0.55, 0.23, 1_000_000_000),
    ("walrus-2", "wal", "Walrus", 0.15, 0.23, 5_000_000_000),
    ("safepal", "sfp", "SafePal", 0.42, 0.21, 500_000_000),
    ("convex-finance", "cvx", "Convex Finance", 2.1, 0.21, 100_000_000),
    ("kaito", "kaito", "KAITO", 0.85, 0.2, 1_000_000_000),
    ("berachain-bera", "bera", "Berachain", 1.7, 0.2, None),
    ("movement", "move", "Movement", 0.07, 0.2, 10_000_000_000),
    ("amp-token", "amp", "Amp", 0.0025, 0.2, 99_213_408_535),
    ("coredaoorg", "core", "Core", 0.2, 0.2, 2_100_000_000),
    ("mx-token", "mx", "MX Token", 2.3, 0.2, None),
    ("ftx-token", "ftt", "FTX", 0.6, 0.2, 352_170_015),
    ("dydx-chain", "dydx", "dYdX", 0.25, 0.2, 1_000_000_000),
    ("deep", "deep", "DeepBook", 0.06, 0.2, 10_000_000_000),
    ("beam-2", "beam", "Beam", 0.004, 0.2, 62_434_008_330),
    ("swissborg", "borg", "SwissBorg", 0.2, 0.2, 1_000_000_000),
    ("synthetix-network-token", "snx", "Synthetix", 0.55, 0.19, None),
    ("qtum", "qtum", "Qtum", 1.75, 0.18, 107_822_406),
    ("mog-coin", "mog", "Mog Coin", 0.00000045, 0.17, 420_690_000_000_000),
    ("mina-protocol", "mina", "Mina Protocol", 0.14, 0.17, None),
    ("wemix-token", "wemix", "WEMIX", 0.4, 0.17, None),
    ("axie-infinity", "axs", "Axie Infinity", 1.05, 0.17, 270_000_000),
    ("livepeer", "lpt", "Livepeer", 3.8, 0.16, None),
    ("kusama", "ksm", "Kusama", 9, 0.16, None),
    ("akash-network", "akt", "Akash Network", 0.6, 0.16, 388_539_008),
    ("axelar", "axl", "Axelar", 0.15, 0.16, None),
    ("zencash", "zen", "Horizen", 9, 0.15, 21_000_000),
    ("turbo", "turbo", "Turbo", 0.0022, 0.15, 69_000_000_000),
    ("yearn-finance", "yfi", "yearn.finance", 4300, 0.145, 36_666),
    ("popcat", "popcat", "Popcat", 0.14, 0.14, 979_973_000),
    ("safe", "safe", "Safe", 0.2, 0.13, 1_000_000_000),
    ("nervos-network", "ckb", "Nervos Network", 0.0028, 0.13, None),
    ("ronin", "ron", "Ronin", 0.18, 0.13, 1_000_000_000),
    ("ravencoin", "rvn", "Ravencoin", 0.0085, 0.13, 21_000_000_000),
    ("kava", "kava", "Kava", 0.12, 0.13, None),
    ("digibyte", "dgb", "DigiByte", 0.006, 0.11, 21_000_000_000),
    ("blur", "blur", "Blur", 0.045, 0.12, 3_000_000_000),
    ("iotex", "iotx", "IoTeX", 0.012, 0.12, 10_000_000_000),
    ("zilliqa", "zil", "Zilliqa", 0.006, 0.12, 21_000_000_000),
    ("holotoken", "hot", "Holo", 0.0007, 0.12, None),
    ("oasis-network", "rose", "Oasis", 0.016, 0.12, 10_000_000_000),
    ("siacoin", "sc", "Siacoin", 0.0022, 0.12, None),
    ("frax", "frax", "Frax (prev. FXS)", 1.1, 0.1, None),
    ("waves", "waves", "Waves", 0.9, 0.1, None),
    ("ontology", "ont", "Ontology", 0.07, 0.1, 1_000_000_000),
    ("icon", "icx", "ICON", 0.1, 0.1, None),
    ("mantra-dao", "om", "MANTRA", 0.09, 0.1, None),
    ("zetachain", "zeta", "ZetaChain", 0.1, 0.1, 2_100_000_000),
    ("ankr", "ankr", "Ankr", 0.0095, 0.095, 10_000_000_000),
    ("skale", "skl", "SKALE", 0.015, 0.09, 7_000_000_000),
    ("api3", "api3", "API3", 0.65, 0.09, None),
    ("celo", "celo", "Celo", 0.16, 0.09, 1_000_000_000),
    ("gmx", "gmx", "GMX", 9, 0.09, 13_250_000),
    ("loopring", "lrc", "Loopring", 0.065, 0.088, 1_374_513_896),
    ("sushi", "sushi", "Sushi", 0.45, 0.087, 250_000_000),
    ("uma", "uma", "UMA", 1.0, 0.085, None),
    ("polymesh", "polyx", "Polymesh", 0.07, 0.08, None),
    ("enjincoin", "enj", "Enjin Coin", 0.04, 0.075, None),
    ("osmosis", "osmo", "Osmosis", 0.1, 0.07, 1_000_000_000),
    ("notcoin", "not", "Notcoin", 0.0007, 0.07, None),
    ("arkham", "arkm", "Arkham", 0.22, 0.07, 1_000_000_000),
    ("band-protocol", "band", "Band Protocol", 0.45, 0.07, None),
    ("mask-network", "mask", "Mask Network", 0.65, 0.065, 100_000_000),
    ("harmony", "one", "Harmony", 0.0045, 0.065, None),
]

# Known CoinGecko image numbers for the very top (others get a made-up but stable number).
IMAGE_IDS = {"bitcoin": 1, "ethereum": 279, "tether": 325, "ripple": 44, "binancecoin": 825,
             "solana": 4128, "usd-coin": 6319, "tron": 1094, "staked-ether": 13442,
             "dogecoin": 5, "cardano": 975, "chainlink": 877, "stellar": 100, "litecoin": 2,
             "monero": 69, "bitcoin-cash": 780, "polkadot": 12171, "uniswap": 12504}

KNOWN_ATH = {"bitcoin": (126080, "2025-10-06T18:57:42.558Z", 67.81, "2013-07-06T00:00:00.000Z"),
             "ethereum": (4946.05, "2025-08-24T19:21:03.333Z", 0.432979, "2015-10-20T00:00:00.000Z"),
             "tether": (1.32, "2018-07-24T00:00:00.000Z", 0.572521, "2015-03-02T00:00:00.000Z")}
KNOWN_ROI = {"ethereum": {"times": 68.2197434, "currency": "btc", "percentage": 6821.97434},
             "binancecoin": {"times": 5865.66667, "currency": "usd", "percentage": 586566.667},
             "cardano": {"times": 17.4893617, "currency": "usd", "percentage": 1748.93617},
             "dogecoin": None}
NO_TOTAL_SUPPLY = {"dogecoin", "monero", "cosmos", "tezos", "kava"}
STABLE_SYMBOLS = {"usdt", "usdc", "usds", "usde", "dai", "bsc-usd", "pyusd", "buidl", "usdf", "rlusd",
                  "fdusd", "usyc", "usdg", "usdd", "usd0", "tusd", "gho", "eurc"}
GOLD = {"xaut", "paxg"}

PREFIXES = ["Aether", "Nova", "Quantum", "Zenith", "Lumen", "Orbit", "Vertex", "Helio", "Nimbus",
            "Kairo", "Solace", "Arcadia", "Prism", "Cobalt", "Vela", "Onyx", "Strata", "Tidal",
            "Ember", "Astra", "Myriad", "Polaris", "Sable", "Krypton", "Ionic", "Halcyon", "Verdant",
            "Cinder", "Obsidian", "Nexa", "Aurora", "Lattice", "Meridian", "Quasar", "Rivet", "Tessera"]
SUFFIXES = ["Protocol", "Network", "Finance", "Chain", "AI", "DAO", "Labs", "Swap", "Layer", "Token"]


def sig(x, n=8):
    if x is None or isinstance(x, bool) or isinstance(x, int):
        return x
    if x == 0 or not math.isfinite(x):
        return x
    r = float(f"{x:.{n}g}")
    if r.is_integer() and abs(r) < 1e15:
        return int(r)
    return r


def iso_ms(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def parse_as_of(s):
    dt = datetime.fromisoformat(s.strip().replace("Z", "+00:00"))
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def random_date(rng, start, end):
    t = rng.uniform(start.timestamp(), end.timestamp())
    return iso_ms(datetime.fromtimestamp(math.floor(t * 1000) / 1000, tz=timezone.utc))


def generated_coins(rng, taken_ids, taken_symbols, lo_mcap, hi_mcap, n):
    out = []
    combos = [(p, s) for p in PREFIXES for s in SUFFIXES]
    rng.shuffle(combos)
    for p, s in combos:
        if len(out) >= n:
            break
        name = f"{p} {s}"
        cid = name.lower().replace(" ", "-")
        sym = (p[:4] + s[0]).lower() if rng.random() < 0.5 else p[:3].lower() + s[:1].lower()
        if cid in taken_ids or sym in taken_symbols:
            continue
        taken_ids.add(cid)
        taken_symbols.add(sym)
        price = sig(10 ** rng.uniform(-4, 1.8), 4)
        mcap_b = 10 ** rng.uniform(math.log10(lo_mcap), math.log10(hi_mcap))
        max_supply = None
        if rng.random() < 0.5:
            max_supply = int(round(mcap_b * 1e9 / price * rng.uniform(1.1, 4), -3))
        out.append((cid, sym, name, price, mcap_b, max_supply))
    return out


def build(as_of, seed):
    rng = random.Random(seed)
    real = sorted(REAL, key=lambda r: -r[4])
    ids = {r[0] for r in real}
    assert len(ids) == len(real), "duplicate ids in REAL"
    symbols = {r[1] for r in real}
    # fill the gaps below the very top with plausible generated coins
    n_fill = max(0, COUNT - len(real)) + 25
    fillers = generated_coins(rng, set(ids), symbols, real[-1][4] * 0.9, real[min(70, len(real) - 1)][4], n_fill)
    # a little seeded jitter on the caps: no ties, and a less rounded look
    jittered = [r[:4] + (r[4] * random.Random(f"{seed}:cap:{r[0]}").uniform(0.985, 1.015),) + r[5:]
                for r in real + fillers]
    coins = sorted(jittered, key=lambda r: -r[4])[:COUNT]
    generated_ids = {f[0] for f in fillers}

    # one stale coin (24h fields null) and one new coin (7d change null), both generated
    gen_ranks = [i for i, c in enumerate(coins) if c[0] in generated_ids]
    stale_i = next(i for i in gen_ranks if i >= 150)
    new_i = next(i for i in gen_ranks if i >= 200)

    out = []
    for i, (cid, sym, name, price, mcap_b, max_supply) in enumerate(coins):
        crng = random.Random(f"{seed}:{cid}")
        rank = i + 1
        stable = sym in STABLE_SYMBOLS
        gold = sym in GOLD
        # derive the circulating supply from the cap, then the cap from price * supply
        mcap = int(round(mcap_b * 1e9))
        circ = mcap / price
        circ = float(round(circ, 2 if circ < 1e9 else 0))
        mcap = int(round(price * circ))
        if cid in NO_TOTAL_SUPPLY:
            total = None
        elif max_supply and crng.random() < 0.35:
            total = float(max_supply)
        else:
            total = float(round(circ * (1 if crng.random() < 0.4 else crng.uniform(1.0, 1.25)), 2))
            if max_supply and total > max_supply:
                total = float(max_supply)
        fdv_basis = max_supply if max_supply else total
        fdv = None if (fdv_basis is None or (not max_supply and crng.random() < 0.3)) else int(round(price * fdv_basis))

        # sparkline: hourly random walk, oldest first, ending at the current price
        pts = [0.0] * POINTS
        pts[-1] = float(price)
        if stable:
            for j in range(POINTS - 1):
                pts[j] = price * (1 + crng.gauss(0, 0.0003))
        else:
            vol = 0.0012 if gold else (0.002 if rank <= 10 else crng.uniform(0.003, 0.009))
            drift = crng.gauss(0, vol / 15)
            for j in range(POINTS - 2, -1, -1):
                step = max(-0.25, min(0.25, crng.gauss(drift, vol)))
                pts[j] = pts[j + 1] / (1 + step)
        p24, p1, p7 = pts[-25], pts[-2], pts[0]
        ch24 = price - p24
        pct24 = ch24 / p24 * 100
        mc_pct = pct24 + crng.uniform(-0.06, 0.06)
        mc_ch = mcap - mcap / (1 + mc_pct / 100)

        if cid in KNOWN_ATH:
            ath, ath_date, atl, atl_date = KNOWN_ATH[cid]
        else:
            ath = sig(max(max(pts), price) * (crng.uniform(1.001, 1.02) if stable else crng.uniform(1.15, 9)), 6)
            atl = sig(min(min(pts), price) * (crng.uniform(0.6, 0.99) if stable else crng.uniform(0.002, 0.7)), 6)
            ath_date = random_date(crng, datetime(2021, 1, 1, tzinfo=timezone.utc), as_of - timedelta(days=20))
            atl_date = random_date(crng, datetime(2015, 1, 1, tzinfo=timezone.utc), as_of - timedelta(days=400))
        if cid in KNOWN_ROI:
            roi = KNOWN_ROI[cid]
        elif crng.random() < 0.12:
            t = crng.uniform(-0.9, 60)
            roi = {"times": sig(t, 10), "currency": crng.choice(["usd", "btc", "eth"]), "percentage": sig(t * 100, 10)}
        else:
            roi = None

        image_n = IMAGE_IDS.get(cid, 1000 + (sum(map(ord, cid)) * 37 + rank * 131) % 60000)
        volume = mcap * (crng.uniform(0.05, 0.5) if stable else crng.uniform(0.008, 0.12))

        row = {
            "id": cid,
            "symbol": sym,
            "name": name,
            "image": f"https://coin-images.coingecko.com/coins/images/{image_n}/large/{cid}.png?1696501400",
            "current_price": sig(price),
            "market_cap": mcap,
            "market_cap_rank": rank,
            "fully_diluted_valuation": fdv,
            "total_volume": int(round(volume)),
            "high_24h": sig(max(pts[-25:])),
            "low_24h": sig(min(pts[-25:])),
            "price_change_24h": sig(ch24),
            "price_change_percentage_24h": round(pct24, 5),
            "market_cap_change_24h": sig(mc_ch, 10),
            "market_cap_change_percentage_24h": round(mc_pct, 5),
            "circulating_supply": circ,
            "total_supply": total,
            "max_supply": float(max_supply) if max_supply else None,
            "ath": sig(ath),
            "ath_change_percentage": round((price / ath - 1) * 100, 5),
            "ath_date": ath_date,
            "atl": sig(atl),
            "atl_change_percentage": round((price / atl - 1) * 100, 5),
            "atl_date": atl_date,
            "roi": roi,
            "last_updated": iso_ms(as_of),
            "sparkline_in_7d": {"price": [sig(v, 5) for v in pts]},
            "price_change_percentage_1h_in_currency": sig((price / p1 - 1) * 100, 8),
            "price_change_percentage_24h_in_currency": sig(pct24, 8),
            "price_change_percentage_7d_in_currency": sig((price / p7 - 1) * 100, 8),
        }
        if i == stale_i:
            for k in ("high_24h", "low_24h", "price_change_24h", "price_change_percentage_24h",
                      "market_cap_change_24h", "market_cap_change_percentage_24h",
                      "price_change_percentage_24h_in_currency", "price_change_percentage_1h_in_currency"):
                row[k] = None
        if i == new_i:
            row["price_change_percentage_7d_in_currency"] = None
            row["roi"] = None
        out.append(row)
    return out


def validate(rows):
    assert isinstance(rows, list) and len(rows) == COUNT, f"expected {COUNT} coins, got {len(rows)}"
    assert [r["market_cap_rank"] for r in rows] == list(range(1, COUNT + 1)), "ranks not 1..250"
    caps = [r["market_cap"] for r in rows]
    assert all(a > b for a, b in zip(caps, caps[1:])), "market caps not descending"
    assert len({r["id"] for r in rows}) == COUNT, "duplicate ids"
    assert all(len(r["sparkline_in_7d"]["price"]) == POINTS for r in rows), "sparkline length"


def round_numbers(obj, n=8):
    """Round floats like the synthetic mode: 8 significant digits, sparkline points 5."""
    if isinstance(obj, float):
        return sig(obj, n)
    if isinstance(obj, list):
        return [round_numbers(v, n) for v in obj]
    if isinstance(obj, dict):
        return {k: round_numbers(v, 5 if k == "sparkline_in_7d" else n) for k, v in obj.items()}
    return obj


def markets_url(url):
    parts = urllib.parse.urlsplit(url)
    path = parts.path.rstrip("/")
    if not path.endswith("/coins/markets"):
        path += "/coins/markets"
    query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
    for k, v in MARKETS_PARAMS.items():
        query.setdefault(k, v)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, urllib.parse.urlencode(query, safe=","), ""))


def fetch(url, timeout=30):
    headers = {"Accept": "application/json", "User-Agent": "coins-make-sample/1.0"}
    if os.environ.get("COINGECKO_PRO_API_KEY"):
        headers["x-cg-pro-api-key"] = os.environ["COINGECKO_PRO_API_KEY"]
    elif os.environ.get("COINGECKO_DEMO_API_KEY"):
        headers["x-cg-demo-api-key"] = os.environ["COINGECKO_DEMO_API_KEY"]
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    if not isinstance(data, list) or not data:
        raise SystemExit(f"unexpected answer from {url}: not a non-empty JSON array")
    if len(data) != COUNT:
        print(f"warning: got {len(data)} coins, not {COUNT}", file=sys.stderr)
    return data


SWIFT_HEADER = """// Generated by Samples/make_sample.py; do not edit. The offline sample: a top-250
// /coins/markets answer with sparklines, wrapped between JSON tokens into short lines.

extension BundledSample {
  /// The sample's JSON text, as `/coins/markets` would answer.
  static let json = #\"\"\"
"""


def wrapped(text, width=96):
    """Lines of at most `width` characters (longer only where one member is), each break made
    after a comma outside a string, so the JSON means exactly what it did on one line."""
    pieces, start, in_string, escaped = [], 0, False, False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == ",":
            pieces.append(text[start:index + 1])
            start = index + 1
    pieces.append(text[start:])
    lines = [""]
    for piece in pieces:
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines.append("")
        lines[-1] += piece
    return lines


def swift_source(text):
    body = "\n".join("    " + line for line in wrapped(text))
    return SWIFT_HEADER + body + '\n    \"\"\"#\n}\n'


def write(rows, out):
    text = json.dumps(rows, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    if out.endswith(".swift"):
        text = swift_source(text)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)
    return len(text.encode("utf-8"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT, help=f"output file (default: {DEFAULT_OUT})")
    ap.add_argument("--as-of", default=DEFAULT_AS_OF, help="snapshot time used for every last_updated")
    ap.add_argument("--seed", default="coins-sample-v1", help="random seed (synthetic mode)")
    ap.add_argument("--from-url", metavar="URL", help="fetch a live /coins/markets answer instead")
    ap.add_argument("--no-round", action="store_true", help="with --from-url: keep numbers as received")
    args = ap.parse_args(argv)

    if args.from_url:
        url = markets_url(args.from_url)
        rows = fetch(url)
        if not args.no_round:
            rows = round_numbers(rows)
        source = url
    else:
        rows = build(parse_as_of(args.as_of), args.seed)
        validate(rows)
        source = "synthetic"
    size = write(rows, args.out)
    print(f"wrote {len(rows)} coins, {size} bytes ({source}) to {args.out}")


if __name__ == "__main__":
    main()
