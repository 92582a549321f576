import CoinsImport
import Testing

/// KuCoin's zone decision: exports without a zone are read as UTC+8 (Singapore, BittyTax's
/// reading); `--timezone UTC` gives rotki's. A zone in the header wins over both.
@Suite struct KuCoinImportTests {
  @Test func the2019ExportReadAsSingaporeTime() throws {
    let result = try ImportFixture.read("kucoin_2019.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2019-05-11T02:27:17Z",
          .trade(spent: coin("0.00152402", "BTC"), received: coin("7.4925", "KCS")),
          fees: [fee(coin("0.0075", "KCS"), .deductedFromReceived)]),
        event(
          3, "2019-05-12T10:00:00Z",
          .trade(spent: coin("2", "KCS"), received: coin("0.00041958", "BTC")),
          fees: [fee(coin("0.00000042", "BTC"), .deductedFromReceived)]),
      ])
    let asUTC = try ImportFixture.read("kucoin_2019.csv", timeZone: .utc)
    #expect(asUTC.events.first?.date == utc("2019-05-11T10:27:17Z"))
  }

  @Test func the2022ExportsShortAndFull() throws {
    expectEvents(
      try ImportFixture.read("kucoin_2022_short.csv").events,
      [
        event(
          2, "2022-03-01T00:00:00Z",
          .trade(spent: coin("35.035", "USDT"), received: coin("10", "XTZ")),
          fees: [fee(coin("0.035", "USDT"), .addedToSpent)])
      ])
    expectEvents(
      try ImportFixture.read("kucoin_2022_full.csv").events,
      [
        event(
          2, "2022-03-02T00:00:00Z",
          .trade(spent: coin("1", "ETH"), received: coin("0.06993", "BTC")),
          fees: [fee(coin("0.00007", "BTC"), .deductedFromReceived)])
      ])
  }

  @Test func filledOrdersWithTheZoneInTheHeader() throws {
    let shanghai = try #require(ImportTimeZone("Asia/Shanghai"))
    let result = try ImportFixture.read("kucoin_2023_filled_orders.csv", timeZone: shanghai)
    expectEvents(
      result.events,
      [
        event(
          2, "2023-09-01T09:00:05Z",
          .trade(spent: coin("260.26", "USDT"), received: coin("0.01", "BTC")),
          fees: [fee(coin("0.26", "USDT"), .addedToSpent)], id: "6500aa11bb22cc33dd44ee55")
      ])
  }
}
