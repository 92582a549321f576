/// What the manual says besides the commands: environment variables, files and exit codes.
/// Written only here: `docs/manual_tables.py` copies them from the manual page into the tables
/// of `docs/files-and-environment.md` (a test regenerates those and compares).
enum ManualFacts {
  /// A name and what it is.
  struct Entry: Sendable {
    var name: String
    var text: String
  }

  static let environment: [Entry] = [
    .init(
      name: "COINGECKO_BASE_URL",
      text: "The API's base URL (tests, proxies), e.g. http://127.0.0.1:8080/api/v3."),
    .init(
      name: "COINGECKO_PRO_API_KEY",
      text: "A Pro key: sent as x-cg-pro-api-key to https://pro-api.coingecko.com/api/v3."),
    .init(
      name: "COINGECKO_DEMO_API_KEY",
      text: "A Demo key: sent as x-cg-demo-api-key to https://api.coingecko.com/api/v3."),
    .init(name: "COINS_PORTFOLIO", text: "The portfolio file (overridden by --file)."),
    .init(
      name: "COINS_COINBASE_BASE_URL",
      text: "Coinbase Exchange's base URL for past days' candles (default "
        + "https://api.exchange.coinbase.com; tests, proxies)."),
    .init(
      name: "COINS_BINANCE_BASE_URL",
      text: "Binance's base URL for past days' klines (default https://data-api.binance.vision)."),
    .init(
      name: "COINS_ECB_BASE_URL",
      text: "The ECB's base URL for past days' euro reference rates (default "
        + "https://data-api.ecb.europa.eu/service)."),
    .init(
      name: "XDG_CACHE_HOME",
      text: "The cache lives in $XDG_CACHE_HOME/coins/ (default ~/.cache/coins/)."),
    .init(
      name: "XDG_DATA_HOME",
      text: "The portfolio, the alert rules and the favourites live in $XDG_DATA_HOME/coins/ "
        + "(default ~/.local/share/coins/)."),
    .init(
      name: "XDG_CONFIG_HOME",
      text: "The config file is $XDG_CONFIG_HOME/coins/config.toml (default "
        + "~/.config/coins/config.toml)."),
    .init(
      name: "COLUMNS",
      text: "The width to fit tables and charts into (else the terminal's, else 80)."),
    .init(
      name: "NO_COLOR",
      text: "Set to anything non-empty: no color (a color set in the config file still wins)."),
    .init(
      name: "SSL_CERT_FILE",
      text: "A PEM bundle of trusted CAs, used instead of the system's (a company proxy, a "
        + "private CA); one that cannot be read is an error."),
    .init(
      name: "SSL_CERT_DIR",
      text:
        "A folder of trusted CA certificates processed by openssl rehash (several separated by :), used besides the system's bundle."
    ),
    .init(name: "COINS_LIBCURL", text: "The libcurl to load instead of libcurl.so.4 (tests)."),
    .init(
      name: "HTTPS_PROXY, https_proxy",
      text: "A proxy for HTTPS requests, e.g. http://proxy.example:3128, tunnelled with CONNECT; "
        + "TLS is still checked end to end."),
    .init(
      name: "HTTP_PROXY, http_proxy",
      text: "The same for a plain-HTTP COINGECKO_BASE_URL (libcurl reads only the lower-case name "
        + "for HTTP)."),
    .init(
      name: "NO_PROXY, no_proxy",
      text: "Hosts reached directly, comma-separated (localhost,.internal)."),
  ]

