import CoinsSupport
import Testing

/// The cursor's typed readers (what the market answer's decoder reads through): member names
/// matched as bytes, strings, numbers converted as `JSONDecoder` converts them, values skipped.
@Suite struct JSONCursorScalarTests {
  private static let names = JSONNames(["id", "price", "rank", "cap", "change"])

  /// A cursor at the start of `text`.
  private func cursor(_ text: String) -> JSONCursor { JSONCursor(Array(text.utf8)) }

  @Test func readsACoinMemberByMemberMatchingNamesWithoutStrings() throws {
    var cursor = cursor(
      #"{"id": "bitcoin", "price": 67012.5, "rank": 1, "cap": null, "change": -1.5E-7, "#
        + #""roi": {"times": [1, true, false, null, "x", {"b": 2.5e3}]}, "i\u0064": "again"}"#)
    #expect(try cursor.enterObject())
    #expect(try cursor.nextMember(among: Self.names, hint: 0) == .name(0))
    #expect(try cursor.string() == "bitcoin")
    // A wrong hint only costs the search: the name still matches.
    #expect(try cursor.nextMember(among: Self.names, hint: 4) == .name(1))
    #expect(try cursor.double() == 67012.5)
    #expect(try cursor.nextMember(among: Self.names, hint: 2) == .name(2))
    #expect(try cursor.integer() == 1)
    #expect(try cursor.nextMember(among: Self.names, hint: 3) == .name(3))
    let capIsNull = cursor.consumeNull()
    #expect(capIsNull)
    #expect(try cursor.nextMember(among: Self.names, hint: 4) == .name(4))
    #expect(try cursor.double() == -0.000_000_15)
    #expect(try cursor.nextMember(among: Self.names, hint: 0) == .other)
    try cursor.skipValue()
    // `i\u0064` is `id` once its escape is decoded.
    #expect(try cursor.nextMember(among: Self.names, hint: 1) == .name(0))
    #expect(try cursor.string() == "again")
    #expect(try cursor.nextMember(among: Self.names, hint: 0) == nil)
    try cursor.finish()
  }

  /// The `Double` of `literal`, or `nil` when the cursor refuses it.
  private func double(_ literal: String) -> Double? {
    var cursor = cursor(literal)
    return try? cursor.double()
  }

  private func integer(_ literal: String) -> Int? {
    var cursor = cursor(literal)
    return try? cursor.integer()
  }

  @Test func numbersAreTheCorrectlyRoundedDoubleOrRefused() {
    #expect(double("0.1") == 0.1)
    #expect(double(" 1E+2") == 100)
    #expect(double("-0")?.sign == .minus)
    #expect(double("0.30000000000000004") == 0.1 + 0.2)
    // 30 digits: past the 19 kept, converted from the text.
    #expect(double("123456789012345678901234567890") == 1.2345678901234568e29)
    #expect(double("5e-324") == .leastNonzeroMagnitude)
    #expect(double("1.7976931348623157e308") == .greatestFiniteMagnitude)
    for refused in ["1e400", "-1e400", "1e-400", "01", "1.", ".5", "+1", "NaN", "nul", "\"1\""] {
      #expect(double(refused) == nil, "\(refused)")
    }
  }

  @Test func integersAreWholeAndInRange() {
    #expect(integer("42") == 42)
    #expect(integer("-0") == 0)
    #expect(integer("9223372036854775807") == Int.max)
    for refused in ["9223372036854775808", "-9223372036854775808", "1.0", "1e2", "1.5", "null"] {
      #expect(integer(refused) == nil, "\(refused)")
    }
  }

  @Test func aLoneSurrogateIsRefusedByStringButStillReplacedByValue() throws {
    var pair = cursor(#""\ud83d\ude00 \u00e9""#)
    #expect(try pair.string() == "😀 é")
    for lone in [#""\ud800""#, #""\ud800x""#, #""\udc00""#, #""\ud800\u0041""#] {
      var strict = cursor(lone)
      #expect(throws: JSONValueParser.SyntaxError.self) { try strict.string() }
    }
    var lenient = cursor(#""\ud800x""#)
    #expect(try lenient.value() == .string("\u{FFFD}x"))
  }

  @Test func aSeriesOfNumbersAndNullsIsReadWholeOrRefusedAsElementByElement() throws {
    var series = cursor(" [ 1.5, null ,-0.25e1,0 ] ")
    #expect(try series.optionalDoubles(reservingCapacity: 4) == [1.5, nil, -2.5, 0])
    try series.finish()
    var empty = cursor("[ ]")
    #expect(try empty.optionalDoubles(reservingCapacity: 0) == [])
    for refused in ["[1,]", "[1 2]", "[nul]", "[1e400]", #"[1,"2"]"#, "[1", "{}", "null"] {
      var cursor = cursor(refused)
      #expect(throws: JSONValueParser.SyntaxError.self, "\(refused)") {
        try cursor.optionalDoubles(reservingCapacity: 0)
      }
    }
    // The error is the one reading element by element gives: where the series went wrong.
    var wrong = cursor("[1,\n 2 x]")
    #expect(
      throws: JSONValueParser.SyntaxError(
        reason: "expected ',' or ']', found 'x'", line: 2, column: 4)
    ) {
      try wrong.optionalDoubles(reservingCapacity: 0)
    }
  }

  @Test func nullIsReadOnlyWhenItIsThere() throws {
    var cursor = cursor(" nul")
    let wasNull = cursor.consumeNull()
    #expect(!wasNull)
    #expect(cursor.position == 1)
  }

  @Test func skippingChecksWhatItSkips() {
    for refused in ["[1e400]", #"{"a":tru}"#, #"["\ud800"]"#, "[1,]", #"{"a" 1}"#, "\"a\tb\""] {
      var cursor = cursor(refused)
      #expect(throws: JSONValueParser.SyntaxError.self, "\(refused)") { try cursor.skipValue() }
    }
    var nested = cursor(String(repeating: "[", count: 300) + String(repeating: "]", count: 300))
    #expect(throws: JSONValueParser.SyntaxError.self) { try nested.skipValue() }
  }
}
