/// A forward-only reader over the bytes of one JSON text, strict about the grammar: anything
/// outside plain RFC 8259 JSON (a byte-order mark, a lone surrogate, invalid UTF-8, a number out
/// of range, very deep nesting) makes it decline rather than guess.
///
/// The pointer is only valid inside the `withUnsafeBytes` call that created the reader.
struct JSONByteReader {
  /// The first byte; valid only inside the `withUnsafeBytes` call.
  let base: UnsafePointer<UInt8>
  /// The number of bytes.
  let end: Int
  /// The next byte to read.
  var index = 0

  /// How deep ``skipValue()`` follows nested containers before declining.
  static let maximumSkipDepth = 64

  init(_ bytes: UnsafeRawBufferPointer) throws(FastPathDeclined) {
    guard let address = bytes.baseAddress, !bytes.isEmpty else { throw FastPathDeclined() }
    base = address.assumingMemoryBound(to: UInt8.self)
    end = bytes.count
  }

  var isAtEnd: Bool { index >= end }

  // MARK: Structure

  /// Skips JSON whitespace (space, tab, line feed, carriage return).
  @inline(__always)
  mutating func skipWhitespace() {
    while index < end {
      switch base[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// The next non-whitespace byte, not consumed; `nil` at the end.
  @inline(__always)
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return index < end ? base[index] : nil
  }

  /// Consumes `byte` (after whitespace) when it comes next.
  @inline(__always)
  mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard index < end, base[index] == byte else { return false }
    index += 1
    return true
  }

  /// Consumes `byte` (after whitespace) or declines.
  @inline(__always)
  mutating func expect(_ byte: UInt8) throws(FastPathDeclined) {
    guard consume(byte) else { throw FastPathDeclined() }
  }

  /// Consumes a `null` literal when one comes next.
  @inline(__always)
  mutating func consumeNull() -> Bool {
    skipWhitespace()
    guard index + 4 <= end, base[index] == 0x6E, base[index + 1] == 0x75,
      base[index + 2] == 0x6C, base[index + 3] == 0x6C
    else { return false }
    index += 4
    return true
  }

  /// After a member or element: `true` for `,`, `false` for `closing`, else declines.
  @inline(__always)
  mutating func continues(before closing: UInt8) throws(FastPathDeclined) -> Bool {
    skipWhitespace()
    guard index < end else { throw FastPathDeclined() }
    let byte = base[index]
    index += 1
    if byte == 0x2C { return true }
    if byte == closing { return false }
    throw FastPathDeclined()
  }

  // MARK: Keys

  /// Reads an object key and the `:` after it, returning the field it names among `fields`
  /// (`nil` for an unknown key). `hint` is tried first: answers list keys in a fixed order.
  mutating func readKey<Field: JSONFieldName>(
    hint: Field?, as fields: Field.Type
  ) throws(FastPathDeclined) -> Field? {
    skipWhitespace()
    guard index < end, base[index] == 0x22 else { throw FastPathDeclined() }
    let start = index + 1
    var cursor = start
    while cursor < end {
      let byte = base[cursor]
      if byte == 0x22 { break }
      if byte == 0x5C || byte < 0x20 || byte >= 0x80 {
        // Rare: an escaped or non-ASCII key; decode it fully, then compare.
        let text = try readString()
        try expect(0x3A)
        return Field.lookup(Array(text.utf8)[...])
      }
      cursor += 1
    }
    guard cursor < end else { throw FastPathDeclined() }
    let key = UnsafeBufferPointer(start: base + start, count: cursor - start)
    index = cursor + 1
    try expect(0x3A)
    if let hint, hint.matches(key) { return hint }
    return Field.lookup(key)
  }

  // MARK: Strings

  /// Reads a string, decoding every escape; declines on raw control characters, lone
  /// surrogates and invalid UTF-8 (which `JSONDecoder` rejects too).
  mutating func readString() throws(FastPathDeclined) -> String {
    skipWhitespace()
    guard index < end, base[index] == 0x22 else { throw FastPathDeclined() }
    let start = index + 1
    var cursor = start
    while cursor < end {
      let byte = base[cursor]
      if byte == 0x22 {
        index = cursor + 1
        return String(
          decoding: UnsafeBufferPointer(start: base + start, count: cursor - start),
          as: UTF8.self)
      }
      if byte == 0x5C || byte < 0x20 || byte >= 0x80 { break }
      cursor += 1
    }
    var bytes = [UInt8](UnsafeBufferPointer(start: base + start, count: cursor - start))
    while cursor < end {
      let byte = base[cursor]
      switch byte {
      case 0x22:
        index = cursor + 1
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw FastPathDeclined()
        }
        return text
      case 0x5C:
        cursor += 1
        guard cursor < end else { throw FastPathDeclined() }
        let escape = base[cursor]
        cursor += 1
        switch escape {
        case 0x22, 0x5C, 0x2F: bytes.append(escape)
        case 0x62: bytes.append(0x08)
        case 0x66: bytes.append(0x0C)
        case 0x6E: bytes.append(0x0A)
        case 0x72: bytes.append(0x0D)
        case 0x74: bytes.append(0x09)
        case 0x75:
          let scalar = try unicodeEscape(at: &cursor)
          bytes.append(contentsOf: String(Character(scalar)).utf8)
        default: throw FastPathDeclined()
        }
      case 0..<0x20:
        throw FastPathDeclined()
      default:
        bytes.append(byte)
        cursor += 1
      }
    }
    throw FastPathDeclined()
  }

