import CoinsPriceSources
import CoinsUnitTestSupport
import Testing

/// The hours a command needs, asked in as few requests as a page carries: a window starts at
/// a wanted hour and takes every wanted hour less than a page after it.
@Suite struct HourWindowsTests {
  @Test func hoursWithinAPageShareOneRequest() {
    // Coinbase's 300 hours: 0 to 299 is one page; 300 is 300 hours after 0, a page of its own.
    #expect(
      PriceChain.windows([0, 10, 299, 300, 1_000], page: 300) == [
        0...299, 300...300, 1_000...1_000,
      ])
    // Binance's 1,000: 0 to 300 in one; 1,000 is a page after 0.
    expectEqual(
      PriceChain.windows([0, 10, 299, 300, 1_000], page: 1_000), [0...300, 1_000...1_000])
    expectEqual(PriceChain.windows([], page: 300), [])
  }
}
