import CoinsImport
import Testing

@Suite struct BittyTaxImportTests {
  /// BittyTax's records: each row in the wallet it names; a move between wallets is a
  /// Withdrawal and a Deposit; values in GBP where given; a title row (only a Note) skipped.
  /// The header that names its values `Buy Value` (no currency), without a Note.
  @Test func theHeaderOfPlainValues() throws {
    let result = try ImportFixture.read(
      text: "Type,Buy Quantity,Buy Asset,Buy Value,Sell Quantity,Sell Asset,Sell Value,"
        + "Fee Quantity,Fee Asset,Fee Value,Wallet,Timestamp\n"
        + "Airdrop,10,UNI,,,,,,,,Wallet,2020-09-17 00:00:00\n")
    #expect(result.version == "records (Value)")
    var expected = event(2, "2020-09-17T00:00:00Z", .income(coin("10", "UNI"), .airdrop))
    expected.wallet = "Wallet"
    expectEvents(result.events, [expected])
  }

  @Test func transactionRecords() throws {
    let result = try ImportFixture.read("bittytax_records.csv")
    #expect(result.format == "bittytax")
    func inWallet(_ wallet: String, _ event: ImportedEvent) -> ImportedEvent {
      var event = event
      event.wallet = wallet
      return event
    }
    expectEvents(
      result.events,
      [
        inWallet(
          "Kraken",
          event(
            4, "2020-01-02T10:00:00Z",
            .buy(coin: coin("0.1", "BTC"), money: money("500", "GBP")),
            fees: [fee(money("2", "GBP"), .money)])),
        inWallet(
          "Kraken",
          event(
            5, "2020-01-03T11:00:00Z", .withdrawal(coin("0.05", "BTC")),
            fees: [fee(coin("0.0001", "BTC"), .ownDisposal)], note: "to Ledger")),
        inWallet(
          "Kraken",
          event(5, "2020-01-03T11:00:00Z", .feeDisposal(coin("0.0001", "BTC")), note: "to Ledger")
        ),
        inWallet(
          "Ledger",
          event(6, "2020-01-03T11:00:00Z", .deposit(coin("0.05", "BTC")), note: "from Kraken")),
        inWallet(
          "Ledger",
          event(
            7, "2020-02-01T00:00:00Z", .income(coin("0.001", "BTC"), .staking),
            value: money("8.5", "GBP"))),
        inWallet(
          "Ledger",
          event(
            8, "2020-03-01T12:00:00Z", .sell(coin: coin("0.01", "BTC"), money: money("80", "GBP")),
            note: "Coffee")),
        inWallet("Ledger", event(10, "2020-03-03T12:00:00Z", .withdrawal(coin("0.001", "BTC")))),
      ])
    #expect(
      result.skipped
        == skips(
          (2, .unknownType("")), (3, .money), (9, .internalMove), (11, .unknownType("Mystery"))))
  }
}
