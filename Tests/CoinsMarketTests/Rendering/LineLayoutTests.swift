import CoinsPresentation
import CoinsUnitTestSupport
import Testing

/// Packing a header's parts and wrapping a status sentence to a terminal's width.
@Suite struct LineLayoutTests {
  @Test func partsThatDoNotFitStartTheNextLine() {
    // "aaaa · bbbb" is 11 cells; " · cccc" would make 18 > 12.
    expectEqual(LineLayout.packed(["aaaa", "bbbb", "cccc"], width: 12), ["aaaa · bbbb", "cccc"])
    expectEqual(LineLayout.packed(["aaaa", "bbbb", "cccc"], width: 18), ["aaaa · bbbb · cccc"])
    // Only a part wider than the whole line is cut.
    expectEqual(LineLayout.packed(["abcdefghijk", "x"], width: 6), ["abcde…", "x"])
  }

  @Test func colorCodesTakeNoRoom() {
    let green = "\u{1B}[32mlive\u{1B}[0m"
    expectEqual(LineLayout.packed(["coins", green], width: 12), ["coins · " + green])
  }

  @Test func aSentenceWrapsAtSpacesAndIsNeverCut() {
    let text = "Not live: CoinGecko did not answer within 30 s. Retrying in 25 s."
    let lines = LineLayout.wrapped(text, width: 24)
    #expect(
      lines == [
        "Not live: CoinGecko did", "  not answer within 30", "  s. Retrying in 25 s.",
      ])
    expectEqual(LineLayout.wrapped("short", width: 24), ["short"])
  }
}
