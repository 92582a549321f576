import CoinGeckoAPI
import CoinsModel

/// Whether a lot's cost may be stored in a currency: only in one CoinGecko prices in, or the
/// cost could never be compared with a price.
///
/// Online the market answer `portfolio add` asks for anyway (in that currency) settles it: an
/// unknown code is CoinGecko's HTTP 400. Offline, a market cached in that currency proves it;
/// otherwise only the codes below are taken on trust, so a valid add does not fail for want of
/// a network while a typo is not written to the file.
package enum CostCurrency {
  /// Codes CoinGecko has long offered as `vs_currency`: fiat currencies, metals and major coins.
  package static let knownOffline: Set<String> = [
    "usd", "eur", "gbp", "jpy", "chf", "cad", "aud", "nzd", "cny", "hkd", "sgd", "twd", "krw",
    "inr", "idr", "myr", "php", "thb", "vnd", "pkr", "bdt", "lkr", "mmk", "aed", "sar", "bhd",
    "kwd", "ils", "try", "rub", "uah", "gel", "pln", "czk", "huf", "sek", "nok", "dkk", "zar",
    "ngn", "brl", "ars", "clp", "mxn", "bmd", "xdr", "xag", "xau", "btc", "eth", "ltc", "bch",
    "bnb", "eos", "xrp", "xlm", "link", "dot", "yfi", "sol", "bits", "sats",
  ]

  /// Why a cost in `currency` cannot be stored, given the market snapshot the lookup got
  /// (`nil` when it got none) and why CoinGecko could not be asked; `nil` when it can.
  package static func problem(_ currency: String, market: MarketSnapshot?, offline: CoinGeckoError?)
    -> String?
  {
    if let market, market.source != .sample, market.currency == currency { return nil }
    if knownOffline.contains(currency) { return nil }
    let reason = market?.staleReason ?? offline?.message
    return (reason.map { Sentence.ended($0) + " " } ?? "")
      + "Without CoinGecko the currency '\(Sanitizer.printable(currency))' cannot be checked: "
      + "offline, costs are taken only in common codes such as usd, eur, gbp, jpy, chf or btc."
  }
}
