import CoinsModel
import CoinsSupport
import Foundation
import Testing

/// The buffer JSON is written into: grown ahead and written through its pointer, it must give
/// back exactly what was appended, in order, however small it started.
@Suite struct JSONBytesTests {
  @Test func piecesBeyondTheRoomFirstMadeComeBackInOrder() {
    var output = JSONBytes(capacity: 0)
    var expected = ""
    for index in 0..<500 {
      output.append(",{\"id\":")
      output.appendString(String(index))
      DecimalInput.withText(Decimal(string: "0.\(index)1")!) { output.append($0) }
      output.append("}")
      expected += ",{\"id\":\"\(index)\"0.\(index)1}"
    }
    #expect(output.text == expected)
    #expect(output.bytes == Array(expected.utf8))
  }

  /// Short pieces are copied as words that overlap, long ones as a block: every length from
  /// none to past 16 bytes comes back whole, one after another.
  @Test func piecesOfEveryLengthComeBackWhole() {
    var output = JSONBytes(capacity: 8)
    let letters = "abcdefghijklmnopqrstuvwxyz"
    var expected = ""
    for length in 0...20 {
      let piece = String(letters.prefix(length)) + "|"
      output.append(piece)
      expected += piece
    }
    #expect(output.text.hasPrefix("|a|ab|abc|abcd|abcde|"))
    #expect(output.text.hasSuffix("|abcdefghijklmnopqrst|"))
    #expect(output.text == expected)
    #expect(output.bytes.count == 21 + 210)
  }

  @Test func aStringNeedingEscapesIsEscapedAndAnEmptyTextIsEmpty() {
    var empty = JSONBytes(capacity: 16)
    #expect(empty.bytes == [])
    var output = JSONBytes(capacity: 4)
    output.appendString("a \"b\"\n")
    output.append(byte: UInt8(ascii: "!"))
    #expect(output.text == #""a \"b\"\n"!"#)
  }
}
