import CoinsServices

/// What an option's value or an argument may be, so that shell completion can offer it.
enum CompletionKind: Sendable, Equatable {
  /// Free text (a number, an amount, a template): nothing to offer.
  case text
  /// One of these words.
  case choices([String])
  /// A currency code CoinGecko prices in.
  case currency
  /// A coin: the symbols and ids in the cache.
  case coin
  /// A held coin: the symbols and ids of the portfolio's coins.
  case heldCoin
  /// Coins separated by commas (`--coins btc,eth`): the cache's, after what is typed so far.
  case coinList
  /// A currency code or a coin.
  case coinOrCurrency
  /// A category id from the cached `/coins/categories` answer.
  case category
  /// A file path.
  case file

  /// The currency codes offered: those CoinGecko has long offered (fiat, metals, coins).
  static var currencyCodes: [String] { CostCurrency.knownOffline.sorted() }
}