  static let files: [Entry] = [
    .init(
      name: "~/.cache/coins/global.json",
      text: "The last /global answer, as received; its age is the file's modification time."),
    .init(
      name: "~/.cache/coins/markets-<currency>.v3.bin",
      text: "The last good market answer per currency: only the fields coins shows, in a compact "
        + "binary form with a checksum, written atomically. A file of another format version or "
        + "a damaged one is ignored, never misread. Safe to delete."),
    .init(
      name: "~/.cache/coins/category-<id>/markets-<currency>.v3.bin",
      text: "The last market answer of one category (coins top --category), in the same form, "
        + "apart from the whole market's."),
    .init(
      name: "~/.cache/coins/prices-<currency>.json",
      text: "The last /simple/price figures per coin, each with when it was fetched (coins price, "
        + "coins convert)."),
    .init(
      name: "~/.cache/coins/trending.json, categories.json, exchange-rates.json",
      text:
        "The last answers of /search/trending, /coins/categories and /exchange_rates, as received."),
    .init(
      name: "~/.cache/coins/history-<id>-<currency>-<range>.json, ohlc-…",
      text: "The last price history (or candles) per coin, currency and range, as received, "
        + "reused for the history's spacing; a …-max-limited.json file remembers for a day that "
        + "the plan refused max."),
    .init(
      name: "~/.cache/coins/known-coins.json",
      text: "Coins found through /search (outside the cached market), remembered so later "
        + "commands and completion name them without asking."),
    .init(
      name: "~/.config/coins/config.toml",
      text: "Your defaults (coins config show); optional. A bad value or bad syntax is exit 78."),
    .init(
      name: "~/.local/share/coins/portfolio.json",
      text:
        "Your holdings: plain JSON you may edit by hand. Created with mode 0600 in a 0700 folder."),
    .init(
      name: "~/.local/share/coins/portfolio.json.bak",
      text: "The previous version of the portfolio, kept on every write."),
    .init(
      name: "~/.local/share/coins/portfolio.json.journal",
      text:
        "Every change to the portfolio, one JSON line each (coins portfolio log, coins portfolio "
        + "undo); appended before the file is replaced."),
    .init(
      name: "~/.local/share/coins/portfolio.json.lock",
      text: "The lock file that serializes writers."),
    .init(
      name: "~/.local/share/coins/portfolio.json.v1",
      text: "A version-1 portfolio's bytes, kept when coins first rewrites it as version 3."),
    .init(
      name: "~/.local/share/coins/portfolio.json.v2",
      text: "A version-2 portfolio's bytes, kept when coins first rewrites it as version 3."),
    .init(
      name: "~/.local/share/coins/portfolio.tickers.json",
      text: "The tickers coins portfolio import --map was told (TICKER to CoinGecko id), used by "
        + "later imports into that portfolio; beside the portfolio file, named after it."),
    .init(
      name: "~/.local/share/coins/prices.json",
      text: "Your imported daily prices (coins prices import): your data, not a cache; only "
        + "coins prices remove drops them."),
    .init(
      name: "~/.cache/coins/daily-prices/",
      text: "The price sources' daily opens of closed days, one file per source, coin and "
        + "currency, kept for good (a past day's open does not change). Safe to delete."),
    .init(
      name: "~/.cache/coins/history/<id>-<day>.json",
      text: "/coins/{id}/history answers for past days, kept for good."),
    .init(
      name: "~/.cache/coins/rates/",
      text: "Bitcoin's daily prices per currency and /exchange_rates, for conversions, and the "
        + "daily USD prices an import values trades with; kept a day."),
    .init(
      name: "~/.local/share/coins/alerts.json",
      text: "Your alert rules and their state (coins alert), kept like the portfolio: a lock "
        + "(alerts.json.lock), atomic writes and a .bak; one corrupt or from a newer version is "
        + "exit 65 and left untouched."),
    .init(
      name: "~/.local/share/coins/favorites.json",
      text: "The coins marked with f in coins watch, kept like the portfolio: a lock, atomic "
        + "writes and a .bak; one coins cannot read is never overwritten."),
  ]

  static let exitCodes: [(code: Int32, text: String)] = [
    (
      CommandFailure.successStatus,
      "Success, including an answer from the cache or the sample, which is labelled."
    ),
    (
      CommandFailure.Kind.other.exitStatus,
      "A general failure: CoinGecko refused the request (unknown currency, bad key, a redirect, "
        + "an endpoint the plan lacks), an unknown coin, removing or selling more than is held, "
        + "a day the plan's history cannot reach (--date without a price), a file that cannot "
        + "be written, an SSL_CERT_FILE that cannot be read."
    ),
    (
      CommandFailure.Kind.usage.exitStatus,
      "A bad command line: an Error: line saying what is wrong, the usage line and a hint to "
        + "see the command's --help (EX_USAGE)."
    ),
    (
      CommandFailure.Kind.badData.exitStatus,
      "The portfolio file or the alerts file is corrupt, unreadable or from a newer version, or "
        + "coins portfolio import cannot take a file; the error names the line and column "
        + "(EX_DATAERR)."
    ),
    (
      CommandFailure.Kind.unavailable.exitStatus,
      "CoinGecko is unavailable and no fallback was allowed (--live) or possible: a coin or a "
        + "currency only CoinGecko can check, a sale's or a dated buy's price offline, coins global "
        + "with no cache, coins chart of anything but 7 days with no cached history "
        + "(EX_UNAVAILABLE)."
    ),
    (
      CommandFailure.Kind.temporary.exitStatus,
      "coins alert check could not check every rule on live data (CoinGecko failing or "
        + "rate-limited, or only cached or sample data for a rule's currency): it said so, and "
        + "checked and fired what it could; try again later (EX_TEMPFAIL)."
    ),
    (
      CommandFailure.Kind.configuration.exitStatus,
      "The config file has bad syntax or a bad value; the error names its line and column "
        + "(EX_CONFIG)."
    ),
  ]
}
