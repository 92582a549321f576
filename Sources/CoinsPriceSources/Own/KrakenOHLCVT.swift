import CoinsModel

/// Kraken's downloadable OHLCVT files, daily ones only: named `<PAIR>_1440.csv`, no header,
/// each line `timestamp,open,high,low,close,volume,trades` (the timestamp the candle's start,
/// 00:00 UTC, in UNIX seconds). Days without trades are left out of those files, so a missing
/// day takes the last earlier open (labelled carried forward).
package enum KrakenOHLCVT {
  /// Whether `file` is named as a daily OHLCVT file.
  package static func isDailyFile(_ file: String) -> Bool {
    file.uppercased().hasSuffix("_1440.CSV")
  }

  /// The daily opens of the file named `file` (its pair read from the name), or the first
  /// error.
  package static func read(_ text: String, file: String) throws(OwnPriceFileError)
    -> OwnPriceSeries
  {
    let pairName = String(file.dropLast("_1440.csv".count))
    guard isDailyFile(file), let pair = KrakenPair(pairName) else {
      throw OwnPriceFileError(
        file: file, line: 0, column: 0,
        detail: "the name is not a Kraken daily file's (<PAIR>_1440.csv, e.g. XBTUSD_1440.csv)")
    }
    var opens: [UTCDay: ExactDecimal] = [:]
    for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let number = offset + 1
      if line.trimmingWhitespace().isEmpty { continue }
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == 7 else {
        throw OwnPriceFileError(
          file: file, line: number, column: 0,
          detail: "\(fields.count) columns, not 7 (timestamp,open,high,low,close,volume,trades)")
      }
      guard let seconds = Int64(fields[0].trimmingWhitespace()), seconds % 86_400 == 0 else {
        throw OwnPriceFileError(
          file: file, line: number, column: 1,
          detail: "\"\(Sanitizer.clean(String(fields[0])))\" is not the start of a UTC day")
      }
      guard let open = DecimalText.value(fields[1]), open > .zero else {
        throw OwnPriceFileError(
          file: file, line: number, column: 2,
          detail: "\"\(Sanitizer.clean(String(fields[1])))\" is not a price above zero")
      }
      opens[UTCDay(number: Int(seconds / 86_400))] = open
    }
    return OwnPriceSeries(
      coin: pair.base, currency: pair.quote, file: file, carriesForward: true, prices: opens)
  }
}
