import CoinsImport
import Testing

@Suite struct OKXImportTests {
  /// 2020: a byte-order mark before every cell; Amount signed (+ buy); Total and Fee with
  /// their units, the fee in the asset received.
  @Test func trades2020WithAMarkBeforeEveryCell() throws {
    let result = try ImportFixture.read("okx_trades_2020_bom_cells.csv")
    #expect(result.format == "okx")
    #expect(result.version == "trades (2020)")
    expectEvents(
      result.events,
      [
        event(
          2, "2020-09-25T17:27:02Z",
          .trade(spent: coin("100", "USDT"), received: coin("1.997", "LTC")),
          fees: [fee(coin("0.003", "LTC"), .deductedFromReceived)], id: "7001"),
        event(
          3, "2020-09-25T17:00:01Z",
          .trade(spent: coin("1", "LTC"), received: coin("50.949", "USDT")),
          fees: [fee(coin("0.051", "USDT"), .deductedFromReceived)], id: "7002"),
      ])
  }

  /// The trading history's times are in the zone its first line states (UTC+8: 16:00 is
  /// 08:00 UTC). A fill is its order's rows, one per currency: +0.00999 BTC after a 0.00001
  /// fee for −600 USDT. Balances after: BTC 0.00999, USDT 400 (not the 1000 before).
  @Test func tradingHistoryInTheStatedZone() throws {
    let result = try ImportFixture.read("okx_trading_history_2025.csv")
    #expect(result.version == "trading history (2025)")
    expectEvents(
      result.events,
      [
        event(
          3, "2024-03-01T08:00:00Z",
          .trade(spent: coin("600", "USDT"), received: coin("0.00999", "BTC")),
          fees: [fee(coin("0.00001", "BTC"), .deductedFromReceived)], id: "9001")
      ])
    #expect(result.skipped == skips((5, .internalMove)))
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), "Trading", "0.00999", 3, "2024-03-01T08:00:00Z"),
        balance(.coin("USDT"), "Trading", "400", 4, "2024-03-01T08:00:00Z"),
      ])
  }

  /// The 2023 trading history (19 columns, with Filled Price Unit and Position Unit).
  @Test func tradingHistoryOf2023() throws {
    let header =
      "id,Order id,Time,Trade Type,Symbol,Action,Amount,Trading Unit,Filled Price,"
      + "Filled Price Unit,PnL,Fee,Fee Unit,Position Change,Position Balance,Position Unit,"
      + "Balance Change,Balance,Balance Unit\n"
    let result = try ImportFixture.read(
      text: header
        + "2,77,2023-05-01 10:00:00,Spot,ETH-USDT,Sell,1,ETH,2000,USDT,0,-2,USDT,0,0,ETH,1998,1998,USDT\n"
        + "1,77,2023-05-01 10:00:00,Spot,ETH-USDT,Sell,1,ETH,2000,USDT,0,0E-8,ETH,0,0,ETH,-1,0,ETH\n"
    )
    #expect(result.version == "trading history (2023)")
    expectEvents(
      result.events,
      [
        event(
          2, "2023-05-01T10:00:00Z",
          .trade(spent: coin("1", "ETH"), received: coin("1998", "USDT")),
          fees: [fee(coin("2", "USDT"), .deductedFromReceived)], id: "77")
      ])
  }

  @Test func fundingBills() throws {
    let result = try ImportFixture.read("okx_funding_bills_2025.csv")
    expectEvents(
      result.events,
      [
        event(2, "2024-03-02T10:00:00Z", .withdrawal(coin("0.5", "ETH")), id: "3"),
        event(4, "2024-03-01T08:00:00Z", .deposit(coin("2", "ETH")), id: "1"),
      ])
    #expect(result.skipped == skips((3, .internalMove)))
    #expect(
      result.statedBalances == [balance(.coin("ETH"), "Funding", "1", 2, "2024-03-02T10:00:00Z")])
  }
}
