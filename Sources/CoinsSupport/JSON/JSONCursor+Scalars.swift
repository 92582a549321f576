extension JSONCursor {
  /// Reads `null` and returns `true` when it comes next; `false`, reading nothing, otherwise.
  package mutating func consumeNull() -> Bool {
    reader.skipWhitespace()
    let index = reader.index
    guard index + 4 <= reader.bytes.count, reader.bytes[index] == UInt8(ascii: "n"),
      reader.bytes[index + 1] == UInt8(ascii: "u"), reader.bytes[index + 2] == UInt8(ascii: "l"),
      reader.bytes[index + 3] == UInt8(ascii: "l")
    else { return false }
    reader.index = index + 4
    return true
  }

  /// The string that comes next, its escapes decoded. Stricter than ``value()``, as strict as
  /// `JSONDecoder`: a lone surrogate (`"\ud800"`) is an error, not U+FFFD.
  package mutating func string() throws(JSONValueParser.SyntaxError) -> String {
    reader.skipWhitespace()
    guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"")
    else { throw reader.error("expected a string, found \(reader.describeCurrent())") }
    return try reader.string(refusingLoneSurrogates: true)
  }

  /// The number that comes next as the correctly rounded `Double` (the one `strtod` and
  /// `JSONDecoder` give); an error for one whose value overflows or rounds to zero without
  /// being written as a zero of at most 22 decimals, which `JSONDecoder` refuses or reads
  /// another way.
  package mutating func double() throws(JSONValueParser.SyntaxError) -> Double {
    try number(as: "a number within a Double's range") { $0.doubleValue($1) }
  }

  /// The number that comes next as an `Int`; an error for a fraction, an exponent (even
  /// `1.0` or `1e2`) or a value out of `Int`'s range.
  package mutating func integer() throws(JSONValueParser.SyntaxError) -> Int {
    try number(as: "an integer") { literal, _ in literal.intValue }
  }

  /// Skips the value that comes next, checking it as strictly as ``string()`` and ``double()``
  /// would read its strings and numbers.
  package mutating func skipValue() throws(JSONValueParser.SyntaxError) {
    if try enterObject() {
      while try nextMember(among: .none, hint: 0) != nil { try skipValue() }
    } else if try enterArray() {
      while try nextElement() { try skipValue() }
    } else if reader.bytes[reader.index] == UInt8(ascii: "\"") {
      _ = try reader.string(refusingLoneSurrogates: true)
    } else if reader.bytes[reader.index] == UInt8(ascii: "t") {
      _ = try reader.literal("true", .null)
    } else if reader.bytes[reader.index] == UInt8(ascii: "f") {
      _ = try reader.literal("false", .null)
    } else if !consumeNull() {
      _ = try double()
    }
  }

  /// Reads the number literal that comes next and converts it, `kind` naming what `convert`
  /// accepts for the error when it gives `nil`.
  @inline(__always)
  private mutating func number<Value>(
    as kind: String, _ convert: (NumberLiteral, UnsafeBufferPointer<UInt8>) -> Value?
  ) throws(JSONValueParser.SyntaxError) -> Value {
    reader.skipWhitespace()
    let start = reader.index
    var index = start
    var wellFormed = false
    let value = withBytes { bytes -> Value? in
      guard let literal = NumberLiteral(bytes, at: &index) else { return nil }
      wellFormed = true
      return convert(literal, bytes)
    }
    if let value {
      reader.index = index
      return value
    }
    guard wellFormed else {
      reader.index = index
      throw reader.error("expected a number, found \(reader.describeCurrent())")
    }
    throw reader.error("expected \(kind)")
  }
}
