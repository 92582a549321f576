import CoinsImport
import Testing

@Suite struct GeminiImportTests {
  /// Saved as CSV from Gemini's spreadsheet: an Amount, Fee and Balance column per asset,
  /// `($400.00)` for minus, units beside the figures, a Totals row without a date. USD:
  /// 1000 − 400 − 1 + 210 − 0.74 = 808.26; BTC: 0.1 − 0.05 − 0.01 − 0.0001 = 0.0399.
  @Test func historySavedAsCSV() throws {
    let result = try ImportFixture.read("gemini_history_saved_as_csv.csv")
    #expect(result.format == "gemini")
    expectEvents(
      result.events,
      [
        event(
          3, "2019-01-03T10:00:00.5Z",
          .buy(coin: coin("0.1", "BTC"), money: money("400", "USD")),
          fees: [fee(money("1", "USD"), .money)], id: "111", note: "Limit"),
        event(
          4, "2019-01-04T11:00:00Z", .sell(coin: coin("0.05", "BTC"), money: money("210", "USD")),
          fees: [fee(money("0.74", "USD"), .money)], id: "112", note: "Limit"),
        event(5, "2019-01-05T12:00:00Z", .deposit(coin("2", "ETH")), note: "Deposit (ETH)"),
        event(
          6, "2019-01-06T13:00:00Z", .withdrawal(coin("0.01", "BTC")),
          fees: [fee(coin("0.0001", "BTC"), .ownDisposal)], note: "Withdrawal (BTC)"),
        event(
          6, "2019-01-06T13:00:00Z", .feeDisposal(coin("0.0001", "BTC")),
          note: "Withdrawal (BTC)"),
      ])
    #expect(result.skipped == skips((2, .money), (7, .restated)))
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), nil, "0.0399", 6, "2019-01-06T13:00:00Z"),
        balance(.coin("ETH"), nil, "2", 6, "2019-01-06T13:00:00Z"),
        balance(.money("USD"), nil, "808.26", 6, "2019-01-06T13:00:00Z"),
      ])
  }

  /// A balance cell of spaces or a dash states nothing: the latest balance of each asset is
  /// the one written last (USD: 1000 − 400 − 1 = 599, BTC: 0.1, both on line 3), not line 4's.
  @Test func aBlankOrDashBalanceCellStatesNoBalance() throws {
    let text = """
      Date,Time (UTC),Type,Symbol,Specification,Liquidity Indicator,Trading Fee Rate (bps),\
      USD Amount USD,Fee (USD) USD,USD Balance USD,BTC Amount BTC,Fee (BTC) BTC,BTC Balance BTC,\
      Trade ID
      2019-01-02,10:00:00,Credit,USD,Deposit,,,"$1,000.00 ",,"$1,000.00 ",,,0 BTC ,
      2019-01-03,10:00:00,Buy,BTCUSD,Limit,Taker,35,"($400.00)","($1.00)","$599.00 ",0.1 BTC ,,\
      0.1 BTC ,111
      2019-01-04,10:00:00,Credit,BTC,Deposit (BTC),,,,, - ,0.2 BTC ,,  ,112

      """
    let result = try ImportFixture.read(text: text)
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), nil, "0.1", 3, "2019-01-03T10:00:00Z"),
        balance(.money("USD"), nil, "599", 3, "2019-01-03T10:00:00Z"),
      ])
  }
}
