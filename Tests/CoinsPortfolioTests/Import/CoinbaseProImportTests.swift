import CoinsImport
import Testing

@Suite struct CoinbaseProImportTests {
  @Test func accountStatementTradesAreTheRowsSharingATradeID() throws {
    let result = try ImportFixture.read("coinbasepro_account.csv")
    expectEvents(
      result.events,
      [
        event(
          3, "2018-03-15T11:00:00.120Z", .buy(coin: coin("0.1", "BTC"), money: money("700", "EUR")),
          fees: [fee(money("1.75", "EUR"), .money)],
          id: "b1a2c3d4-0000-4000-8000-000000000002/4711"),
        event(
          6, "2018-03-16T08:00:00Z", .withdrawal(coin("0.05", "BTC")),
          id: "9f1e2d3c-0000-4000-8000-000000000003"),
      ])
    #expect(result.skipped == skips((2, .money)))
  }

  /// Each row states the balance after it: EUR 1000 − 700 − 1.75 = 298.25 (the fee row, the
  /// last of its second), BTC 0.1 − 0.05.
  @Test func accountStatementBalances() throws {
    let result = try ImportFixture.read("coinbasepro_account.csv")
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), nil, "0.05", 6, "2018-03-16T08:00:00Z"),
        balance(.money("EUR"), nil, "298.25", 5, "2018-03-15T11:00:00.12Z"),
      ])
  }

  @Test func fillsOneRowPerFillTheFeeInTheQuote() throws {
    let result = try ImportFixture.read("coinbasepro_fills.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2018-01-10T09:00:00.001Z",
          .buy(coin: coin("1.5", "LTC"), money: money("123.45", "EUR")),
          fees: [fee(money("0.2199996787425", "EUR"), .money)], id: "LTC-EUR:1234567"),
        event(
          3, "2018-02-10T09:00:00.002Z",
          .sell(coin: coin("1.4", "LTC"), money: money("118.3", "EUR")),
          fees: [fee(money("0.3882210025", "EUR"), .money)], id: "LTC-EUR:1234890"),
        event(
          4, "2018-02-11T09:00:00.003Z",
          .trade(spent: coin("0.045135", "BTC"), received: coin("0.5", "ETH")),
          fees: [fee(coin("0.000135", "BTC"), .addedToSpent)], id: "ETH-BTC:99"),
      ])
  }
}
