/// Reads one line of a ``TOMLDocument``: keys, values, and errors that say where.
struct TOMLCursor {
  let line: [Unicode.Scalar]
  let number: Int
  var index = 0

  init(line: [Unicode.Scalar], number: Int) {
    // A Windows line end is a line end.
    self.line = line.last == "\r" ? Array(line.dropLast()) : line
    self.number = number
  }

  var peek: Unicode.Scalar? { index < line.count ? line[index] : nil }
  var column: Int { index + 1 }
  /// Nothing but a comment (or nothing) is left.
  var atEndOfContent: Bool { peek == nil || peek == "#" }

  mutating func advance() { index += 1 }

  mutating func skipSpaces() {
    while peek == " " || peek == "\t" { advance() }
  }

  func error(_ message: String) -> TOMLDocument.SyntaxError {
    TOMLDocument.SyntaxError(message: message, line: number, column: column)
  }

  mutating func expect(_ scalar: Unicode.Scalar, after what: String) throws(TOMLDocument
    .SyntaxError)
  {
    guard peek == scalar else { throw error("Expected '\(scalar)' after \(what)") }
    advance()
  }

  mutating func expectEnd() throws(TOMLDocument.SyntaxError) {
    guard atEndOfContent else { throw error("Unexpected text after the value") }
  }

  /// Letters, digits, `_` and `-`.
  mutating func bareKey(what: String) throws(TOMLDocument.SyntaxError) -> String {
    var key = String.UnicodeScalarView()
    while let scalar = peek,
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "_" || scalar == "-"
    {
      key.append(scalar)
      advance()
    }
    guard !key.isEmpty else { throw error("Expected \(what) (letters, digits, _ or -)") }
    return String(key)
  }

  mutating func value() throws(TOMLDocument.SyntaxError) -> TOMLDocument.Value {
    switch peek {
    case "\"": return .string(try basicString())
    case "'": return .string(try literalString())
    case nil, "#": throw error("Expected a value")
    default: break
    }
    var word = ""
    while let scalar = peek, scalar != " ", scalar != "\t", scalar != "#" {
      word.unicodeScalars.append(scalar)
      advance()
    }
    let start = TOMLCursor(line: line, number: number, index: index - word.unicodeScalars.count)
    if word == "true" { return .boolean(true) }
    if word == "false" { return .boolean(false) }
    let digits = word.replacingUnderscores()
    if let integer = Int(digits) { return .integer(integer) }
    if digits.unicodeScalars.allSatisfy({ "+-.eE0123456789".unicodeScalars.contains($0) }),
      let float = Double(digits), float.isFinite
    {
      return .float(float)
    }
    throw start.error(
      "Expected a value: a \"string\", a number, true or false (strings need quotes)")
  }

  private init(line: [Unicode.Scalar], number: Int, index: Int) {
    self.line = line
    self.number = number
    self.index = index
  }

  private mutating func basicString() throws(TOMLDocument.SyntaxError) -> String {
    let start = TOMLCursor(line: line, number: number, index: index)
    advance()
    var text = String.UnicodeScalarView()
    while let scalar = peek {
      advance()
      switch scalar {
      case "\"": return String(text)
      case "\\":
        let escape = peek
        advance()
        switch escape {
        case "\"": text.append("\"")
        case "\\": text.append("\\")
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "u":
          let hex = String(
            String.UnicodeScalarView(line[min(index, line.count)..<min(index + 4, line.count)]))
          guard hex.count == 4, let value = UInt32(hex, radix: 16),
            let unicode = Unicode.Scalar(value)
          else { throw error("Expected four hex digits after \\u") }
          index += 4
          text.append(unicode)
        default: throw error("Unknown escape in a string (use \\\\ for a backslash)")
        }
      default:
        text.append(scalar)
      }
    }
    throw start.error("A string that is never closed (missing '\"')")
  }

  private mutating func literalString() throws(TOMLDocument.SyntaxError) -> String {
    let start = TOMLCursor(line: line, number: number, index: index)
    advance()
    var text = String.UnicodeScalarView()
    while let scalar = peek {
      advance()
      if scalar == "'" { return String(text) }
      text.append(scalar)
    }
    throw start.error("A string that is never closed (missing \"'\")")
  }
}

extension String {
  /// `1_000` as `1000` (TOML allows underscores between digits).
  fileprivate func replacingUnderscores() -> String {
    String(unicodeScalars.filter { $0 != "_" })
  }
}
