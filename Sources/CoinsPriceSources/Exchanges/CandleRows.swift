import CoinsModel
import CoinsSupport

/// The daily opens in an exchange's candle rows: a JSON array of rows, each an array holding the
/// candle's start and its open at known positions (Coinbase: `[time, low, high, open, close,
/// volume]`, seconds; Binance: `[openTime, "open", …]`, milliseconds, numbers as strings).
package enum CandleRows {
  /// Why the rows cannot be read: a phrase for the chain's reason.
  package struct Unreadable: Error, Equatable {
    /// `row 3 has no open`.
    package var detail: String
  }

  /// The open of each UTC day a row starts at 00:00 of, kept when `keep` holds for the day; rows
  /// starting off midnight (not a daily candle) are skipped.
  package static func opens(
    _ body: [UInt8], timeAt timeIndex: Int, openAt openIndex: Int, millisecondTimes: Bool,
    keep: (UTCDay) -> Bool
  ) throws(Unreadable) -> [UTCDay: ExactDecimal] {
    let opens = try periodOpens(
      body, timeAt: timeIndex, openAt: openIndex, millisecondTimes: millisecondTimes,
      period: 86_400, keep: { keep(UTCDay(number: $0)) })
    return Dictionary(uniqueKeysWithValues: opens.map { (UTCDay(number: $0.key), $0.value) })
  }

  /// The open of each period of `period` seconds (3,600: UTC hours) a row starts exactly at,
  /// by period number since 1970, kept when `keep` holds for it; other rows are skipped.
  package static func periodOpens(
    _ body: [UInt8], timeAt timeIndex: Int, openAt openIndex: Int, millisecondTimes: Bool,
    period: Int64, keep: (Int) -> Bool
  ) throws(Unreadable) -> [Int: ExactDecimal] {
    guard let rows = (try? JSONValueParser.parse(body))?.arrayValue else {
      throw Unreadable(detail: "the answer is not a JSON array of candles")
    }
    var opens: [Int: ExactDecimal] = [:]
    for (index, row) in rows.enumerated() {
      guard let fields = row.arrayValue, fields.count > max(timeIndex, openIndex),
        case .number(let timeText) = fields[timeIndex], let time = Int64(timeText)
      else { throw Unreadable(detail: "candle \(index + 1) is not [time, …]") }
      guard let open = DecimalText.value(fields[openIndex]), !open.isNegative else {
        throw Unreadable(detail: "candle \(index + 1) has no open")
      }
      let seconds = millisecondTimes ? time / 1000 : time
      guard seconds % period == 0 else { continue }
      let number = Int(seconds / period)
      if keep(number) { opens[number] = open }
    }
    return opens
  }
}
