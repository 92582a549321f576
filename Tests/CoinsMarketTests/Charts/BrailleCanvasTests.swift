import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct BrailleCanvasTests {
  @Test func dotsMapToBrailleBits() {
    var canvas = BrailleCanvas(columns: 2, rows: 1)
    canvas.set(x: 0, y: 3)  // top left: dot 1, bit 0x01
    canvas.set(x: 1, y: 0)  // bottom right: dot 8, bit 0x80
    canvas.set(x: 2, y: 1)  // second cell, left column, third from the top: dot 3, bit 0x04
    canvas.set(x: 9, y: 9)  // outside: ignored
    expectEqual(canvas.text(row: 0), "\u{2881}\u{2804}")
  }

  @Test func steepSegmentsStayJoined() {
    var canvas = BrailleCanvas(columns: 1, rows: 2)
    canvas.line(from: (0, 0), to: (1, 7))
    // Dot column 0 gets y 0…4 (3.5 rounded up), column 1 gets y 4…7. Top cell: left y 4 (its
    // lowest dot, 0x40) and right y 4–7 (0x08 0x10 0x20 0x80) = 0xF8; bottom cell: left y 0–3
    // (0x01 0x02 0x04 0x40) = 0x47.
    expectEqual(canvas.text(row: 0), "\u{28F8}")
    expectEqual(canvas.text(row: 1), "\u{2847}")
  }
}
