import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One calendar day in UTC, counted in days since 1970-01-01: the unit every price source
/// answers in (a day's price is the open of its UTC day, 00:00 UTC).
package struct UTCDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01.
  package var number: Int

  /// The day with this number.
  package init(number: Int) {
    self.number = number
  }

  /// The UTC day `date` falls in.
  package init(_ date: Date) {
    number = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// The day `text` names as `YYYY-MM-DD`, or `nil` when it is not such a date.
  package init?(iso text: some StringProtocol) {
    if let fields = Self.digitFields(text.utf8) {
      // Ten ASCII bytes, digits but for the two dashes: read in place (a prices file has a
      // day per price, each read on every run).
      guard (1...12).contains(fields.month), fields.day >= 1,
        fields.day <= Self.length(ofMonth: fields.month, year: fields.year)
      else { return nil }
      number = Self.daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
      return
    }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, year: year)
    else { return nil }
    number = Self.daysFromCivil(year: year, month: month, day: day)
  }

  /// Year, month and day of exactly `DDDD-DD-DD` in ASCII digits; `nil` for any other text
  /// (which the general reading then judges).
  private static func digitFields(_ bytes: some Collection<UInt8>) -> (
    year: Int, month: Int, day: Int
  )? {
    guard bytes.count == 10 else { return nil }
    var (year, month, day) = (0, 0, 0)
    for (offset, byte) in bytes.enumerated() {
      if offset == 4 || offset == 7 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch offset {
      case ..<4: year = year * 10 + digit
      case ..<7: month = month * 10 + digit
      default: day = day * 10 + digit
      }
    }
    return (year, month, day)
  }

  /// 00:00 UTC of the day.
  package var start: Date { Date(timeIntervalSince1970: Double(number) * 86_400) }

  /// 00:00 UTC of the day in UNIX seconds.
  package var unixSeconds: Int64 { Int64(number) * 86_400 }

  /// `YYYY-MM-DD`.
  package var description: String {
    let (year, month, day) = civil
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(year)
    return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-"
      + two(month) + "-" + two(day)
  }

  /// The day `count` days later (earlier when negative).
  package func adding(days count: Int) -> UTCDay { UTCDay(number: number + count) }

  /// Whether the day is a Saturday or a Sunday (1970-01-01 was a Thursday).
  package var isWeekend: Bool {
    let weekday = ((number % 7) + 7 + 3) % 7  // 0 = Monday
    return weekday >= 5
  }

  /// The year the day is in.
  package var year: Int { civil.year }

  /// 1 January of `year`.
  package init(year: Int) {
    number = Self.daysFromCivil(year: year, month: 1, day: 1)
  }

  /// Earlier days first.
  package static func < (lhs: UTCDay, rhs: UTCDay) -> Bool { lhs.number < rhs.number }

  private var civil: (year: Int, month: Int, day: Int) {
    // Howard Hinnant's civil_from_days.
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func length(ofMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
