/// A Kraken pair name as its files are named (`XBTUSD`, `XXBTZUSD`, `ETHEUR`, `XETHZEUR`,
/// `SOLUSDT`) read as a base ticker and a quote currency, Kraken's own tickers translated
/// (`XBT` is BTC, `XDG` is DOGE).
package struct KrakenPair: Equatable, Sendable {
  /// The coin's ticker: `BTC`.
  package var base: String
  /// The quote currency: `USD`.
  package var quote: String

  /// Quotes Kraken lists pairs in, longest first so `USDT` wins over `USD`.
  private static let quotes = [
    "USDT", "USDC", "DAI", "USD", "EUR", "GBP", "CAD", "JPY", "CHF", "AUD", "XBT", "ETH", "DOT",
  ]
  private static let renamed = ["XBT": "BTC", "XDG": "DOGE"]

  /// A pair of these tickers.
  package init(base: String, quote: String) {
    self.base = base
    self.quote = quote
  }

  /// The pair `name` names (upper-cased), or `nil` when it ends in no known quote.
  package init?(_ name: String) {
    let name = name.uppercased()
    // The old four-letter form: X + base, Z (fiat) or X (crypto) + quote: XXBTZUSD, XETHXXBT.
    if name.count == 8, name.hasPrefix("X"), ["X", "Z"].contains(name.dropFirst(4).first) {
      base = Self.renamed[String(name.dropFirst().prefix(3))] ?? String(name.dropFirst().prefix(3))
      let quote = String(name.suffix(3))
      self.quote = Self.renamed[quote] ?? quote
      return
    }
    guard let quote = Self.quotes.first(where: { name.hasSuffix($0) && name.count > $0.count })
    else { return nil }
    let base = String(name.dropLast(quote.count))
    self.base = Self.renamed[base] ?? base
    self.quote = Self.renamed[quote] ?? quote
  }
}
