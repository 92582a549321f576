import CoinsImport
import Testing

@Suite struct KoinlyImportTests {
  @Test func universalTemplate() throws {
    let result = try ImportFixture.read("koinly_universal.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2025-01-22T17:21:10Z",
          .trade(spent: coin("0.752", "ETH"), received: coin("2500", "USDC")),
          fees: [fee(coin("0.002", "ETH"), .addedToSpent)], value: money("2495.5", "USD"),
          id: "0xabc1", note: "Uniswap"),
        event(
          3, "2025-01-23T09:00:00Z", .income(coin("12.5", "ID:5607298"), .reward),
          value: money("30", "EUR"), id: "0xabc2", note: "validator"),
        event(
          4, "2025-01-24T10:00:00Z", .buy(coin: coin("0.001", "BTC"), money: money("100", "EUR")),
          fees: [fee(money("1", "EUR"), .money)]),
        event(
          5, "2025-01-25T10:00:00Z", .feeDisposal(coin("0.1", "ETH")), id: "0xabc3",
          note: "gas only"),
        event(
          6, "2025-01-26T10:00:00Z", .deposit(coin("3", "SOL")), id: "0xabc4",
          note: "from my other wallet"),
      ])
  }

  @Test func simpleTemplateWithCRLF() throws {
    let result = try ImportFixture.read("koinly_simple_crlf.csv")
    expectEvents(
      result.events,
      [
        event(2, "2025-03-20T12:20:00Z", .deposit(coin("0.25", "BTC")), id: "tx1"),
        event(3, "2025-03-21T12:20:00Z", .withdrawal(coin("0.05", "BTC")), id: "tx2"),
        event(4, "2025-03-22T12:20:00Z", .income(coin("1.5", "ATOM"), .staking), id: "tx3"),
      ])
  }

  @Test func anAmountWithoutACurrencyIsRefused() {
    let text = """
      Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash
      2025-01-22T17:21:10.000Z,,,5,,,,,,,,

      """
    #expect(
      ImportFixture.failure(text)
        == "line 2, column Received Currency: is empty, expected the currency of the received amount"
    )
  }

  @Test func moneyInOrOutIsSkipped() throws {
    let text = """
      Koinly Date,Amount,Currency,Label,TxHash
      2025-03-20 12:20 UTC,500,EUR,,bank1

      """
    let result = try ImportFixture.read(text: text)
    #expect(result.events.isEmpty && result.skipped == skips((2, .money)))
  }
}
