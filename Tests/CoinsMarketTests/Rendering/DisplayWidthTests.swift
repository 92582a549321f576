import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("", 0), ("Bitcoin", 7), ("比特币", 6), ("ビットコイン", 12), ("비트코인", 8), ("🚀", 2),
    ("Doge 🐶", 7), ("❤️", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("e\u{301}", 1), ("Ｗ", 2), ("—", 1),
    ("…", 1), ("▁▂▃", 3), ("a\u{200B}b", 2),
  ])
  func cells(text: String, width: Int) {
    expectEqual(DisplayWidth.of(text), width)
  }

  @Test(arguments: [
    ("Bitcoin Cash", 8, "Bitcoin…"),
    ("Bitcoin", 7, "Bitcoin"),
    ("Bitcoin", 6, "Bitco…"),
    ("比特币现金", 5, "比特…"),
    ("比特币现金", 6, "比特…"),
    ("比特币现金", 7, "比特币…"),
    ("比特币现金", 10, "比特币现金"),
    ("🚀🚀🚀", 4, "🚀…"),
    ("a🚀", 2, "a…"),
    ("abc", 1, "…"),
    ("abc", 0, ""),
  ])
  func truncatesByWidth(text: String, width: Int, expected: String) {
    let cut = DisplayWidth.truncate(text, to: width)
    expectEqual(cut, expected)
    #expect(DisplayWidth.of(cut) <= width)
  }

  @Test func padsByWidth() {
    expectEqual(DisplayWidth.pad("比特", to: 6), "比特  ")
    expectEqual(DisplayWidth.pad("12", to: 5, alignRight: true), "   12")
    expectEqual(DisplayWidth.pad("toolong", to: 3), "toolong")
  }
}
