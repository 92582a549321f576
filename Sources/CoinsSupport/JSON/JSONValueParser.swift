/// A strict JSON parser (RFC 8259) that says where a document went wrong, by line and column.
public enum JSONValueParser {
  /// Why a document is not JSON, and where.
  public struct SyntaxError: Error, Equatable, Sendable {
    /// What was wrong.
    public var reason: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in bytes) of the problem.
    public var column: Int

    /// `reason at line L, column C`.
    public var description: String { "\(reason) at line \(line), column \(column)" }

    /// Each member as given.
    package init(reason: String, line: Int, column: Int) {
      self.reason = reason
      self.line = line
      self.column = column
    }
  }

  /// The deepest nesting accepted; deeper documents are refused rather than overflowing the stack.
  package static let maxDepth = 256

  /// Parses a whole document; anything but white space after the value is an error.
  public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    var reader = Reader(bytes: bytes)
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.index == bytes.count else { throw reader.error("unexpected text after the end") }
    return value
  }

  struct Reader {
    let bytes: [UInt8]
    var index = 0

    func error(_ reason: String) -> SyntaxError {
      var line = 1
      var lineStart = 0
      for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
        line += 1
        lineStart = position + 1
      }
      return SyntaxError(reason: reason, line: line, column: index - lineStart + 1)
    }

    mutating func skipWhitespace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    func describeCurrent() -> String {
      guard index < bytes.count else { return "the end of the file" }
      let byte = bytes[index]
      if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
      return "byte 0x" + String(byte, radix: 16)
    }

    mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
      guard depth < JSONValueParser.maxDepth else { throw error("nesting is too deep") }
      guard index < bytes.count else { throw error("unexpected end of the file") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object(depth: depth)
      case UInt8(ascii: "["): return try array(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw error("unexpected \(describeCurrent())")
      }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
      for expected in word.utf8 {
        guard index < bytes.count, bytes[index] == expected else {
          throw error("unexpected \(describeCurrent())")
        }
        index += 1
      }
      return value
    }

    mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
      index += 1
      var members: [JSONMember] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw error("expected a member name in quotes, found \(describeCurrent())")
        }
        let key = try string()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw error("expected ':' after a member name, found \(describeCurrent())")
        }
        index += 1
        skipWhitespace()
        members.append(JSONMember(key, try value(depth: depth + 1)))
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of the file in an object") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        }
        throw error("expected ',' or '}', found \(describeCurrent())")
      }
    }

    mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
      index += 1
      var elements: [JSONValue] = []
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try value(depth: depth + 1))
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of the file in an array") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        }
        throw error("expected ',' or ']', found \(describeCurrent())")
      }
    }

    mutating func number() throws(SyntaxError) -> JSONValue {
      let start = index
      func digits() -> Int {
        let begin = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - begin
      }
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { throw error("unexpected end of the file in a number") }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        throw error("expected a digit, found \(describeCurrent())")
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { throw error("expected a digit after '.'") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard digits() > 0 else { throw error("expected a digit in the exponent") }
      }
      return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The string at the cursor (its opening quote); with `refusingLoneSurrogates`, a lone
    /// surrogate escape is an error rather than U+FFFD.
    mutating func string(refusingLoneSurrogates: Bool = false) throws(SyntaxError) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index
      var ascii = true
      func flush(_ end: Int) throws(SyntaxError) {
        guard run < end else { return }
        let slice = bytes[run..<end]
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string")
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          // Most strings have no escape: made from their bytes at once (ASCII needs no check).
          if scalars.isEmpty {
            let text =
              ascii
              ? String(decoding: bytes[run..<index], as: UTF8.self)
              : String(validating: bytes[run..<index], as: UTF8.self)
            guard let text else { throw error("invalid UTF-8 in a string") }
            index += 1
            return text
          }
          try flush(index)
          index += 1
          return String(scalars)
        }
        if byte < 0x20 { throw error("control character in a string") }
        if byte >= 0x80 { ascii = false }
        if byte == UInt8(ascii: "\\") {
          try flush(index)
          index += 1
          scalars.append(try escape(refusingLoneSurrogates: refusingLoneSurrogates))
          run = index
          continue
        }
        index += 1
      }
      throw error("unterminated string")
    }

    mutating func escape(refusingLoneSurrogates: Bool = false) throws(SyntaxError)
      -> Unicode.Scalar
    {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
          // A high surrogate pairs only with a low one; anything else is left for the next
          // round, and the lone surrogate becomes U+FFFD.
          guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else { return try loneSurrogate(refused: refusingLoneSurrogates) }
          let saved = index
          index += 2
          let second = try hex4()
          guard (0xDC00..<0xE000).contains(second) else {
            index = saved
            return try loneSurrogate(refused: refusingLoneSurrogates)
          }
          let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
          return Unicode.Scalar(combined) ?? "\u{FFFD}"
        }
        guard let scalar = Unicode.Scalar(first) else {
          return try loneSurrogate(refused: refusingLoneSurrogates)
        }
        return scalar
      default:
        index -= 1
        throw error("invalid escape \\\(describeCurrent())")
      }
    }

    /// U+FFFD for a lone surrogate, or the error when it is `refused`.
    func loneSurrogate(refused: Bool) throws(SyntaxError) -> Unicode.Scalar {
      guard !refused else { throw error("a lone surrogate in a string") }
      return "\u{FFFD}"
    }

    mutating func hex4() throws(SyntaxError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
          throw error("expected four hex digits after \\u")
        }
        value = value * 16 + digit
        index += 1
      }
      return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
      switch byte {
      case 0x30...0x39: UInt32(byte - 0x30)
      case 0x41...0x46: UInt32(byte - 0x41 + 10)
      case 0x61...0x66: UInt32(byte - 0x61 + 10)
      default: nil
      }
    }
  }
}
