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

  /// The 2023 columns are looked up once for the file: every row is read by them, and a bad
  /// cell is still named by its line and the header's name of its column.
  @Test func filledOrdersEveryRowByTheHeadersColumns() throws {
    let header =
      "UID,Account Type,Order ID,Order Time(UTC+01:00),Symbol,Side,Order Type,Order Price,"
      + "Order Amount,Avg. Filled Price,Filled Amount,Filled Volume,Filled Volume (USDT),"
      + "Filled Time(UTC+01:00),Fee,Fee Currency,Tax,Status\n"
    let first =
      "12345,mainAccount,6500aa11bb22cc33dd44ee55,2023-09-01 10:00:00,BTC-USDT,BUY,LIMIT,26000,"
      + "0.01,26000,0.01,260,260,2023-09-01 10:00:05,0.26,USDT,0,deal\n"
    // A lower-case pair and side, and no fee.
    func second(amount: String) -> String {
      "12345,mainAccount,6500aa11bb22cc33dd44ee56,2023-09-01 11:00:00,eth-usdt,sell,LIMIT,1600,"
        + "0.5,1600,\(amount),800,800,2023-09-01 11:00:02,,,0,deal\n"
    }
    let result = try ImportFixture.read(text: header + first + second(amount: "0.5"))
    expectEvents(
      result.events,
      [
        event(
          2, "2023-09-01T09:00:05Z",
          .trade(spent: coin("260.26", "USDT"), received: coin("0.01", "BTC")),
          fees: [fee(coin("0.26", "USDT"), .addedToSpent)], id: "6500aa11bb22cc33dd44ee55"),
        event(
          3, "2023-09-01T10:00:02Z",
          .trade(spent: coin("0.5", "ETH"), received: coin("800", "USDT")),
          id: "6500aa11bb22cc33dd44ee56"),
      ])
    #expect(
      ImportFixture.failure(header + first + second(amount: "abc"))
        == "line 3, column Filled Amount: 'abc' is not a number")
  }
}
