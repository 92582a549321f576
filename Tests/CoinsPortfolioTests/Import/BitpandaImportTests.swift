import CoinsImport
import Testing

@Suite struct BitpandaImportTests {
  /// The header with `Fee percent` before Spread, and no preamble.
  @Test func theHeaderWithFeePercent() throws {
    let result = try ImportFixture.read(
      text: "Transaction ID,Timestamp,Transaction Type,In/Out,Amount Fiat,Fiat,Amount Asset,Asset,"
        + "Asset market price,Asset market price currency,Asset class,Product ID,Fee,Fee asset,"
        + "Fee percent,Spread,Spread Currency\n"
        + "P-1,2022-01-10T12:00:00+01:00,sell,incoming,45.00,EUR,0.01,ETH,4500,EUR,"
        + "Cryptocurrency,5,-,-,-,-,-\n")
    #expect(result.version == "v2 (fee percent)")
    expectEvents(
      result.events,
      [
        event(
          2, "2022-01-10T11:00:00Z", .sell(coin: coin("0.01", "ETH"), money: money("45", "EUR")),
          value: money("45", "EUR"), id: "P-1")
      ])
  }

  /// Below a six-line preamble, CRLF: times with their offsets, money (Fiat) and stocks
  /// skipped, a deposit's fee in the coin taken from it (1.5 − 0.01 SOL), a withdrawal's fee a
  /// disposal of its own.
  @Test func transactionHistoryBelowItsPreamble() throws {
    let result = try ImportFixture.read("bitpanda_preamble_crlf.csv")
    #expect(result.format == "bitpanda")
    #expect(result.headerLine == 7)
    let eur = { (amount: String) in money(amount, "EUR") }
    expectEvents(
      result.events,
      [
        event(
          9, "2021-03-02T09:00:00Z", .buy(coin: coin("0.0025", "BTC"), money: eur("100")),
          value: eur("100"), id: "B-2"),
        event(
          10, "2021-06-02T10:30:00Z", .sell(coin: coin("0.025", "ETH"), money: eur("60")),
          value: eur("60"), id: "B-3"),
        event(
          11, "2021-06-03T07:00:00Z", .deposit(coin("1.49", "SOL")),
          fees: [fee(coin("0.01", "SOL"), .deductedFromReceived)], id: "B-4"),
        event(
          13, "2021-07-04T08:00:00Z", .withdrawal(coin("0.001", "BTC")),
          fees: [fee(coin("0.00001", "BTC"), .ownDisposal)], id: "B-6"),
        event(13, "2021-07-04T08:00:00Z", .feeDisposal(coin("0.00001", "BTC")), id: "B-6/fee"),
      ])
    #expect(result.skipped == skips((8, .money), (12, .unknownType("Stock (derivative)"))))
  }
}
