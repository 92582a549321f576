import CoinsImport
import Testing

@Suite struct BybitImportTests {
  /// UTA order history: pairs run together, times written time first, Fees without a unit in
  /// the asset received (0.002 SOL of 2 bought; 0.16 USDT of 160 from a sale).
  @Test func unifiedSpotOrderHistory() throws {
    let result = try ImportFixture.read("bybit_spot_uta.csv")
    #expect(result.format == "bybit")
    #expect(result.version == "spot order history (UTA)")
    expectEvents(
      result.events,
      [
        event(
          2, "2024-11-21T09:15:00Z",
          .trade(spent: coin("300", "USDT"), received: coin("1.998", "SOL")),
          fees: [fee(coin("0.002", "SOL"), .deductedFromReceived)], id: "T100"),
        event(
          3, "2024-11-27T18:40:00Z",
          .trade(spent: coin("1", "SOL"), received: coin("159.84", "USDT")),
          fees: [fee(coin("0.16", "USDT"), .deductedFromReceived)], id: "T101"),
      ])
  }

  /// The older trade history: units in every figure, the UTC clock read (not the local one,
  /// two hours ahead).
  @Test func olderSpotTradeHistoryWithUnits() throws {
    let result = try ImportFixture.read("bybit_spot_trade_history.csv")
    #expect(result.version == "spot trade history")
    expectEvents(
      result.events,
      [
        event(
          2, "2024-09-23T12:30:00Z",
          .buy(coin: coin("0.00999", "BTC"), money: money("600", "EUR")),
          fees: [fee(coin("0.00001", "BTC"), .deductedFromReceived)], id: "900001"),
        event(
          3, "2024-09-25T05:00:00Z", .sell(coin: coin("0.005", "BTC"), money: money("310", "EUR")),
          fees: [fee(money("0.31", "EUR"), .money)], id: "900002"),
      ])
  }

  /// The funding log below its `UID:` line, newest first: an airdrop, a card buy (a deposit of
  /// unknown cost), a transfer to the trading account (internal); the latest balance of each
  /// coin is kept (EUR: 0.5 at 08:18:57, not 20.5 at 08:16:17).
  @Test func fundingAssetChangesAndTheirBalances() throws {
    let result = try ImportFixture.read("bybit_funding_uid.csv")
    #expect(result.headerLine == 2)
    expectEvents(
      result.events,
      [
        event(
          3, "2026-06-10T05:09:23Z", .income(coin("0.0003", "BTC"), .airdrop),
          note: "Airdrop Bonus"),
        event(
          6, "2026-06-05T07:26:43Z", .deposit(coin("0.0005", "BTC")),
          note: "Buy Crypto with Card"),
      ])
    #expect(
      result.skipped
        == skips(
          (4, .internalMove), (5, .money), (7, .unknownType("Mystery/Something New"))))
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), "Funding", "0.0008", 3, "2026-06-10T05:09:23Z"),
        balance(.money("EUR"), "Funding", "0.5", 4, "2026-06-05T08:18:57Z"),
        balance(.coin("USDT"), "Funding", "15", 7, "2026-06-01T10:00:00Z"),
      ])
  }

  /// The funding log's other headers: without `Uid`, and the older one (`Amount`, `Wallet
  /// Balance`, `Time(UTC)`, no description).
  @Test func fundingLogsOfTheOtherHeaders() throws {
    let noUid = try ImportFixture.read(
      text: "Date & Time(UTC),Coin,QTY,Type,Account Balance,Description\n"
        + "2025-01-02 03:04:05,ETH,0.5,Deposit,0.5,Deposit\n")
    #expect(noUid.version == "funding asset changes (no uid)")
    expectEvents(
      noUid.events,
      [event(2, "2025-01-02T03:04:05Z", .deposit(coin("0.5", "ETH")), note: "Deposit")])
    let older = try ImportFixture.read(
      text: "Type,Coin,Amount,Wallet Balance,Time(UTC)\n"
        + "Withdraw,ETH,-0.2,0.3,2025-01-03 00:00:00\n")
    #expect(older.version == "funding asset changes (older)")
    expectEvents(older.events, [event(2, "2025-01-03T00:00:00Z", .withdrawal(coin("0.2", "ETH")))])
    #expect(
      older.statedBalances == [balance(.coin("ETH"), "Funding", "0.3", 2, "2025-01-03T00:00:00Z")])
  }

  /// The unified account log: a fill is two rows, one per currency; the fee (Fee Paid) is on
  /// the row of the currency received. 0.0001 BTC sold for 5 EUR less 0.0125 EUR; 20 EUR for
  /// 0.0005 BTC less 0.00000125 BTC. Balances: BTC 0.0005 − 0.00000125 − 0.0001 = 0.00039875,
  /// EUR 40 − 20 + 5 − 0.0125 = 24.9875.
  @Test func unifiedAccountLogFillsAndBalances() throws {
    let result = try ImportFixture.read("bybit_unified_uid.csv")
    expectEvents(
      result.events,
      [
        event(
          3, "2026-06-05T08:22:50Z", .sell(coin: coin("0.0001", "BTC"), money: money("5", "EUR")),
          fees: [fee(money("0.0125", "EUR"), .money)]),
        event(
          5, "2026-06-05T08:20:00Z",
          .buy(coin: coin("0.00049875", "BTC"), money: money("20", "EUR")),
          fees: [fee(coin("0.00000125", "BTC"), .deductedFromReceived)]),
      ])
    #expect(result.skipped == skips((7, .internalMove)))
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), "Unified Trading", "0.00039875", 3, "2026-06-05T08:22:50Z"),
        balance(.money("EUR"), "Unified Trading", "24.9875", 4, "2026-06-05T08:22:50Z"),
      ])
  }
}
