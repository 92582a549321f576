/// Reads a JSON document a piece at a time — an object member by member, an array element by
/// element, any value whole — so that a large document (a portfolio of 100,000 transactions) is
/// decoded as it is read, never held whole as a ``JSONValue`` tree. Strict and with the errors
/// of ``JSONValueParser``, which reads the same documents.
package struct JSONCursor {
  var reader: JSONValueParser.Reader
  /// For each object or array entered and not yet left: whether its first member or element is
  /// still to come.
  var open: [Bool] = []

  /// A cursor at the start of `bytes`.
  package init(_ bytes: [UInt8]) {
    reader = JSONValueParser.Reader(bytes: bytes)
  }

  /// Enters the object that comes next and returns `true`; `false`, reading nothing, when the
  /// next value is not an object.
  package mutating func enterObject() throws(JSONValueParser.SyntaxError) -> Bool {
    try enter(UInt8(ascii: "{"))
  }

  /// Enters the array that comes next and returns `true`; `false`, reading nothing, when the
  /// next value is not an array.
  package mutating func enterArray() throws(JSONValueParser.SyntaxError) -> Bool {
    try enter(UInt8(ascii: "["))
  }

  /// The name of the next member of the object entered last, the cursor then at its value
  /// (which must be read); `nil` at the object's end, which is left.
  package mutating func nextMember() throws(JSONValueParser.SyntaxError) -> String? {
    guard try next(closing: UInt8(ascii: "}"), in: "an object") else { return nil }
    guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"")
    else {
      throw reader.error("expected a member name in quotes, found \(reader.describeCurrent())")
    }
    let key = try reader.string()
    reader.skipWhitespace()
    guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":")
    else {
      throw reader.error("expected ':' after a member name, found \(reader.describeCurrent())")
    }
    reader.index += 1
    reader.skipWhitespace()
    return key
  }

  /// Whether the array entered last has another element (the cursor then at it, which must be
  /// read); at its end, the array is left.
  package mutating func nextElement() throws(JSONValueParser.SyntaxError) -> Bool {
    try next(closing: UInt8(ascii: "]"), in: "an array")
  }

  /// The next value, whole.
  package mutating func value() throws(JSONValueParser.SyntaxError) -> JSONValue {
    try reader.value(depth: open.count)
  }

  /// Checks that nothing but white space follows the document's value.
  package mutating func finish() throws(JSONValueParser.SyntaxError) {
    reader.skipWhitespace()
    guard reader.index == reader.bytes.count else {
      throw reader.error("unexpected text after the end")
    }
  }

  private mutating func enter(_ opening: UInt8) throws(JSONValueParser.SyntaxError) -> Bool {
    reader.skipWhitespace()
    guard open.count < JSONValueParser.maxDepth else { throw reader.error("nesting is too deep") }
    guard reader.index < reader.bytes.count else {
      throw reader.error("unexpected end of the file")
    }
    guard reader.bytes[reader.index] == opening else { return false }
    reader.index += 1
    open.append(true)
    return true
  }

  /// Moves past the `,` before the next member or element and returns `true`, or past the
  /// closing bracket and returns `false`.
  mutating func next(closing: UInt8, in container: String)
    throws(JSONValueParser.SyntaxError) -> Bool
  {
    reader.skipWhitespace()
    if open[open.count - 1] {
      open[open.count - 1] = false
      guard reader.index < reader.bytes.count, reader.bytes[reader.index] == closing else {
        return true
      }
    } else {
      guard reader.index < reader.bytes.count else {
        throw reader.error("unexpected end of the file in \(container)")
      }
      if reader.bytes[reader.index] == UInt8(ascii: ",") {
        reader.index += 1
        reader.skipWhitespace()
        return true
      }
      guard reader.bytes[reader.index] == closing else {
        throw reader.error(
          "expected ',' or '\(Character(Unicode.Scalar(closing)))', found "
            + reader.describeCurrent())
      }
    }
    reader.index += 1
    open.removeLast()
    return false
  }
}

/// One member of a flat object (``JSONCursor/readFlatObject(_:)``), as places in the
/// document's bytes.
package struct FlatMember {
  /// The member's name, without its quotes.
  package var name: Range<Int>
  /// The value: a string's contents without its quotes, or `true`, `false` or `null`.
  package var value: Range<Int>
  /// Whether the value is a string.
  package var isString: Bool
}

extension JSONCursor {
  /// Where in ``bytes`` the cursor is: saved before reading a value, and set back to read it
  /// again another way (within the same object or array).
  package var position: Int {
    get { reader.index }
    set { reader.index = newValue }
  }

  /// Calls `body` with the document's bytes (a ``FlatMember`` is a place in them).
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    reader.bytes.withUnsafeBufferPointer(body)
  }

  /// Reads the object that comes next when it is flat — each member's value a string of
  /// printable ASCII without escapes, or `true`, `false` or `null` — calling `visit` with
  /// each member and the document's bytes; returns `false`, having read nothing, when it is
  /// not such an object or `visit` returns `false` (then read it the usual way). The quick way
  /// through a file of 100,000 transactions, each one such an object.
  package mutating func readFlatObject(
    _ visit: (FlatMember, UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Bool {
    guard open.count < JSONValueParser.maxDepth else { return false }
    let start = reader.index
    guard let end = withBytes({ Self.flatObject(in: $0, from: start, visit) }) else {
      return false
    }
    reader.index = end
    return true
  }

  /// Where the flat object at `start` ends (just after it), or `nil` when there is none.
  private static func flatObject(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    _ visit: (FlatMember, UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Int? {
    var index = start
    func skipSpaces() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09
          || bytes[index] == 0x0D
      {
        index += 1
      }
    }
    /// The contents of the plain string at `index`, which is then after it.
    func plainString() -> Range<Int>? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      let from = index + 1
      var end = from
      while end < bytes.count {
        let byte = bytes[end]
        if byte == UInt8(ascii: "\"") {
          index = end + 1
          return from..<end
        }
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        end += 1
      }
      return nil
    }
    func literal() -> Range<Int>? {
      for word: StaticString in ["true", "false", "null"] {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
          (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else { continue }
        defer { index += count }
        return index..<(index + count)
      }
      return nil
    }
    skipSpaces()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    skipSpaces()
    var first = true
    while true {
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "}") { return index + 1 }
      if !first {
        guard bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        skipSpaces()
      }
      first = false
      guard let name = plainString() else { return nil }
      skipSpaces()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipSpaces()
      guard index < bytes.count else { return nil }
      let isString = bytes[index] == UInt8(ascii: "\"")
      guard let value = isString ? plainString() : literal(),
        visit(FlatMember(name: name, value: value, isString: isString), bytes)
      else { return nil }
      skipSpaces()
    }
  }
}
