extension JSONCursor {
  /// The next member of the object entered last, its name matched against `names` (`hint`,
  /// the name expected, tried first) without making a `String` of it, the cursor then at its
  /// value (which must be read); `nil` at the object's end, which is left. Errors as
  /// ``nextMember()``'s; a name with escapes is decoded as ``string()`` decodes, then matched.
  package mutating func nextMember(among names: JSONNames, hint: Int)
    throws(JSONValueParser.SyntaxError) -> JSONNames.Match?
  {
    guard try next(closing: UInt8(ascii: "}"), in: "an object") else { return nil }
    guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"")
    else {
      throw reader.error("expected a member name in quotes, found \(reader.describeCurrent())")
    }
    let match: JSONNames.Match
    if let plain = plainName(among: names, hint: hint) {
      match = plain
    } else {
      let name = Array(try reader.string(refusingLoneSurrogates: true).utf8)
      let index = name.withUnsafeBufferPointer { names.index(of: $0, hint: hint) }
      match = index.map { .name($0) } ?? .other
    }
    reader.skipWhitespace()
    guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":")
    else {
      throw reader.error("expected ':' after a member name, found \(reader.describeCurrent())")
    }
    reader.index += 1
    reader.skipWhitespace()
    return match
  }

  /// The match of the name at the cursor (its opening quote) when it is plain ASCII without
  /// escapes, the cursor then after it; `nil`, the cursor left where it was, otherwise.
  @inline(__always)
  private mutating func plainName(among names: JSONNames, hint: Int) -> JSONNames.Match? {
    let start = reader.index + 1
    var end = start
    let match = withBytes { bytes -> JSONNames.Match? in
      while end < bytes.count {
        let byte = bytes[end]
        if byte == UInt8(ascii: "\"") {
          let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
          return names.index(of: name, hint: hint).map { .name($0) } ?? .other
        }
        if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
        end += 1
      }
      return nil
    }
    if match != nil { reader.index = end + 1 }
    return match
  }
}
