import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct CoinInfoViewTests {
  @Test func aCurrencyWithoutASymbolShowsItsCodeOnEveryAmount() {
    let coin = Coin(
      id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1, price: 91_000, change1h: 0.1,
      change24h: -1.5, change7d: 2, marketCap: 1.81e12, volume: 1e9, high24h: 92_000,
      low24h: 90_000, circulatingSupply: 19.9e6, totalSupply: 19.9e6, maxSupply: 21e6,
      allTimeHigh: 100_000, allTimeHighDate: Date(timeIntervalSince1970: 1_733_011_200),
      allTimeLow: 50, allTimeLowDate: Date(timeIntervalSince1970: 1_278_460_800),
      sparkline: [90_000, 90_500, 91_000])
    let snapshot = MarketSnapshot(
      coins: [coin], currency: "chf", asOf: ManualTimeSource.start, source: .live)
    let view = CoinInfoView(
      currency: CurrencyStyle(code: "chf"), style: TextStyle(enabled: false), ascii: false)
    let lines = view.lines(coin, snapshot: snapshot, now: ManualTimeSource.start, width: 80)
    #expect(
      Array(lines.prefix(11)) == [
        "Bitcoin (BTC) · rank #1 · id bitcoin · live, 2025-07-25 14:53:48 UTC",
        "",
        "Price          CHF 91,000.00   1h +0.10%   24h -1.50%   7d +2.00%",
        "24h range      CHF 90,000.00 – CHF 92,000.00",
        "Market cap     CHF 1.81T (rank #1)",
        "Volume 24h     CHF 1.00B",
        "Supply         19.9M circulating · 19.9M total · 21.0M max",
        "All-time high  CHF 100,000.00 on 2024-12-01 (price is -9.00% from it)",
        "All-time low   CHF 50.00 on 2010-07-07 (price is +182K% from it)",
        "",
        "7-day price, hourly",
      ])
    // The chart's high and low are labelled with the code too, the axis one cell after them.
    expectEqual(lines.count, 21)
    #expect(lines[11].hasPrefix("CHF 91,000.00 ┤"))
    #expect(lines[12].hasPrefix("              │"))
    #expect(lines[18].hasPrefix("CHF 90,000.00 ┤"))
    #expect(lines[19].hasPrefix("              └"))
  }

  /// A meme coin's supply of quadrillions reads in trillions, as every other figure does
  /// (`4,340T`), never `4.34e+15`.
  @Test func aSupplyOfQuadrillionsReadsInTrillions() {
    let coin = Coin(
      id: "pepe", symbol: "pepe", name: "Pepe", rank: 30, price: 0.00001,
      circulatingSupply: 4.34e15, totalSupply: 4.2069e17, maxSupply: nil)
    let snapshot = MarketSnapshot(
      coins: [coin], currency: "usd", asOf: ManualTimeSource.start, source: .live)
    let view = CoinInfoView(
      currency: CurrencyStyle(code: "usd"), style: TextStyle(enabled: false), ascii: false)
    let lines = view.lines(coin, snapshot: snapshot, now: ManualTimeSource.start, width: 80)
    #expect(lines.contains("Supply         4,340T circulating · 421,000T total · — max"))
  }
}
