import CoinsImport
import Testing

@Suite struct CoinTrackingImportTests {
  @Test func threeCurColumnsByPositionAndDayFirstDates() throws {
    let result = try ImportFixture.read("cointracking_trade_list_bom.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2019-09-20T13:00:00Z",
          .trade(spent: coin("0.01501", "BTC"), received: coin("0.5", "ETH")),
          fees: [fee(coin("0.00001", "BTC"), .addedToSpent)], id: "ct-0001"),
        event(
          3, "2019-09-21T14:30:00Z", .buy(coin: coin("0.01", "BTC"), money: money("95", "EUR")),
          fees: [fee(money("0.5", "EUR"), .money)], id: "ct-0002", note: "first buy"),
        event(4, "2019-09-22T09:00:00Z", .deposit(coin("1", "LTC"))),
        event(
          5, "2019-09-23T10:00:00Z", .withdrawal(coin("0.2", "ETH")),
          fees: [fee(coin("0.001", "ETH"), .ownDisposal)], note: "to ledger"),
        event(5, "2019-09-23T10:00:00Z", .feeDisposal(coin("0.001", "ETH")), note: "to ledger"),
        event(6, "2019-09-24T00:00:00Z", .income(coin("0.01", "DOT"), .staking)),
        event(
          7, "2025-01-01T10:12:27Z", .sell(coin: coin("0.001", "BTC"), money: nil), note: "coffee"),
      ])
    #expect(result.skipped == skips((8, .unknownType("Margin Profit"))))
  }

  @Test func anAmountWithoutItsCurrencyIsRefused() {
    let text = """
      "Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment","Date"
      "Deposit","1.0","","-","","-","","","","","22.09.2019 09:00:00"

      """
    #expect(
      ImportFixture.failure(text) == "line 2, column Cur.: is empty, expected the currency of Buy")
  }
}
