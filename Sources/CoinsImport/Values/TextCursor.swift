/// Walks the bytes of a short text (a timestamp, an offset) for the hand-written readers.
struct TextCursor {
  private let bytes: [UInt8]
  private var index = 0

  /// A cursor at the start of `text`.
  init(_ text: some StringProtocol) {
    bytes = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
  }

  /// Whether everything was read.
  var atEnd: Bool { index == bytes.count }

  /// Skips spaces and tabs.
  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  /// Takes `character` (ASCII) when it is next: compared as a scalar's value, where a
  /// `Character`'s `asciiValue` cost a third of the reading of a timestamp.
  mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard character.isASCII, index < bytes.count, UInt32(bytes[index]) == character.value else {
      return false
    }
    index += 1
    return true
  }

  /// Takes whichever of `characters` is next.
  mutating func take(oneOf characters: String) -> Unicode.Scalar? {
    for character in characters.unicodeScalars where take(character) { return character }
    return nil
  }

  /// An unsigned number of 1 to `maxDigits` digits, and how many digits it had.
  mutating func number(maxDigits: Int) -> (Int, Int)? {
    var value = 0
    var count = 0
    while count < maxDigits, index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      value = value * 10 + Int(bytes[index] - 0x30)
      count += 1
      index += 1
    }
    if index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { return nil }
    return count == 0 ? nil : (value, count)
  }

  /// Fraction digits after a point, as nanoseconds (digits past the ninth read and dropped).
  mutating func fraction() -> Int? {
    var value = 0
    var count = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      if count < 9 {
        value = value * 10 + Int(bytes[index] - 0x30)
        count += 1
      }
      index += 1
    }
    guard count > 0 else { return nil }
    for _ in count..<9 { value *= 10 }
    return value
  }

  /// The run of ASCII letters next, taken.
  mutating func letters() -> String {
    let word = peekLetters()
    index += word.utf8.count
    return word
  }

  /// The run of ASCII letters next, left in place.
  func peekLetters() -> String {
    var end = index
    while end < bytes.count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A { end += 1 }
    return String(decoding: bytes[index..<end], as: UTF8.self)
  }

  /// A zone marker, as seconds east of UTC: `Z`, `UTC`, `GMT`, `UTC+01:00`, `+08:00`, `+0800`,
  /// `+8`; `nil` inside the optional when there is none, `nil` when it is malformed.
  mutating func zone() -> Int?? {
    let word = peekLetters()
    if ["z", "utc", "gmt"].contains(word.lowercased()) {
      _ = letters()
      return .some(signedOffset() ?? 0)
    }
    if !word.isEmpty { return nil }
    if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
      guard let offset = signedOffset() else { return nil }
      return .some(offset)
    }
    return .some(nil)
  }

  /// `+hh:mm`, `+hhmm` or `+h`, as seconds east of UTC.
  mutating func signedOffset() -> Int? {
    guard index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D else { return nil }
    let sign = bytes[index] == 0x2D ? -1 : 1
    index += 1
    guard let (first, count) = number(maxDigits: 4) else { return nil }
    var hours = first
    var minutes = 0
    if count == 4 {
      (hours, minutes) = (first / 100, first % 100)
    } else if count <= 2, take(":") {
      guard let (m, digits) = number(maxDigits: 2), digits == 2 else { return nil }
      minutes = m
    } else if count == 3 {
      return nil
    }
    guard hours <= 14, minutes < 60 else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }
}
