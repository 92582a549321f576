#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Parses the timestamps CoinGecko sends (`2025-10-05T19:15:24.123Z`, with or without
/// fractional seconds, `Z` or a `±hh:mm` offset) without a formatter.
package enum ISO8601Timestamp {
  /// The date, or `nil` when `text` is not such a timestamp.
  package static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parse)
  }

  /// The date in `bytes` (the text's UTF-8), or `nil` when they are not such a timestamp.
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= bytes.count else { return nil }
      var value = 0
      for _ in 0..<digits {
        let byte = bytes[index]
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
        index += 1
      }
      return value
    }
    func expect(_ character: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == character else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2),
      expect(UInt8(ascii: "-")), let day = number(2), expect(UInt8(ascii: "T")),
      let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2),
      expect(UInt8(ascii: ":")), let second = number(2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var fractionDigits = 0
    var fractionValue = 0
    if expect(UInt8(ascii: ".")) {
      while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
        // Digits past nanoseconds are below a Double's resolution here: read, not kept.
        if fractionDigits < 9 {
          fractionValue = fractionValue * 10 + Int(bytes[index] - 48)
          fractionDigits += 1
        }
        index += 1
      }
    }
    var offset = 0
    if expect(UInt8(ascii: "Z")) {
      offset = 0
    } else if index < bytes.count,
      bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
    {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2) else { return nil }
      _ = expect(UInt8(ascii: ":"))
      guard let minutes = number(2) else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return date(seconds: seconds, fraction: fractionValue, digits: fractionDigits)
  }

  /// The date `seconds + fraction / 10^digits` after 1970, built the one way both parsing and
  /// formatting use, so that a formatted date parses back to the same value.
  static func date(seconds: Int, fraction: Int, digits: Int) -> Date {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return Date(timeIntervalSince1970: Double(seconds) + Double(fraction) / scale)
  }

  /// `date` cut to whole milliseconds (so that it round-trips through ``format(_:)``).
  package static func wholeMilliseconds(_ date: Date) -> Date {
    let time = date.timeIntervalSince1970
    let seconds = time.rounded(.down)
    let millis = min(999, Int(((time - seconds) * 1000).rounded(.down)))
    return self.date(seconds: Int(seconds), fraction: millis, digits: 3)
  }

  /// Formats a date as `2025-10-05T19:15:24.123Z` (UTC, milliseconds).
  package static func format(_ date: Date) -> String {
    format(date, fractionDigits: 3)
  }

  /// Formats a date with as few fraction digits (3, 6 or 9) as parse back to exactly it: for
  /// files, where a value read must be written back unchanged.
  package static func formatExact(_ date: Date) -> String {
    withExactText(date) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of ``formatExact(_:)``, written on the stack.
  package static func withExactText<Result>(
    _ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withShortestExactText(date, body)
  }

  /// ``withExactText(_:_:)`` for a writer's `body`, which returns nothing. Not generic, so that
  /// a caller in another module runs code specialized here: the generic one looks up the
  /// metadata of its stack buffer's result on every call (~450 instructions; 46 M of a
  /// 100,000-transaction file's write).
  package static func withExactText(_ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withShortestExactText(date, body)
  }

  /// ``withExactText(_:_:)``'s work.
  private static func withShortestExactText<Result>(
    _ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    for digits in [3, 6] {
      let written = withText(date, fractionDigits: digits) { text -> Result? in
        parse(text) == date ? body(text) : nil
      }
      if let written { return written }
    }
    return withText(date, fractionDigits: 9, body)
  }

  private static func format(_ date: Date, fractionDigits: Int) -> String {
    withText(date, fractionDigits: fractionDigits) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 of the date formatted with `fractionDigits` digits, written
  /// byte by byte on the stack: every transaction's date is written, and read back, on each
  /// save.
  package static func withText<Result>(
    _ date: Date, fractionDigits: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    // Years 0000–9999 only: anything else (a garbage number from a file or the network) is
    // written as the nearest end of that range rather than trapping.
    let limit = 253_402_300_799.0
    let time = date.timeIntervalSince1970
    guard time.isFinite, time <= limit, time >= -62_167_219_200 else {
      var text =
        time.isFinite && time > 0 ? "9999-12-31T23:59:59.999Z" : "0000-01-01T00:00:00.000Z"
      return text.withUTF8(body)
    }
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    var whole = time.rounded(.down)
    var fraction = ((time - whole) * scale).rounded()
    if fraction >= scale {
      fraction -= scale
      whole += 1
    }
    let secondsTotal = Int64(whole)
    let milli = Int(fraction)
    var days = Int(secondsTotal / 86_400)
    var rest = Int(secondsTotal % 86_400)
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let (year, month, day) = civilFromDays(days)
    let fields = (year, month, day, rest / 3600, rest / 60 % 60, rest % 60, milli)
    // On the stack, written by a function that is not generic, as ``ExactDecimal/withText(_:)``
    // writes its figures; a fraction too long for it has the room it needs.
    guard fractionDigits <= 40 else {
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21 + fractionDigits) {
        body(UnsafeBufferPointer(rebasing: $0[..<write(fields, fractionDigits, into: $0)]))
      }
    }
    var storage = zeroStackWords8
    return withUnsafeMutableBytes(of: &storage) { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      return body(
        UnsafeBufferPointer(rebasing: buffer[..<write(fields, fractionDigits, into: buffer)]))
    }
  }

  /// Writes `year`-`month`-`day`T`hour`:`minute`:`second`.`fraction`Z (the `fields` in that
  /// order, the fraction with `fractionDigits` digits) into `buffer`, and returns its length.
  private static func write(
    _ fields: (Int, Int, Int, Int, Int, Int, Int), _ fractionDigits: Int,
    into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var index = 0
    func put(_ value: Int, _ width: Int) {
      var value = value
      for place in (0..<width).reversed() {
        buffer[index + place] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      index += width
    }
    func put(_ character: Unicode.Scalar) {
      buffer[index] = UInt8(ascii: character)
      index += 1
    }
    put(fields.0, 4)
    put("-")
    put(fields.1, 2)
    put("-")
    put(fields.2, 2)
    put("T")
    put(fields.3, 2)
    put(":")
    put(fields.4, 2)
    put(":")
    put(fields.5, 2)
    put(".")
    put(fields.6, fractionDigits)
    put("Z")
    return index
  }

  /// Days since 1970-01-01 of a calendar date (Howard Hinnant's algorithm).
  package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The calendar date of a day count since 1970-01-01.
  package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
