import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the timestamps exchanges write, recognising the layout from the text itself:
///
/// - ISO-like: `2023-04-20T04:05:40Z`, `2018-03-15T10:55:12.843Z`, `2023-12-29 20:30:38 UTC`,
///   `2021-02-02 13:30:51`, `2025-03-20 12:20 UTC`, `2019/05/11 10:27:17`, `2026-01-01`;
/// - two-digit years, year first: `25-01-04 11:08:17` (20yy);
/// - day first with dots: `20.09.2019 13:00:00`;
/// - month first with slashes (Excel, US): `12/24/19 3:04 AM`, `12/24/2019 15:04`;
/// - with an order given (``DateOrder``, decided for a whole column by ``ColumnConventions``),
///   slashes and dashes after one or two digits in that order: `04-02-20 16:52:06` day first
///   is 4 February 2020;
/// - month names: `Jan. 28, 2022, 12:13 AM`.
///
/// A time may carry its zone (`Z`, `UTC`, `GMT`, `+08:00`, `+0800`, `UTC+01:00`); one that
/// does not is a wall-clock time, placed by the zone the caller gives.
package enum ImportDate {
  /// A time as written: its wall clock counted as if it were UTC, and its zone if it has one.
  package struct Reading: Equatable {
    /// Seconds since 1970 of the wall clock read as UTC.
    var wallSeconds: Int
    /// Nanoseconds past the second.
    var nanoseconds: Int
    /// The offset east of UTC the text states, in seconds.
    var offset: Int?

    /// The instant, the wall clock placed in `zone` unless the text stated its own offset.
    package func date(in zone: ImportTimeZone) -> Date {
      let utc = offset.map { wallSeconds - $0 } ?? zone.utcSeconds(fromWall: wallSeconds)
      return Date(timeIntervalSince1970: Double(utc) + Double(nanoseconds) / 1_000_000_000)
    }
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// The time written in `text`, or `nil` when it is none of the layouts (or no real day).
  /// `order` places the parts of a date that starts with one or two digits and a slash or a
  /// dash; without it slashes are month first and dashes year first.
  package static func read(_ text: some StringProtocol, order: DateOrder? = nil) -> Reading? {
    var cursor = TextCursor(text)
    cursor.skipSpaces()
    var year = 0
    var month = 0
    var day = 0
    if let (first, count) = cursor.number(maxDigits: 4) {
      if count == 4, let separator = cursor.take(oneOf: "-/") {
        year = first
        guard let (m, _) = cursor.number(maxDigits: 2), cursor.take(separator),
          let (d, _) = cursor.number(maxDigits: 2)
        else { return nil }
        (month, day) = (m, d)
      } else if count <= 2, cursor.take(".") {
        day = first
        guard let (m, _) = cursor.number(maxDigits: 2), cursor.take("."),
          let (y, yearDigits) = cursor.number(maxDigits: 4), yearDigits == 4
        else { return nil }
        (month, year) = (m, y)
      } else if count <= 2, let separator = cursor.take(oneOf: "/-") {
        guard let (b, _) = cursor.number(maxDigits: 2), cursor.take(separator),
          let (c, cDigits) = cursor.number(maxDigits: 4)
        else { return nil }
        let lastIsYear = cDigits == 2 || cDigits == 4
        switch order ?? (separator == "/" ? .monthFirst : .yearFirst) {
        case .yearFirst:
          guard count == 2, cDigits <= 2 else { return nil }
          (year, month, day) = (2000 + first, b, c)
        case .monthFirst:
          guard lastIsYear else { return nil }
          (month, day, year) = (first, b, cDigits == 2 ? 2000 + c : c)
        case .dayFirst:
          guard lastIsYear else { return nil }
          (day, month, year) = (first, b, cDigits == 2 ? 2000 + c : c)
        }
      } else {
        return nil
      }
    } else {
      let word = cursor.letters().lowercased()
      guard word.count >= 3, let at = months.firstIndex(of: String(word.prefix(3))) else {
        return nil
      }
      month = at + 1
      _ = cursor.take(".")
      cursor.skipSpaces()
      guard let (d, _) = cursor.number(maxDigits: 2) else { return nil }
      _ = cursor.take(",")
      cursor.skipSpaces()
      guard let (y, yearDigits) = cursor.number(maxDigits: 4), yearDigits == 4 else { return nil }
      (day, year) = (d, y)
      _ = cursor.take(",")
    }
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else {
      return nil
    }
    var reading = Reading(wallSeconds: 0, nanoseconds: 0, offset: nil)
    var seconds = 0
    cursor.skipSpaces()
    if cursor.take("T") || cursor.take("t") { cursor.skipSpaces() }
    if let (hour, _) = cursor.number(maxDigits: 2) {
      guard cursor.take(":"), let (minute, _) = cursor.number(maxDigits: 2), minute < 60 else {
        return nil
      }
      var second = 0
      if cursor.take(":") {
        guard let (s, _) = cursor.number(maxDigits: 2), s < 61 else { return nil }
        second = s
        if cursor.take(".") || cursor.take(",") {
          guard let fraction = cursor.fraction() else { return nil }
          reading.nanoseconds = fraction
        }
      }
      cursor.skipSpaces()
      var hour24 = hour
      let meridiem = cursor.peekLetters().lowercased()
      if meridiem == "am" || meridiem == "pm" {
        _ = cursor.letters()
        guard (1...12).contains(hour) else { return nil }
        hour24 = hour % 12 + (meridiem == "pm" ? 12 : 0)
      }
      guard hour24 < 24 else { return nil }
      seconds = hour24 * 3600 + minute * 60 + second
      cursor.skipSpaces()
      guard let offset = cursor.zone() else { return nil }
      reading.offset = offset
    }
    cursor.skipSpaces()
    guard cursor.atEnd else { return nil }
    let days = ISO8601Timestamp.daysFromCivil(year: year, month: month, day: day)
    reading.wallSeconds = days * 86_400 + seconds
    return reading
  }

  /// Whether `text` starts like a date whose order of parts a column has to decide: one or
  /// two digits, then a slash or a dash.
  static func dependsOnOrder(_ text: String) -> Bool { orderSeparator(text) != nil }

  /// ``dependsOnOrder(_:)`` of the cell as ``Swift/String/trimmedCell`` gives it, looked at in
  /// the string's own storage: only the leading spaces, tabs and byte-order marks can move its
  /// first three bytes (trailing ones are never a digit, a slash or a dash), and trimming both
  /// ends copied every cell that ends in a space (Gemini writes all its figures so).
  static func dependsOnOrder(untrimmed text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var at = 0
      while at < bytes.count {
        if bytes[at] == 0x20 || bytes[at] == 0x09 {
          at += 1
        } else if bytes.count - at >= 3, bytes[at] == 0xEF, bytes[at + 1] == 0xBB,
          bytes[at + 2] == 0xBF
        {
          at += 3
        } else {
          break
        }
      }
      func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
      guard at + 1 < bytes.count, isDigit(bytes[at]) else { return false }
      let second = bytes[at + 1]
      let third = isDigit(second) ? (at + 2 < bytes.count ? bytes[at + 2] : nil) : second
      return third == 0x2F || third == 0x2D
    } ?? dependsOnOrder(text.trimmedCell)
  }

  /// The slash or dash after the one or two digits `text` starts with, if it does.
  static func orderSeparator(_ text: String) -> UInt8? {
    var bytes = text.utf8.makeIterator()
    guard let a = bytes.next(), a >= 0x30 && a <= 0x39, let b = bytes.next() else { return nil }
    let c = b >= 0x30 && b <= 0x39 ? bytes.next() : b
    return c == 0x2F || c == 0x2D ? c : nil
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
