import CoinsImport
import Testing

@Suite struct CoinbaseImportTests {
  private static let euro = ImportedAsset.money("EUR")

  @Test func v4WithWindows1252EuroSignsConvertsAndAdvancedTrades() throws {
    let result = try ImportFixture.read("coinbase_v4_cp1252_preamble.csv")
    let id = "6637ac0d7724c7009596c3"
    expectEvents(
      result.events,
      [
        event(
          6, "2024-01-05T10:00:00Z", .buy(coin: coin("0.01", "BTC"), money: money("400", "EUR")),
          fees: [fee(money("5.99", "EUR"), .money)], value: money("400", "EUR"), id: id + "64",
          note: "Bought 0.01 BTC for €405.99 EUR"),
        event(
          7, "2024-01-06T11:00:00Z", .sell(coin: coin("0.25", "ETH"), money: money("597.5", "EUR")),
          fees: [fee(money("6", "EUR"), .money)], value: money("597.5", "EUR"), id: id + "65",
          note: "Sold 0.25 ETH for €591.50 EUR"),
        event(
          8, "2024-01-07T12:00:00Z",
          .trade(spent: coin("0.00087766", "ETH"), received: coin("1.629352", "USDC")),
          fees: [fee(money("0.03", "EUR"), .money)], value: money("1.8", "EUR"), id: id + "66",
          note: "Converted 0.00087766 ETH to 1.629352 USDC"),
        event(
          9, "2024-01-08T13:00:00Z", .withdrawal(coin("0.005", "BTC")), value: money("205", "EUR"),
          id: id + "67", note: "Sent 0.005 BTC to bc1qexample"),
        event(
          10, "2024-01-09T14:00:00Z", .income(coin("0.00012", "ETH"), .staking),
          value: money("0.25", "EUR"), id: id + "68"),
        event(
          11, "2024-01-10T15:00:00Z",
          .trade(spent: coin("196.5", "USDC"), received: coin("2", "SOL")),
          fees: [fee(money("0.9", "EUR"), .money)], value: money("180", "EUR"), id: id + "69",
          note: "Bought 2 SOL for 196.5 USDC on SOL-USDC at 98.25 USDC/SOL"),
        event(
          12, "2024-01-11T16:00:00Z", .sell(coin: coin("0.002", "BTC"), money: money("84", "EUR")),
          fees: [fee(money("0.5", "EUR"), .money)], value: money("84", "EUR"), id: id + "6a",
          note: "Sold 0.002 BTC for €84.00 EUR on BTC-EUR at €42000.00 EUR/BTC"),
      ])
    #expect(
      result.skipped
        == skips((13, .money), (14, .internalMove), (15, .unknownType("Retail Simple Dust"))))
  }

  @Test func v4From2025WithABOMAddressesAndCRLF() throws {
    let result = try ImportFixture.read("coinbase_v4_2025_bom_addresses.csv")
    expectEvents(
      result.events,
      [
        event(
          5, "2025-02-01T08:00:00Z", .deposit(coin("12.5", "CELO")), value: money("8.88", "USD"),
          id: "68a1b2c3d4e5f60718293a4b"),
        event(
          6, "2025-02-02T09:00:00Z",
          .buy(coin: coin("0.123456789012345678", "ETH"), money: money("412.73", "USD")),
          fees: [fee(money("4", "USD"), .money)], value: money("412.73", "USD"),
          id: "68a1b2c3d4e5f60718293a4c"),
      ])
    #expect(result.skipped == skips((7, .moneyForMoney)))
  }

  @Test func v3WithTheDisclaimerPreambleAndEmptyFigures() throws {
    let result = try ImportFixture.read("coinbase_v3_bom_preamble.csv")
    expectEvents(
      result.events,
      [
        event(
          9, "2023-04-20T04:05:40Z", .buy(coin: coin("0.0025", "BTC"), money: money("70", "USD")),
          fees: [fee(money("1.99", "USD"), .money)], value: money("70", "USD"),
          note: "Bought 0.0025 BTC for $71.99 USD"),
        event(
          10, "2023-04-21T05:06:41Z", .deposit(coin("0.00000001", "BTC")),
          note: "Received 0.00000001 BTC from an external account"),
        event(
          11, "2023-04-22T06:07:42Z", .income(coin("1.5", "CELO"), .learning),
          value: money("0.99", "USD"), note: "Received 1.5 CGLD from Coinbase Earn"),
        event(
          12, "2023-04-23T07:08:43Z", .income(coin("0.013", "USDC"), .reward),
          value: money("0.01", "USD"), note: "Received 0.013 USDC from Coinbase Rewards"),
      ])
  }

  @Test func v3Of2021AndV1WithTheCurrencyInTheColumnNames() throws {
    let v3 = try ImportFixture.read("coinbase_v3_2021_nopreamble.csv")
    expectEvents(
      v3.events,
      [
        event(
          2, "2021-10-01T12:00:00Z", .sell(coin: coin("2", "LTC"), money: money("260", "GBP")),
          fees: [fee(money("3.9", "GBP"), .money)], value: money("260", "GBP"),
          note: "Sold 2.0000 LTC for £256.10 GBP")
      ])
    #expect(v3.skipped == skips((3, .money)))
    let v1 = try ImportFixture.read("coinbase_v1_eur_columns.csv")
    expectEvents(
      v1.events,
      [
        event(
          2, "2019-11-03T09:15:00Z", .buy(coin: coin("1.5", "ETH"), money: money("240.3", "EUR")),
          fees: [fee(money("3.59", "EUR"), .money)], value: money("240.3", "EUR"),
          note: "Bought 1.5000 ETH for €243.89 EUR"),
        event(
          3, "2019-11-04T09:15:00Z", .income(coin("10.1234567", "XLM"), .learning),
          value: money("0.61", "EUR"), note: "Received 10.1234567 XLM from Coinbase Earn"),
      ])
  }

  /// A Convert's Subtotal and Total are the two sides' values. Total below Subtotal: the €5
  /// fee is inside the €210 Subtotal, so the SOL is worth €205 and costs €210 (= 0.005 BTC at
  /// €42,000), not €215. Fees blank: the spread is still Total − Subtotal, €10, so the XRP
  /// costs €190 (= 0.002 BTC at €95,000). An Advanced Trade whose Notes state another quantity
  /// keeps the Quantity column and says so.
  @Test func convertsCostWhatWasGivenUpAndAdvancedTradesWarn() throws {
    let result = try ImportFixture.read("coinbase_v4_converts_spread.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2025-01-03T22:35:59Z",
          .trade(spent: coin("0.005", "BTC"), received: coin("1.5", "SOL")),
          fees: [fee(money("5", "EUR"), .money)], value: money("205", "EUR"), id: "cv1",
          note: "Converted 0.005 BTC to 1.5 SOL"),
        event(
          3, "2024-12-05T06:33:40Z",
          .trade(spent: coin("0.002", "BTC"), received: coin("80", "XRP")),
          fees: [fee(money("10", "EUR"), .money)], value: money("180", "EUR"), id: "cv2",
          note: "Converted 0.002 BTC to 80 XRP"),
        event(
          4, "2024-12-06T06:00:00Z", .buy(coin: coin("0.5", "BTC"), money: money("10000", "EUR")),
          fees: [fee(money("25", "EUR"), .money)], value: money("10000", "EUR"), id: "at1",
          note: "Bought 0.25 BTC for €10000.00 EUR on BTC-EUR at €40000.00 EUR/BTC"),
      ])
    #expect(
      result.warnings == [
        ImportWarning(
          line: 4, column: "Quantity Transacted",
          message: "0.5 BTC disagrees with Notes' 0.25 BTC; the quantity is used, the money is "
            + "Notes' 10000 EUR")
      ])
  }

  @Test func aConvertWhoseNotesDoNotSayWhatCameInIsRefused() {
    let text = """
      Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
      2023-01-01T00:00:00Z,Convert,ETH,1,USD,1200,1200,1210,10,Swapped

      """
    #expect(
      ImportFixture.failure(text)
        == "line 2, column Notes: 'Swapped' is not 'Converted <amount> <asset> to <amount> <asset>'"
    )
  }

  @Test func movesBetweenCoinbaseAndCoinbaseProAreTransfers() throws {
    let text = """
      Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
      2022-01-01T00:00:00Z,Pro Deposit,BTC,0.1,USD,47000,4700,4700,0,
      2022-01-02T00:00:00Z,Exchange Withdrawal,BTC,0.05,USD,47000,2350,2350,0,
      2022-01-03T00:00:00Z,Inflation Reward,XTZ,0.3,USD,4,1.2,1.2,0,

      """
    expectEvents(
      try ImportFixture.read(text: text).events,
      [
        event(
          2, "2022-01-01T00:00:00Z", .withdrawal(coin("0.1", "BTC")), value: money("4700", "USD")),
        event(
          3, "2022-01-02T00:00:00Z", .deposit(coin("0.05", "BTC")), value: money("2350", "USD")),
        event(
          4, "2022-01-03T00:00:00Z", .income(coin("0.3", "XTZ"), .staking),
          value: money("1.2", "USD")),
      ])
  }
}
