import CoinsImport
import Testing

@Suite struct BinanceOrderHistoryImportTests {
  /// Each order row is followed by a heading and its fills: every fill is a trade of the
  /// order's pair and side; the order row restates them (skipped), a cancelled order filled
  /// nothing. 0.03 BTC for 1500 USDT (fee 0.001 BNB, a disposal of its own); 0.02 BTC for
  /// 1000 USDT less 0.00002 BTC; 2 ETH for 0.06 BTC less 0.00006 BTC.
  @Test func ordersFollowedByTheirFills() throws {
    let result = try ImportFixture.read("binance_order_history_fills.csv")
    #expect(result.format == "binance")
    #expect(result.version == "order history")
    expectEvents(
      result.events,
      [
        event(
          4, "2021-03-19T17:02:52Z",
          .trade(spent: coin("1500", "USDT"), received: coin("0.03", "BTC")),
          fees: [fee(coin("0.001", "BNB"), .ownDisposal)]),
        event(4, "2021-03-19T17:02:52Z", .feeDisposal(coin("0.001", "BNB"))),
        event(
          5, "2021-03-19T17:02:53Z",
          .trade(spent: coin("1000", "USDT"), received: coin("0.01998", "BTC")),
          fees: [fee(coin("0.00002", "BTC"), .deductedFromReceived)]),
        event(
          9, "2021-03-21T09:00:00Z",
          .trade(spent: coin("2", "ETH"), received: coin("0.05994", "BTC")),
          fees: [fee(coin("0.00006", "BTC"), .deductedFromReceived)]),
      ])
    #expect(result.skipped == skips((2, .restated), (6, .zeroAmount), (7, .restated)))
  }
}
