import CoinsModel
import CoinsSupport
import CoinsUnitTestSupport
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
    expectEqual(JSONText.string(text), expected)
  }

  @Test func numbers() {
    expectEqual(JSONText.number(1.5 as Double?), "1.5")
    expectEqual(JSONText.number(nil as Double?), "null")
    expectEqual(JSONText.number(Double.nan as Double?), "null")
    expectEqual(JSONText.number(Double.infinity as Double?), "null")
    expectEqual(JSONText.number(42 as Int?), "42")
    expectEqual(JSONText.number(nil as Int?), "null")
  }

  @Test func objectsKeepTheirOrder() {
    expectEqual(JSONText.object([("b", "1"), ("a", "null")]), #"{"b":1,"a":null}"#)
    expectEqual(JSONText.array(["1", "null", #""x""#]), #"[1,null,"x"]"#)
    expectEqual(JSONText.array([]), "[]")
  }
}
