import CoinsModel
import CoinsSupport
import Foundation
import Testing

@Suite struct JSONValueWriterTests {
  @Test func writesScalarsWithATrailingNewline() {
    #expect(JSONValueWriter.write(.null) == "null\n")
    #expect(JSONValueWriter.write(.bool(true)) == "true\n")
    #expect(JSONValueWriter.write(.bool(false)) == "false\n")
    #expect(JSONValueWriter.write(.number("0.10")) == "0.10\n")
    #expect(JSONValueWriter.write(.string("a")) == "\"a\"\n")
    #expect(JSONValueWriter.write(.array([])) == "[]\n")
    #expect(JSONValueWriter.write(.object([])) == "{}\n")
  }

  @Test func indentsTwoSpacesAndKeepsMemberOrder() {
    let value = JSONValue.object([
      JSONMember("z", .array([.number("1"), .object([JSONMember("k", .null)]), .array([])])),
      JSONMember("a", .object([])),
    ])
    #expect(
      JSONValueWriter.write(value) == """
        {
          "z": [
            1,
            {
              "k": null
            },
            []
          ],
          "a": {}
        }

        """)
  }

  @Test func escapesStringsAndKeys() {
    let value = JSONValue.object([
      JSONMember("quote\"key", .string("back\\slash\nnew\tline\u{1B}[31m\u{7F}\u{2028}é😀"))
    ])
    #expect(
      JSONValueWriter.write(value)
        == "{\n  \"quote\\\"key\": \"back\\\\slash\\nnew\\tline\\u001b[31m\\u007f\\u2028é😀\"\n}\n"
    )
  }

  @Test func parsingTheOutputGivesTheSameValue() throws {
    let value = JSONValue.object([
      JSONMember("version", .number("1")),
      JSONMember("text", .string("\u{0}\u{8}\u{C}\r\"\\/ é 😀 \u{9F}")),
      JSONMember("list", .array([.null, .bool(false), .number("-0.000"), .string("")])),
      JSONMember("", .object([JSONMember("dup", .number("1")), JSONMember("dup", .number("2"))])),
    ])
    let text = JSONValueWriter.write(value)
    #expect(try JSONValueParser.parse(Array(text.utf8)) == value)
  }
}
