import CoinsModel
import CoinsSupport
import Foundation
import Testing

@Suite struct JSONValueParserTests {
  private func parse(_ text: String) throws(JSONValueParser.SyntaxError) -> JSONValue {
    try JSONValueParser.parse(Array(text.utf8))
  }

  /// The error `text` is refused with, or `nil` when it parses.
  private func failure(_ bytes: [UInt8]) -> JSONValueParser.SyntaxError? {
    do {
      _ = try JSONValueParser.parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  private func failure(_ text: String) -> JSONValueParser.SyntaxError? {
    failure(Array(text.utf8))
  }

  @Test func parsesEveryKindOfValueKeepingMemberOrderAndNumberText() throws {
    let value = try parse(
      #"{"z": 1, "a": [true, false, null], "m": {"price": 0.10, "big": 1E+2, "neg": -0.5e-7}, "s": "x"}"#
    )
    #expect(
      value
        == .object([
          JSONMember("z", .number("1")),
          JSONMember("a", .array([.bool(true), .bool(false), .null])),
          JSONMember(
            "m",
            .object([
              JSONMember("price", .number("0.10")),
              JSONMember("big", .number("1E+2")),
              JSONMember("neg", .number("-0.5e-7")),
            ])),
          JSONMember("s", .string("x")),
        ]))
  }

  @Test func keepsDuplicateMembersInOrderAndSubscriptFindsTheFirst() throws {
    let value = try parse(#"{"k": 1, "k": 2}"#)
    #expect(value.objectMembers == [JSONMember("k", .number("1")), JSONMember("k", .number("2"))])
    #expect(value["k"] == .number("1"))
    #expect(value["missing"] == nil)
    #expect(JSONValue.array([])["k"] == nil)
  }

  @Test func acceptsWhiteSpaceAroundEverything() throws {
    let value = try parse(" \r\n\t[ 1 ,\r\n 2 ] \n\n")
    #expect(value == .array([.number("1"), .number("2")]))
  }

  @Test func writerOutputRoundTripsByteForByte() throws {
    let text = """
      {
        "version": 1,
        "holdings": [
          {
            "id": "bitcoin",
            "lots": [
              {
                "amount": "0.10",
                "cost": 0.10,
                "exponent": -1.5E-3,
                "flags": [],
                "nested": {},
                "ok": true,
                "no": false,
                "nothing": null
              }
            ]
          }
        ],
        "zeta": "last",
        "alpha": "after zeta"
      }

      """
    let value = try parse(text)
    #expect(JSONValueWriter.write(value) == text)
  }

  @Test func everyEscapeIsDecoded() throws {
    let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u00E9", "\ud83d\ude00", "a\u0000b"]"#)
    #expect(
      value
        == .array([
          .string("\"\\/\u{08}\u{0C}\n\r\t"),
          .string("éé"),
          .string("😀"),
          .string("a\u{0}b"),
        ]))
  }

  @Test func rawMultiByteTextIsKept() throws {
    #expect(try parse(#""Ethereum Ξ — 😀 日本""#) == .string("Ethereum Ξ — 😀 日本"))
  }

  @Test func loneSurrogatesBecomeReplacementCharacters() throws {
    #expect(try parse(#""\ud83dx""#) == .string("\u{FFFD}x"))
    #expect(try parse(#""\ude00x""#) == .string("\u{FFFD}x"))
    #expect(try parse(#""x\ud83d""#) == .string("x\u{FFFD}"))
  }

  @Test
  func highSurrogateFollowedByAnotherEscapeKeepsTheEscape() throws {
    #expect(try parse(#""\ud83d\u0041""#) == .string("\u{FFFD}A"))
  }

  @Test func trailingCommaInAnArrayOnLineThreeIsPlaced() {
    let error = failure("{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}")
    #expect(error == JSONValueParser.SyntaxError(reason: "unexpected ']'", line: 3, column: 14))
    #expect(error?.description == "unexpected ']' at line 3, column 14")
  }

  @Test func trailingCommaInAnObjectOnLineThreeIsPlaced() {
    let error = failure("[\n  1,\n  {\"a\": 1,}\n]")
    #expect(
      error?.description == "expected a member name in quotes, found '}' at line 3, column 11")
  }

