import CoinsImport
import Testing

@Suite struct RotkiImportTests {
  /// 1600000000000 ms is 2020-09-13 12:26:40 UTC. A rotki identifier is kept as written.
  @Test func genericTrades() throws {
    let result = try ImportFixture.read("rotki_trades.csv")
    #expect(result.format == "rotki")
    #expect(result.version == "trades")
    let usdc = ImportedAmount(
      dec("1000"), .coin("eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"))
    expectEvents(
      result.events,
      [
        event(
          2, "2020-09-13T12:26:40Z", .buy(coin: coin("0.01", "BTC"), money: money("400", "EUR")),
          fees: [fee(money("1.5", "EUR"), .money)], note: "Buy BTC"),
        event(
          3, "2020-09-14T12:26:40Z", .trade(spent: usdc, received: coin("0.5", "ETH")),
          note: "USDC for ETH"),
      ])
  }

  /// The older layout: Buy Amount is what was received, Sell Amount what was given; a Buy
  /// receives the base, a Sell gives it. Type in any case, padded. Nothing received: skipped.
  @Test func olderBaseQuoteTrades() throws {
    let result = try ImportFixture.read("rotki_trades_base_quote.csv")
    #expect(result.version == "trades (base/quote)")
    expectEvents(
      result.events,
      [
        event(
          2, "2020-09-13T12:26:40Z",
          .trade(spent: coin("60", "LTC"), received: coin("0.5", "BTC")), note: "LTC for BTC"),
        event(
          3, "2020-09-13T12:27:40Z",
          .trade(spent: coin("2", "BCH"), received: coin("1499.9", "ADA")),
          fees: [fee(coin("0.1", "ADA"), .deductedFromReceived)], note: "BCH for ADA"),
      ])
    #expect(result.skipped == skips((4, .zeroAmount)))
  }

  @Test func genericEvents() throws {
    let result = try ImportFixture.read("rotki_events.csv")
    #expect(result.version == "events")
    expectEvents(
      result.events,
      [
        event(3, "2020-09-13T12:26:41Z", .deposit(coin("0.1", "BTC"))),
        event(
          4, "2020-09-13T12:26:42Z", .withdrawal(coin("1.01", "ETH")),
          fees: [fee(coin("0.01", "ETH"), .ownDisposal)]),
        event(4, "2020-09-13T12:26:42Z", .feeDisposal(coin("0.01", "ETH"))),
        event(
          5, "2020-09-13T12:26:43Z", .income(coin("0.05", "ETH"), .staking), note: "ETH staking"),
        event(6, "2020-09-13T12:26:44Z", .income(coin("10", "USDC"), .other), note: "Bounty"),
        event(7, "2020-09-13T12:26:45Z", .withdrawal(coin("0.001", "BTC"))),
        event(
          8, "2020-09-13T12:26:46Z", .sell(coin: coin("0.002", "BTC"), money: nil), note: "Coffee"),
      ])
    #expect(result.skipped == skips((2, .money), (9, .unknownType("Airdrop"))))
  }
}
