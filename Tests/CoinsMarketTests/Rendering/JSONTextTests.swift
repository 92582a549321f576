import CoinsModel
import CoinsSupport
import Testing

@Suite struct JSONTextTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("a\"b", #""a\"b""#),
    ("back\\slash", #""back\\slash""#),
    ("\n\r\t", #""\n\r\t""#),
    ("\u{0}\u{1B}\u{7F}\u{9F}", #""\u0000\u001b\u007f\u009f""#),
    ("\u{2028}\u{2029}", #""\u2028\u2029""#),
    ("比特币 🚀", #""比特币 🚀""#),
  ])
  func strings(text: String, expected: String) {
    #expect(JSONText.string(text) == expected)
  }

  @Test func numbers() {
    #expect(JSONText.number(1.5 as Double?) == "1.5")
    #expect(JSONText.number(nil as Double?) == "null")
    #expect(JSONText.number(Double.nan as Double?) == "null")
    #expect(JSONText.number(Double.infinity as Double?) == "null")
    #expect(JSONText.number(42 as Int?) == "42")
    #expect(JSONText.number(nil as Int?) == "null")
  }

  @Test func objectsKeepTheirOrder() {
    #expect(JSONText.object([("b", "1"), ("a", "null")]) == #"{"b":1,"a":null}"#)
    #expect(JSONText.array(["1", "null", #""x""#]) == #"[1,null,"x"]"#)
    #expect(JSONText.array([]) == "[]")
  }
}
