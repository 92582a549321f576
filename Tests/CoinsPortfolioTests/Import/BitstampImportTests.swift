import CoinsImport
import Testing

@Suite struct BitstampImportTests {
  @Test func v1TickersInFiguresAndMonthNames() throws {
    let result = try ImportFixture.read("bitstamp_v1_crlf.csv")
    expectEvents(
      result.events,
      [
        event(
          3, "2022-01-28T00:13:00Z", .buy(coin: coin("1", "ETH"), money: money("2214.01", "EUR")),
          fees: [fee(money("5.53", "EUR"), .money)]),
        event(
          4, "2022-01-29T13:15:00Z",
          .trade(spent: coin("0.03280507", "ETH"), received: coin("0.00110612", "BTC")),
          fees: [fee(coin("0.00000277", "BTC"), .deductedFromReceived)]),
        event(
          5, "2022-02-01T12:00:00Z", .withdrawal(coin("0.5", "ETH")),
          fees: [fee(coin("0.005", "ETH"), .ownDisposal)]),
        event(5, "2022-02-01T12:00:00Z", .feeDisposal(coin("0.005", "ETH"))),
        event(6, "2022-02-02T23:59:00Z", .income(coin("0.001", "ETH"), .staking)),
      ])
    #expect(result.skipped == skips((2, .money), (7, .internalMove)))
  }

  @Test func v2CurrencyColumnsAndIDs() throws {
    let result = try ImportFixture.read("bitstamp_v2.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2023-05-01T10:00:00Z", .sell(coin: coin("0.25", "BTC"), money: money("7000", "USD")),
          fees: [fee(money("14", "USD"), .money)], id: "200001")
      ])
    #expect(result.skipped == skips((3, .money)))
  }
}
