/// A document in the small TOML subset `config.toml` uses: `key = value` lines, one level of
/// `[tables]`, `#` comments; values are strings (`"…"` with escapes, `'…'` literal), integers,
/// floats and booleans.
public struct TOMLDocument: Sendable, Equatable {
  /// A value as written.
  public enum Value: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)

    /// The number, for an integer or a float.
    public var number: Double? {
      switch self {
      case .integer(let value): Double(value)
      case .float(let value): value
      default: nil
      }
    }

    /// What kind of value this is, for messages.
    public var kind: String {
      switch self {
      case .string: "a string"
      case .integer: "an integer"
      case .float: "a number"
      case .boolean: "a boolean"
      }
    }
  }

  /// One `key = value` line.
  public struct Entry: Sendable, Equatable {
    /// The table it is under (`top` for `[top]`), `nil` at the top.
    public var table: String?
    /// The key.
    public var key: String
    /// The value.
    public var value: Value
    /// The 1-based line of the value.
    public var line: Int
    /// The 1-based column where the value starts.
    public var column: Int

    /// `top.count`, or `currency` at the top.
    public var path: String { table.map { "\($0).\(key)" } ?? key }
  }

  /// Why a document cannot be read, and where.
  public struct SyntaxError: Error, Sendable, Equatable {
    /// What is wrong.
    public var message: String
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem.
    public var column: Int

    /// Each member as given.
    package init(message: String, line: Int, column: Int) {
      self.message = message
      self.line = line
      self.column = column
    }
  }

  /// The entries, in order.
  public var entries: [Entry]

  /// Reads a document.
  public init(parsing text: String) throws(SyntaxError) {
    var entries: [Entry] = []
    var table: String?
    var seen = Set<String>()
    var tables = Set<String>()
    // Split on scalars: "\r\n" is one Character, and a Windows line end is a line end.
    for (index, rawLine) in text.unicodeScalars.split(
      separator: "\n", omittingEmptySubsequences: false
    ).enumerated() {
      var cursor = TOMLCursor(line: Array(rawLine), number: index + 1)
      cursor.skipSpaces()
      if cursor.atEndOfContent { continue }
      if cursor.peek == "[" {
        let column = cursor.column
        cursor.advance()
        cursor.skipSpaces()
        var name = try cursor.bareKey(what: "a table name")
        cursor.skipSpaces()
        if cursor.peek == "." {
          // One table inside another (`[tax.de_other_private_sales]`), no deeper.
          cursor.advance()
          cursor.skipSpaces()
          name += "." + (try cursor.bareKey(what: "a table name"))
          cursor.skipSpaces()
          if cursor.peek == "." {
            throw cursor.error("Only two levels of tables are supported ([\(name)] has a dot)")
          }
        }
        try cursor.expect("]", after: "the table name")
        cursor.skipSpaces()
        try cursor.expectEnd()
        guard tables.insert(name).inserted else {
          throw SyntaxError(
            message: "The table [\(name)] appears twice", line: index + 1, column: column)
        }
        table = name
        continue
      }
      let keyColumn = cursor.column
      let key = try cursor.bareKey(what: "a key")
      cursor.skipSpaces()
      try cursor.expect("=", after: "the key '\(key)'")
      cursor.skipSpaces()
      let valueColumn = cursor.column
      let value = try cursor.value()
      cursor.skipSpaces()
      try cursor.expectEnd()
      let entry = Entry(table: table, key: key, value: value, line: index + 1, column: valueColumn)
      guard seen.insert(entry.path).inserted else {
        throw SyntaxError(
          message: "The key '\(entry.path)' is set twice", line: index + 1, column: keyColumn)
      }
      entries.append(entry)
    }
    self.entries = entries
  }
}
