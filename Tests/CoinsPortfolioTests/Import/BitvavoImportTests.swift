import CoinsImport
import Testing

@Suite struct BitvavoImportTests {
  /// 2024 layout: local times in the row's zone (Amsterdam: UTC+1 in winter, UTC+2 in
  /// summer). What was received or paid is net of the fee: 40 ADA at 0.5 = €20, received
  /// €19.95 after €0.05; 0.01 ETH at 1800 = €18, paid €18.05 with €0.05.
  @Test func layoutOf2024() throws {
    let result = try ImportFixture.read("bitvavo_2024_bom.csv")
    #expect(result.format == "bitvavo")
    #expect(result.version == "2024")
    expectEvents(
      result.events,
      [
        event(
          2, "2023-12-13T13:45:51.5Z", .sell(coin: coin("40", "ADA"), money: money("20", "EUR")),
          fees: [fee(money("0.05", "EUR"), .money)], id: "tx-3"),
        event(
          3, "2023-07-01T08:00:00Z", .buy(coin: coin("0.01", "ETH"), money: money("18", "EUR")),
          fees: [fee(money("0.05", "EUR"), .money)], id: "tx-2"),
        event(5, "2023-12-11T09:32:26Z", .income(coin("0.00000272", "AXS"), .staking), id: "tx-4"),
        event(
          6, "2023-11-30T10:37:41Z", .withdrawal(coin("0.005", "ETH")),
          fees: [fee(coin("0.0001", "ETH"), .ownDisposal)], id: "tx-5"),
        event(6, "2023-11-30T10:37:41Z", .feeDisposal(coin("0.0001", "ETH")), id: "tx-5/fee"),
      ])
    #expect(result.skipped == skips((4, .money), (7, .unknownType("buy (Canceled)"))))
  }

  /// ≤ mid-2024: `Price (EUR)` and `EUR received / paid`; €40.10 paid for 0.002 BTC at
  /// 20,000 with a €0.10 fee.
  @Test func layoutOf2023() throws {
    let result = try ImportFixture.read("bitvavo_2023.csv")
    #expect(result.version == "2023")
    expectEvents(
      result.events,
      [
        event(
          2, "2023-01-15T11:00:00Z", .buy(coin: coin("0.002", "BTC"), money: money("40", "EUR")),
          fees: [fee(money("0.1", "EUR"), .money)], id: "v1-1"),
        event(3, "2023-01-16T11:00:00Z", .income(coin("0.00001", "BTC"), .referral), id: "v1-2"),
      ])
  }
}
