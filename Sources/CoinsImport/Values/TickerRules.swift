import CoinsModel

/// How each format's tickers become the asset they stand for: money when the code is a fiat
/// currency, else a coin under its plain ticker (the renames and prefixes of that exchange undone).
package enum TickerRules {
  /// A plain ticker: fiat codes are money, anything else a coin, uppercased.
  package static func plain(_ ticker: some StringProtocol) -> ImportedAsset {
    let code = String(ticker).trimmedCell.upperCasedTicker
    return FiatCurrency.isFiat(code) ? .money(code) : .coin(code)
  }

  /// Coinbase: `ETH2` (staked ether, merged back) is ETH, `CGLD` is Celo's old ticker.
  package static func coinbase(_ ticker: some StringProtocol) -> ImportedAsset {
    let code = String(ticker).trimmedCell.uppercased()
    return plain(coinbaseRenames[code] ?? code)
  }

  private static let coinbaseRenames = ["ETH2": "ETH", "CGLD": "CELO"]

  /// Kraken: the staking and locking suffixes (`.S` `.M` `.P` `.F` `.B` `.HOLD`) and the
  /// bonding days before them (`DOT28.S`) taken off, then its legacy X/Z codes (`XXBT`, `XETH`,
  /// `XXDG`, `ZEUR`) and `XBT`/`XDG` mapped to the tickers everyone else uses.
  package static func kraken(_ ticker: some StringProtocol) -> ImportedAsset {
    var code = String(ticker).trimmedCell.uppercased()
    for suffix in [".HOLD", ".S", ".M", ".P", ".F", ".B"] where code.hasSuffix(suffix) {
      code.removeLast(suffix.count)
      // Bonded staking: two digits of days before the suffix (DOT28.S), never the whole code.
      let digits = code.reversed().prefix { $0.isNumber }.count
      if digits == 2, code.count > 3 { code.removeLast(2) }
      break
    }
    if let mapped = krakenCodes[code] { return plain(mapped) }
    if code.count == 4, code.hasPrefix("Z"), FiatCurrency.isFiat(code.dropFirst()) {
      return .money(String(code.dropFirst()))
    }
    return plain(code)
  }

  private static let krakenCodes = [
    "XXBT": "BTC", "XBT": "BTC", "XBT.M": "BTC", "XETH": "ETH", "ETH2": "ETH", "XXDG": "DOGE",
    "XDG": "DOGE", "XXRP": "XRP", "XLTC": "LTC", "XXLM": "XLM", "XXMR": "XMR", "XZEC": "ZEC",
    "XETC": "ETC", "XREP": "REP", "XMLN": "MLN", "XXTZ": "XTZ", "FLOWH": "FLOW",
  ]

  /// Splits a pair written without a separator (`XXBTZEUR`, `ETHUSDT`) at the longest of
  /// `quotes` (listed longest first) that leaves a base of three characters or more (`XTZEUR`
  /// is XTZ–EUR, not XT–ZEUR), else of one or more; a pair written `BASE/QUOTE` or
  /// `BASE-QUOTE` splits there.
  package static func split(pair: String, quotes: [String]) -> (base: String, quote: String)? {
    let pair = pair.trimmedCell.upperCasedTicker
    if let split = splitASCII(pair, quotes: quotes) { return split }
    if let at = pair.firstIndex(where: { $0 == "/" || $0 == "-" || $0 == "_" }) {
      let base = String(pair[..<at])
      let quote = String(pair[pair.index(after: at)...])
      return base.isEmpty || quote.isEmpty ? nil : (base, quote)
    }
    for minimum in [3, 1] {
      for quote in quotes where pair.hasSuffix(quote) && pair.count - quote.count >= minimum {
        return (String(pair.dropLast(quote.count)), quote)
      }
    }
    return nil
  }

  /// ``split(pair:quotes:)`` of a pair of ASCII characters but a carriage return, split
  /// against ASCII quotes on its bytes, where a character is a byte (walking the characters
  /// was a tenth of Gemini's reading); `.none` for any other pair, left to the characters' walk.
  private static func splitASCII(
    _ pair: String, quotes: [String]
  ) -> (base: String, quote: String)?? {
    let bytes = pair.utf8
    guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return .none }
    if let at = bytes.firstIndex(where: { $0 == 0x2F || $0 == 0x2D || $0 == 0x5F }) {
      let base = String(decoding: bytes[..<at], as: UTF8.self)
      let quote = String(decoding: bytes[bytes.index(after: at)...], as: UTF8.self)
      return .some(base.isEmpty || quote.isEmpty ? nil : (base, quote))
    }
    for minimum in [3, 1] {
      for quote in quotes {
        let ending = quote.utf8
        guard ending.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return .none }
        if bytes.count - ending.count >= minimum, bytes.suffix(ending.count).elementsEqual(ending) {
          return .some((String(decoding: bytes.dropLast(ending.count), as: UTF8.self), quote))
        }
      }
    }
    return .some(nil)
  }
}
