import CoinsModel
import CoinsSupport
import CoinsUnitTestSupport
import Testing

/// The TOML subset of `config.toml`: what it reads, and where it says a document went wrong.
@Suite struct TOMLDocumentTests {
  @Test func readsKeysTablesAndEveryKindOfValue() throws {
    let text = """
      # defaults
      currency = "eur"   # a comment after a value
      ascii = true\r
      max_age = 1_800
      timeout = 2.5
      exec = 'notify-send "#1"'
      note = "tab\\there \\"quoted\\" \\u00e9"

      [top]
      count = 50
      """
    let document = try TOMLDocument(parsing: text)
    #expect(
      document.entries.map(\.path) == [
        "currency", "ascii", "max_age", "timeout", "exec", "note", "top.count",
      ])
    #expect(
      document.entries.map(\.value) == [
        .string("eur"), .boolean(true), .integer(1800), .float(2.5),
        .string("notify-send \"#1\""), .string("tab\there \"quoted\" é"), .integer(50),
      ])
    expectEqual(document.entries[0].line, 2)
    expectEqual(document.entries[0].column, 12)
    expectEqual(document.entries[6].line, 10)
  }

  @Test(arguments: [
    ("currency eur", 1, 10, "Expected '=' after the key 'currency'"),
    (
      "currency = eur", 1, 12,
      "Expected a value: a \"string\", a number, true or false (strings need quotes)"
    ),
    ("a = 1\nb = \"open", 2, 5, "A string that is never closed (missing '\"')"),
    (
      "[top.more.deeper]\n", 1, 10,
      "Only two levels of tables are supported ([top.more] has a dot)"
    ),
    ("[top]\n[top]", 2, 1, "The table [top] appears twice"),
    ("a = 1\na = 2", 2, 1, "The key 'a' is set twice"),
    ("a = 1 2", 1, 7, "Unexpected text after the value"),
    ("= 1", 1, 1, "Expected a key (letters, digits, _ or -)"),
    ("a = \"\\q\"", 1, 8, "Unknown escape in a string (use \\\\ for a backslash)"),
    ("[top", 1, 5, "Expected ']' after the table name"),
  ])
  func errorsSayWhatAndWhere(text: String, line: Int, column: Int, message: String) {
    #expect(throws: TOMLDocument.SyntaxError(message: message, line: line, column: column)) {
      try TOMLDocument(parsing: text)
    }
  }
}
