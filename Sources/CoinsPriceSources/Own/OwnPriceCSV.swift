import CoinsModel

/// Your prices as a CSV: a header naming `date`, `coin`, `price` and `currency` (in any order),
/// then one price a line: `2021-05-01,btc,57714.66,usd` (the coin a ticker or a CoinGecko id).
/// Every row is checked; the first bad one rejects the whole file.
package enum OwnPriceCSV {
  private static let columns = ["date", "coin", "price", "currency"]

  /// The series the file holds, one per coin and currency, or the first error.
  package static func read(_ text: String, file: String) throws(OwnPriceFileError)
    -> [OwnPriceSeries]
  {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    while let last = lines.last, last.trimmingWhitespace().isEmpty { lines.removeLast() }
    guard let header = lines.first else {
      throw OwnPriceFileError(file: file, line: 1, column: 0, detail: "the file is empty")
    }
    let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingWhitespace().lowercased().trimmingPrefix("\u{FEFF}")
    }.map(String.init)
    var index: [String: Int] = [:]
    for column in columns {
      guard let position = names.firstIndex(of: column) else {
        throw OwnPriceFileError(
          file: file, line: 1, column: 0,
          detail: "the header has no \(column) column (expected date,coin,price,currency)")
      }
      index[column] = position
    }
    var series: [String: OwnPriceSeries] = [:]
    var firstLine: [String: Int] = [:]
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      if line.trimmingWhitespace().isEmpty { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingWhitespace()
      }
      func field(_ name: String) throws(OwnPriceFileError) -> (text: String, column: Int) {
        let position = index[name] ?? 0
        guard position < fields.count, !fields[position].isEmpty else {
          throw OwnPriceFileError(
            file: file, line: number, column: position + 1, detail: "no \(name)")
        }
        return (fields[position], position + 1)
      }
      let date = try field("date")
      guard let day = UTCDay(iso: date.text) else {
        throw OwnPriceFileError(
          file: file, line: number, column: date.column,
          detail: "\"\(Sanitizer.clean(date.text))\" is not a date (YYYY-MM-DD)")
      }
      let coin = try field("coin").text.lowercased()
      let price = try field("price")
      guard let value = DecimalText.value(price.text), value > .zero else {
        throw OwnPriceFileError(
          file: file, line: number, column: price.column,
          detail: "\"\(Sanitizer.clean(price.text))\" is not a price above zero")
      }
      let currency = try field("currency")
      guard currency.text.count == 3, currency.text.allSatisfy({ $0.isASCII && $0.isLetter })
      else {
        throw OwnPriceFileError(
          file: file, line: number, column: currency.column,
          detail: "\"\(Sanitizer.clean(currency.text))\" is not a currency code")
      }
      let key = "\(coin) \(currency.text.uppercased())"
      let dayKey = "\(key) \(day)"
      if let earlier = firstLine[dayKey] {
        throw OwnPriceFileError(
          file: file, line: number, column: 0,
          detail:
            "\(coin) in \(currency.text.uppercased()) on \(day) is priced on line \(earlier) too")
      }
      firstLine[dayKey] = number
      series[
        key,
        default: OwnPriceSeries(
          coin: coin, currency: currency.text, file: file, carriesForward: false, prices: [:])
      ]
      .prices[day] = value
    }
    return series.keys.sorted().compactMap { series[$0] }
  }
}