  @Test func trailingCommaBeforeAClosingBraceOnTheNextLine() {
    let error = failure("{\n  \"a\": 1,\n  \"b\": 2,\n}\n")
    #expect(
      error?.description == "expected a member name in quotes, found '}' at line 4, column 1")
  }

  @Test func columnsCountBytes() {
    #expect(
      failure(#"["é" x]"#)?.description == "expected ',' or ']', found 'x' at line 1, column 7")
  }

  @Test(arguments: [
    ("", "unexpected end of the file at line 1, column 1"),
    ("   ", "unexpected end of the file at line 1, column 4"),
    ("{", "expected a member name in quotes, found the end of the file at line 1, column 2"),
    (#"{"version":1,"holdings":["#, "unexpected end of the file at line 1, column 26"),
    ("[1", "unexpected end of the file in an array at line 1, column 3"),
    (#"{"a":1"#, "unexpected end of the file in an object at line 1, column 7"),
    (#"{"a" 1}"#, "expected ':' after a member name, found '1' at line 1, column 6"),
    (#"{a:1}"#, "expected a member name in quotes, found 'a' at line 1, column 2"),
    (#"{"a":1 "b":2}"#, "expected ',' or '}', found '\"' at line 1, column 8"),
    ("[1 2]", "expected ',' or ']', found '2' at line 1, column 4"),
    ("'x'", "unexpected ''' at line 1, column 1"),
    ("tru", "unexpected the end of the file at line 1, column 4"),
    ("nul", "unexpected the end of the file at line 1, column 4"),
    ("[truex]", "expected ',' or ']', found 'x' at line 1, column 6"),
    ("True", "unexpected 'T' at line 1, column 1"),
    ("NaN", "unexpected 'N' at line 1, column 1"),
    ("-", "unexpected end of the file in a number at line 1, column 2"),
    ("[-]", "expected a digit, found ']' at line 1, column 3"),
    ("-Infinity", "expected a digit, found 'I' at line 1, column 2"),
    ("+1", "unexpected '+' at line 1, column 1"),
    (".5", "unexpected '.' at line 1, column 1"),
    ("1.", "expected a digit after '.' at line 1, column 3"),
    ("1.e5", "expected a digit after '.' at line 1, column 3"),
    ("1e", "expected a digit in the exponent at line 1, column 3"),
    ("1e+", "expected a digit in the exponent at line 1, column 4"),
    ("01", "unexpected text after the end at line 1, column 2"),
    ("{} x", "unexpected text after the end at line 1, column 4"),
    ("[]\n]", "unexpected text after the end at line 2, column 1"),
    ("1 2", "unexpected text after the end at line 1, column 3"),
    (#""abc"#, "unterminated string at line 1, column 5"),
    (#""abc\"#, "unterminated string at line 1, column 6"),
    (#""\x""#, "invalid escape \\'x' at line 1, column 3"),
    (#""\U0041""#, "invalid escape \\'U' at line 1, column 3"),
    (#""\u12G4""#, "expected four hex digits after \\u at line 1, column 6"),
    (#""\u12""#, "expected four hex digits after \\u at line 1, column 6"),
    (#""\ud83d\u12""#, "expected four hex digits after \\u at line 1, column 12"),
  ])
  func refusesWithTheExactPlace(text: String, expected: String) {
    #expect(failure(text)?.description == expected)
  }

  @Test func controlCharactersInStringsAreRefused() {
    #expect(
      failure("[\"a\tb\"]")?.description
        == "control character in a string at line 1, column 4")
    #expect(
      failure("{\n\"a\": \"line\nbreak\"}")?.description
        == "control character in a string at line 2, column 11")
    #expect(
      failure([0x22, 0x00, 0x22])?.description
        == "control character in a string at line 1, column 2")
    #expect(
      failure([0x22, 0x1F, 0x22])?.description
        == "control character in a string at line 1, column 2")
  }

  @Test func deleteCharacterIsNotAControlCharacterForJSON() throws {
    #expect(try JSONValueParser.parse([0x22, 0x7F, 0x22]) == .string("\u{7F}"))
  }

  @Test func invalidUTF8IsRefused() {
    // A lone continuation byte, an overlong encoding and a truncated sequence inside strings.
    #expect(
      failure([0x5B, 0x22, 0xFF, 0x22, 0x5D])?.description
        == "invalid UTF-8 in a string at line 1, column 4")
    #expect(
      failure([0x22, 0x61, 0xC0, 0xAF, 0x22])?.description
        == "invalid UTF-8 in a string at line 1, column 5")
    #expect(
      failure([0x22, 0xE2, 0x82, 0x22])?.description
        == "invalid UTF-8 in a string at line 1, column 4")
    // Before an escape, the run so far is checked too.
    #expect(
      failure([0x22, 0xFF, 0x5C, 0x6E, 0x22])?.description
        == "invalid UTF-8 in a string at line 1, column 3")
    // Outside a string, a non-ASCII byte is named by its value.
    #expect(
      failure([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])?.description
        == "unexpected byte 0xef at line 1, column 1")
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let depth = JSONValueParser.maxDepth
    #expect(depth == 256)
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try parse(text)
    var levels = 1
    while case .array(let elements) = value, let inner = elements.first {
      levels += 1
      value = inner
    }
    #expect(levels == depth)
  }

  @Test func nestingDeeperThanTheLimitIsRefused() {
    let depth = JSONValueParser.maxDepth + 1
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(failure(arrays)?.description == "nesting is too deep at line 1, column 257")
    let objects =
      String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
    #expect(failure(objects)?.description == "nesting is too deep at line 1, column 1281")
  }

  @Test func veryDeepNestingDoesNotOverflowTheStack() {
    let text = String(repeating: "[", count: 1_000_000)
    #expect(failure(text)?.description == "nesting is too deep at line 1, column 257")
  }

  @Test func accessorsAndKindDescriptions() throws {
    let value = try parse(#"{"s": "text", "a": [1], "o": {}}"#)
    #expect(value["s"]?.stringValue == "text")
    #expect(value["a"]?.arrayValue == [.number("1")])
    #expect(value["o"]?.objectMembers == [])
    #expect(value["s"]?.arrayValue == nil)
    #expect(value["a"]?.stringValue == nil)
    #expect(value["a"]?.objectMembers == nil)
    #expect(
      [JSONValue.null, .bool(true), .number("1"), .string(""), .array([]), .object([])]
        .map(\.kindDescription)
        == ["null", "a boolean", "a number", "a string", "an array", "an object"])
  }
}
