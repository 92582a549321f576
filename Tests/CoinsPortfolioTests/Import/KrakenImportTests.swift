import CoinsImport
import Testing

/// Kraken's fee decision: the fee is charged on top, as Kraken's own balance arithmetic says
/// (balance = before + amount − fee): 997.4067 EUR spent plus 2.5933 EUR fee is a cost of
/// 1000 EUR for 0.025 BTC (40 000 EUR each), not 997.4067 EUR with the fee netted out.
@Suite struct KrakenImportTests {
  @Test func ledgersV1WithCRLFABlankLineAndRowsListedTwice() throws {
    let result = try ImportFixture.read("kraken_ledgers_v1_crlf.csv")
    expectEvents(
      result.events,
      [
        event(
          4, "2021-02-02T13:30:51Z",
          .buy(coin: coin("0.025", "BTC"), money: money("997.4067", "EUR")),
          fees: [fee(money("2.5933", "EUR"), .money)], id: "TRD001-AAAAA-AAAAAA"),
        event(7, "2021-02-03T10:00:00Z", .deposit(coin("1.5", "ETH")), id: "LDEP02-AAAAA-AAAAAA"),
        event(
          8, "2021-02-04T11:00:00Z",
          .trade(spent: coin("0.5", "ETH"), received: coin("0.016966", "BTC")),
          fees: [fee(coin("0.000034", "BTC"), .deductedFromReceived)], id: "TRD002-AAAAA-AAAAAA"),
        event(
          13, "2021-02-06T00:00:00Z", .income(coin("0.0123456789", "DOT"), .staking),
          id: "LRWD01-AAAAA-AAAAAA"),
        event(
          14, "2021-02-07T15:00:00Z", .withdrawal(coin("0.01", "BTC")),
          fees: [fee(coin("0.0005", "BTC"), .ownDisposal)], id: "LWDR01-AAAAA-AAAAAA"),
        event(
          14, "2021-02-07T15:00:00Z", .feeDisposal(coin("0.0005", "BTC")),
          id: "LWDR01-AAAAA-AAAAAA/fee"),
      ])
    #expect(
      result.skipped
        == skips(
          (2, .notYetCredited), (3, .money), (10, .notYetCredited), (11, .internalMove),
          (12, .internalMove), (15, .unknownType("adjustment"))))
    #expect(result.rowsRead == 13)
  }

  @Test func ledgersV2SpendAndReceiveWithUSDValues() throws {
    let result = try ImportFixture.read("kraken_ledgers_v2_wallet.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2024-03-01T10:00:00Z", .buy(coin: coin("800", "DOGE"), money: money("100", "USD")),
          fees: [fee(money("1.5", "USD"), .money)], value: money("100", "USD"),
          id: "BUY001-BBBBB-BBBBBB"),
        event(
          4, "2024-03-02T00:00:00Z", .income(coin("0.05", "DOT"), .staking),
          value: money("0.42", "USD"), id: "LERN01-BBBBB-BBBBBB"),
      ])
    #expect(result.skipped == skips((5, .internalMove)))
  }

  /// The last stated balance of each asset in each wallet: USD 398.5 after 100 spent and a
  /// 1.5 fee (500 before); DOT 0.05 + 10 = 10.05 in earn.
  @Test func ledgersKeepTheLastStatedBalanceOfEachAssetAndWallet() throws {
    let result = try ImportFixture.read("kraken_ledgers_v2_wallet.csv")
    #expect(
      result.statedBalances == [
        balance(.coin("DOGE"), "spot / main", "800", 3, "2024-03-01T10:00:00Z"),
        balance(.coin("DOT"), "earn / flexible", "10.05", 5, "2024-03-03T00:00:00Z"),
        balance(.money("USD"), "spot / main", "398.5", 2, "2024-03-01T10:00:00Z"),
      ])
  }

  /// v1 has no wallet: a staked asset (`ETH.S`) is its own. An empty balance, or one that is
  /// not a number, states nothing and stops nothing.
  @Test func ledgersV1BalancesEmptyOrUnreadable() throws {
    let text = """
      "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
      "L1","R1","2024-01-01 00:00:00","deposit","","currency","XETH",2.0000000000,0.0000000000,2.0000000000
      "L2","R2","2024-01-02 00:00:00","staking","","currency","ETH.S",0.0100000000,0.0000000000,1.0100000000
      "L3","R3","2024-01-03 00:00:00","deposit","","currency","XETH",1.0000000000,0.0000000000,""
      "L4","R4","2024-01-04 00:00:00","deposit","","currency","XXBT",1.0000000000,0.0000000000,<some-value>

      """
    let result = try ImportFixture.read(text: text)
    #expect(result.events.count == 4)
    #expect(
      result.statedBalances == [
        balance(.coin("ETH"), nil, "2", 2, "2024-01-01T00:00:00Z"),
        balance(.coin("ETH"), "ETH.S", "1.01", 3, "2024-01-02T00:00:00Z"),
      ])
  }

  @Test func ledgersV3QuotedNumbersAndFractionalSeconds() throws {
    let result = try ImportFixture.read("kraken_ledgers_v3_quoted.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2025-06-01T08:00:00.1234Z",
          .trade(spent: coin("250", "USDC"), received: coin("1.6625", "SOL")),
          fees: [fee(coin("0.0041666667", "SOL"), .deductedFromReceived)],
          value: money("250", "USD"), id: "TAAAAA-CCCCC-CCCCCC"),
        event(
          4, "2025-06-02T08:00:00.5Z", .income(coin("25", "W"), .airdrop),
          id: "LA1B2E-CCCCC-CCCCCC"),
      ])
  }

  @Test func tradesWithExtraFieldsAnExcelDateAndPairsSplitByQuote() throws {
    let result = try ImportFixture.read("kraken_trades_v1_extra_fields.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2019-12-24T03:04:05.1234Z",
          .buy(coin: coin("0.015", "BTC"), money: money("97.5", "EUR")),
          fees: [fee(money("0.2535", "EUR"), .money)], id: "TXAAAA-11111-111111"),
        event(
          3, "2019-12-24T15:04:00Z", .sell(coin: coin("100", "XTZ"), money: money("125", "EUR")),
          fees: [fee(money("0.325", "EUR"), .money)], id: "TXBBBB-22222-222222"),
        event(
          4, "2019-12-26T10:00:00Z",
          .trade(spent: coin("0.040064", "BTC"), received: coin("2", "ETH")),
          fees: [fee(coin("0.000064", "BTC"), .addedToSpent)], id: "TXCCCC-33333-333333"),
      ])
  }

  @Test func aTradeWithOnlyOneSideIsRefused() {
    let text = """
      "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
      "L1","R1","2021-02-02 13:30:51","trade","","currency","ZEUR",-10.0,0.0,0.0

      """
    #expect(
      ImportFixture.failure(text)
        == "line 2, column refid: the trade R1 needs a row out and a row in")
  }

  @Test func moneyForMoneyIsSkippedOnBothRows() throws {
    let text = """
      "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
      "L1","R1","2021-02-02 13:30:51","trade","","currency","ZEUR",-100.0,0.2,0.0
      "L2","R1","2021-02-02 13:30:51","trade","","currency","ZUSD",118.0,0.0,118.0

      """
    let result = try ImportFixture.read(text: text)
    #expect(result.events.isEmpty)
    #expect(result.skipped == skips((2, .moneyForMoney), (3, .moneyForMoney)))
  }
}