  /// The scalar of a `\uXXXX` escape (its `\u` already read), joining a surrogate pair.
  private func unicodeEscape(at cursor: inout Int) throws(FastPathDeclined) -> Unicode.Scalar {
    let unit = try hexQuad(at: &cursor)
    switch unit {
    case 0xD800...0xDBFF:
      guard cursor + 1 < end, base[cursor] == 0x5C, base[cursor + 1] == 0x75 else {
        throw FastPathDeclined()
      }
      cursor += 2
      let low = try hexQuad(at: &cursor)
      guard (0xDC00...0xDFFF).contains(low) else { throw FastPathDeclined() }
      let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      guard let scalar = Unicode.Scalar(value) else { throw FastPathDeclined() }
      return scalar
    case 0xDC00...0xDFFF:
      throw FastPathDeclined()
    default:
      guard let scalar = Unicode.Scalar(unit) else { throw FastPathDeclined() }
      return scalar
    }
  }

  private func hexQuad(at cursor: inout Int) throws(FastPathDeclined) -> UInt32 {
    guard cursor + 4 <= end else { throw FastPathDeclined() }
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = base[cursor + offset]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw FastPathDeclined()
      }
      value = value << 4 | UInt32(digit)
    }
    cursor += 4
    return value
  }

  // MARK: Skipping

  /// Skips one value of any kind, validating it as strictly as it would be read.
  mutating func skipValue(depth: Int = 0) throws(FastPathDeclined) {
    guard depth < Self.maximumSkipDepth, let byte = peek() else { throw FastPathDeclined() }
    switch byte {
    case 0x22:
      _ = try readString()
    case 0x7B:
      index += 1
      if consume(0x7D) { return }
      repeat {
        _ = try readString()
        try expect(0x3A)
        try skipValue(depth: depth + 1)
      } while try continues(before: 0x7D)
    case 0x5B:
      index += 1
      if consume(0x5D) { return }
      repeat {
        try skipValue(depth: depth + 1)
      } while try continues(before: 0x5D)
    case 0x74: try literal(0x74, 0x72, 0x75, 0x65)
    case 0x66: try literal(0x66, 0x61, 0x6C, 0x73, 0x65)
    case 0x6E: try literal(0x6E, 0x75, 0x6C, 0x6C)
    default:
      _ = try readDouble()
    }
  }

  private mutating func literal(_ expected: UInt8...) throws(FastPathDeclined) {
    guard index + expected.count <= end else { throw FastPathDeclined() }
    for (offset, byte) in expected.enumerated() where base[index + offset] != byte {
      throw FastPathDeclined()
    }
    index += expected.count
  }
}
