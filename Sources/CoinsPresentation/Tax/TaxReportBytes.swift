import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A tax report's lines written as UTF-8 bytes, as ``TaxReportText`` words them: a large
/// history's report has 100,000 lines, and no string is made for any figure of them.
package struct TaxReportBytes {
  /// The bytes so far.
  package private(set) var bytes: [UInt8] = []
  private let style: CurrencyStyle
  /// The currency's prefix (`£`) as UTF-8, and its minor unit's digits.
  private let prefix: [UInt8]
  private let minorDigits: Int
  /// The last two local days written as dates, with their calendar dates (a
  /// line's sale and acquisition dates are mostly the line before's).
  private var older = (day: Int.min, date: (year: 0, month: 0, day: 0))
  private var newer = (day: Int.min, date: (year: 0, month: 0, day: 0))

  /// Bytes with money in `figures`' currency.
  package init(_ figures: TaxReportText) {
    style = CurrencyStyle(code: figures.currency)
    prefix = Array(style.prefix.utf8)
    minorDigits = MinorUnit.digits(of: figures.currency)
  }

  /// Appends `text` as it is.
  package mutating func append(_ text: String) {
    // Through its contiguous UTF-8 (a report appends hundreds of thousands of short texts).
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Makes room for `count` more bytes at once (a large report's parts are megabytes: grown
  /// by doubling, they would be copied again and again).
  package mutating func reserveCapacity(more count: Int) {
    bytes.reserveCapacity(bytes.count + count)
  }

  /// Appends `text`, a literal, as it is: straight from its bytes (a large report appends
  /// hundreds of thousands of them).
  package mutating func append(literal text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends `other`'s bytes.
  package mutating func append(_ other: TaxReportBytes) {
    bytes.append(contentsOf: other.bytes)
  }

  /// Appends `value` in decimal digits, `-` before a negative one.
  package mutating func append(integer value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // The digits from the last into a buffer on the stack, then appended in order (reversed
    // in place through a slice of `bytes`, they were copied out and back, allocating, each
    // time: a third of the German report's instructions).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// Appends local day `day` as ``TaxReportText/date(_:)`` writes it: `2024-10-30`, or
  /// `undated`.
  package mutating func append(date day: Int?) {
    guard let day, day != Int.min else {
      append("undated")
      return
    }
    let date = civilDate(of: day)
    guard (1000...9999).contains(date.year) else {
      append(integer: date.year)
      bytes.append(UInt8(ascii: "-"))
      appendTwoDigits(date.month)
      bytes.append(UInt8(ascii: "-"))
      appendTwoDigits(date.day)
      return
    }
    // A four-digit year (every date a report shows): its ten bytes made on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
      let zero = UInt8(ascii: "0")
      var year = date.year
      for place in (0..<4).reversed() {
        text[place] = zero + UInt8(year % 10)
        year /= 10
      }
      text[4] = UInt8(ascii: "-")
      text[5] = zero + UInt8(date.month / 10)
      text[6] = zero + UInt8(date.month % 10)
      text[7] = UInt8(ascii: "-")
      text[8] = zero + UInt8(date.day / 10)
      text[9] = zero + UInt8(date.day % 10)
      bytes.append(contentsOf: UnsafeBufferPointer(text))
    }
  }

  /// Appends `value` as ``DecimalInput/text(_:)`` writes it.
  package mutating func append(decimal value: Decimal) {
    DecimalInput.withText(value) { bytes.append(contentsOf: $0) }
  }

  /// Appends ``TaxReportText/money(_:)``.
  package mutating func append(money value: Decimal?) {
    if !appendCents(value, plus: false) {
      MoneyFormat.write(value, currency: style, plus: false, unknown: "unknown", into: &bytes)
    }
  }

  /// Appends ``TaxReportText/signed(_:)``.
  package mutating func append(signed value: Decimal?) {
    if !appendCents(value, plus: true) {
      MoneyFormat.write(value, currency: style, plus: true, unknown: "unknown", into: &bytes)
    }
  }

  /// Appends `value` as ``MoneyFormat`` writes it when the currency has two minor digits and
  /// the rounded figure is below 10^16 of them: the common case, written by ``MoneyCents`` in
  /// one go from a whole number of cents (a report writes 300,000 figures). `false`, and
  /// nothing appended, for any other figure.
  private mutating func appendCents(_ value: Decimal?, plus: Bool) -> Bool {
    guard minorDigits == 2, let value, let (cents, negative) = MoneyCents.cents(of: value) else {
      return false
    }
    let sign: UInt8? = negative ? UInt8(ascii: "-") : (plus ? UInt8(ascii: "+") : nil)
    // Backwards from the last digit into a buffer on the stack, then appended at once.
    let capacity = MoneyCents.capacityBesidesPrefix + prefix.count
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      prefix.withUnsafeBufferPointer { prefix in
        let start = MoneyCents.write(cents, sign: sign, prefix: prefix, into: buffer)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
      }
    }
    return true
  }

  /// The calendar date of local day `day`: one of the last two's, or worked out and kept in
  /// place of the older.
  private mutating func civilDate(of day: Int) -> (year: Int, month: Int, day: Int) {
    if newer.day == day { return newer.date }
    if older.day == day { return older.date }
    older = newer
    newer = (day, ISO8601Timestamp.civilFromDays(day))
    return newer.date
  }

  /// `value` (0–99) as two digits, a leading zero below 10.
  private mutating func appendTwoDigits(_ value: Int) {
    if value < 10 { bytes.append(UInt8(ascii: "0")) }
    append(integer: value)
  }
}
