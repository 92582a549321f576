import CoinsModel

/// What Coinbase writes only in a row's Notes: the received side of a Convert
/// (`Converted 0.00087766 ETH to 1.629352 USDC`) and the quote side of an Advanced Trade
/// (`Bought 0.001 BTC for €30.00 EUR on BTC-EUR at €30,000.00 EUR/BTC`).
enum CoinbaseNotes {
  /// The two sides of a Convert.
  static func conversion(_ notes: String) -> (ImportedAmount, ImportedAmount)? {
    let words = notes.split(separator: " ")
    guard words.count >= 6, words[0] == "Converted", words[3] == "to",
      let spent = amount(words[1], words[2]), let received = amount(words[4], words[5])
    else { return nil }
    return (spent, received)
  }

  /// The two sides of an Advanced Trade: the base as Notes state it, and the quote.
  static func advancedTrade(_ notes: String) -> (base: ImportedAmount?, quote: ImportedAmount)? {
    let words = notes.split(separator: " ")
    guard words.count >= 6, words[0] == "Bought" || words[0] == "Sold", words[3] == "for",
      let quote = amount(words[4], words[5])
    else { return nil }
    return (amount(words[1], words[2]), quote)
  }

  private static func amount(_ number: Substring, _ ticker: Substring) -> ImportedAmount? {
    guard let reading = ImportNumber.read(number),
      ImportNumber.isSign(reading.unit)
    else { return nil }
    return ImportedAmount(abs(reading.value), TickerRules.coinbase(ticker))
  }
}
