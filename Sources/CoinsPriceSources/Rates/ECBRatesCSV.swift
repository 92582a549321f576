import CoinsModel

/// The ECB's `format=csvdata` answer read: a header naming its columns (among them `CURRENCY`,
/// `TIME_PERIOD` and `OBS_VALUE`, units of the currency per 1 EUR), one observation a line,
/// business days only.
package enum ECBRatesCSV {
  /// Why the answer cannot be read.
  package struct Unreadable: Error, Equatable {
    /// `no OBS_VALUE column`.
    package var detail: String
  }

  /// The rates by currency (upper-cased) and day; a line without a value (`OBS_VALUE` empty: no
  /// fixing that day) is left out.
  package static func rates(_ text: String) throws(Unreadable) -> [String: [UTCDay: ExactDecimal]] {
    var lines = text.split(whereSeparator: \.isNewline).makeIterator()
    guard let header = lines.next() else { throw Unreadable(detail: "the answer is empty") }
    let columns = fields(header).map { $0.uppercased() }
    guard let currencyColumn = columns.firstIndex(of: "CURRENCY") else {
      throw Unreadable(detail: "no CURRENCY column")
    }
    guard let dayColumn = columns.firstIndex(of: "TIME_PERIOD") else {
      throw Unreadable(detail: "no TIME_PERIOD column")
    }
    guard let valueColumn = columns.firstIndex(of: "OBS_VALUE") else {
      throw Unreadable(detail: "no OBS_VALUE column")
    }
    var rates: [String: [UTCDay: ExactDecimal]] = [:]
    var lineNumber = 1
    while let line = lines.next() {
      lineNumber += 1
      let values = fields(line)
      guard values.count > max(currencyColumn, dayColumn, valueColumn) else {
        throw Unreadable(detail: "line \(lineNumber) has too few columns")
      }
      guard !values[valueColumn].isEmpty else { continue }
      guard let day = UTCDay(iso: values[dayColumn]),
        let rate = DecimalText.value(values[valueColumn]), rate > .zero
      else { throw Unreadable(detail: "line \(lineNumber) is not a day and a rate") }
      rates[values[currencyColumn].uppercased(), default: [:]][day] = rate
    }
    return rates
  }

  /// The comma-separated fields of one line, quotes removed (the ECB quotes titles that hold
  /// commas).
  private static func fields(_ line: Substring) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      switch character {
      case "\"": quoted.toggle()
      case "," where !quoted:
        fields.append(current.trimmingWhitespace())
        current = ""
      default: current.append(character)
      }
    }
    fields.append(current.trimmingWhitespace())
    return fields
  }
}
