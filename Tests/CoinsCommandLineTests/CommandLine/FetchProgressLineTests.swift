import CoinsCommandLine
import CoinsPriceSources
import CoinsUnitTestSupport
import Testing

/// `FetchProgressLine`: quiet until the first wait; then on a terminal one line rewritten in
/// place and ended once, into a pipe plain lines.
@Suite struct FetchProgressLineTests {
  func run(inPlace: Bool, waits: Bool) -> String {
    let sink = CapturingSink()
    let line = FetchProgressLine(fetching: "daily prices", to: sink, inPlace: inPlace)
    line.progress.start(total: 3)
    line.progress.itemDone()
    if waits { line.progress.waiting(BudgetWait(host: "CoinGecko", seconds: 17.2)) }
    line.progress.itemDone()
    line.progress.itemDone()
    line.end()
    return sink.text
  }

  @Test func onATerminalTheLineIsRewrittenInPlaceAndEndedOnce() {
    #expect(
      run(inPlace: true, waits: true)
        == "\rFetching daily prices: 1 of 3 coins (waiting 18 s for CoinGecko's rate limit)\u{1B}[K"
        + "\rFetching daily prices: 2 of 3 coins\u{1B}[K"
        + "\rFetching daily prices: 3 of 3 coins\u{1B}[K\n")
  }

  @Test func pipedItIsPlainLines() {
    #expect(
      run(inPlace: false, waits: true)
        == "Fetching daily prices: 1 of 3 coins (waiting 18 s for CoinGecko's rate limit)\n"
        + "Fetching daily prices: 2 of 3 coins\nFetching daily prices: 3 of 3 coins\n")
  }

  @Test func withoutAWaitNothingIsWrittenNotEvenTheEnd() {
    expectEqual(run(inPlace: true, waits: false), "")
    expectEqual(run(inPlace: false, waits: false), "")
  }

  @Test func aWaitBeforeAnyCountIsSaidWithoutOne() {
    let sink = CapturingSink()
    let line = FetchProgressLine(fetching: "daily prices", to: sink, inPlace: false)
    line.progress.waiting(BudgetWait(host: "Coinbase", seconds: 2))
    expectEqual(sink.text, "Fetching daily prices: waiting 2 s for Coinbase's rate limit\n")
  }
}
