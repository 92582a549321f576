import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct TextStyleTests {
  @Test func disabledLeavesTextAlone() {
    expectEqual(TextStyle(enabled: false).apply(.green, to: "+1.00%"), "+1.00%")
  }

  @Test func enabledWrapsInSGRCodes() {
    let style = TextStyle(enabled: true)
    expectEqual(style.apply(.green, to: "up"), "\u{1B}[32mup\u{1B}[0m")
    expectEqual(style.apply(.red, to: "down"), "\u{1B}[31mdown\u{1B}[0m")
    expectEqual(style.apply(.bold, to: "#"), "\u{1B}[1m#\u{1B}[0m")
    expectEqual(style.apply(.dim, to: "x"), "\u{1B}[2mx\u{1B}[0m")
    expectEqual(style.apply(.yellow, to: "x"), "\u{1B}[33mx\u{1B}[0m")
    expectEqual(style.apply(nil, to: "plain"), "plain")
    expectEqual(style.apply(.red, to: ""), "")
  }

  @Test func trend() {
    expectEqual(TextStyle.trend(0.01), .green)
    expectEqual(TextStyle.trend(-0.01), .red)
    #expect(TextStyle.trend(0) == nil)
    #expect(TextStyle.trend(nil) == nil)
    #expect(TextStyle.trend(.nan) == nil)
  }
}
