import CoinsImport
import Testing

@Suite struct CryptoComImportTests {
  /// The MCO/CRO swap: the Overall Swap rows restate the lockup and wallet swaps of the same
  /// second and are skipped (52.01 MCO bought, 40 + 0.01 + 12 sold: none left over, none
  /// invented); a lone Overall Swap is the trade. Lockups of every spelling, the stake handed
  /// back and the bonus sent to the Exchange are internal; a filled limit buy is a buy.
  @Test func theMcoSwapIsCountedOnceAndLockupsAreInternal() throws {
    let result = try ImportFixture.read("cryptocom_app_mco_swap_lockups.csv")
    let eur = { (amount: String) in money(amount, "EUR") }
    expectEvents(
      result.events,
      [
        event(
          2, "2020-07-20T10:00:00Z", .buy(coin: coin("52.01", "MCO"), money: eur("195")),
          value: eur("195"), note: "Buy MCO"),
        event(
          6, "2020-08-03T12:00:00Z",
          .trade(spent: coin("40", "MCO"), received: coin("1000", "CRO")), value: eur("140")),
        event(
          8, "2020-08-03T12:00:00Z",
          .trade(spent: coin("0.01", "MCO"), received: coin("0.25", "CRO")), value: eur("0.05")),
        event(
          12, "2020-08-06T16:00:00Z",
          .trade(spent: coin("12", "MCO"), received: coin("300", "CRO")), value: eur("42")),
        event(
          17, "2025-02-01T07:09:12Z",
          .buy(coin: coin("0.025", "SOL"), money: money("5", "USD")), value: money("5", "USD"),
          note: "USD -> SOL"),
      ])
    #expect(
      result.skipped
        == skips(
          (3, .internalMove), (4, .restated), (5, .restated), (10, .internalMove),
          (11, .internalMove), (14, .internalMove), (15, .internalMove), (16, .internalMove),
          (18, .internalMove)))
  }

  @Test func transactionKindsAndAThirtySixDigitNativeAmount() throws {
    let result = try ImportFixture.read("cryptocom_app_bom.csv")
    let eur = { (amount: String) in money(amount, "EUR") }
    expectEvents(
      result.events,
      [
        event(
          2, "2022-05-01T10:00:00Z", .buy(coin: coin("0.005", "BTC"), money: eur("150")),
          value: eur("150"), note: "Buy BTC"),
        event(
          3, "2022-05-02T10:00:00Z",
          .trade(spent: coin("0.001", "BTC"), received: coin("0.0135", "ETH")),
          value: eur("1077.13070172963885744240152779334955"), note: "BTC -> ETH"),
        event(
          4, "2022-05-03T10:00:00Z", .buy(coin: coin("0.0017", "BTC"), money: eur("50")),
          value: eur("50"), note: "EUR -> BTC"),
        event(
          5, "2022-05-04T10:00:00Z", .sell(coin: coin("0.0005", "BTC"), money: eur("14.9")),
          value: eur("14.9"), note: "BTC -> EUR"),
        event(
          6, "2022-05-05T10:00:00Z", .income(coin("0.42", "USDC"), .interest), value: eur("0.4"),
          note: "Crypto Earn"),
        event(
          7, "2022-05-06T10:00:00Z", .income(coin("1.25", "CRO"), .staking), value: eur("0.35"),
          note: "CRO Stake Rewards"),
        event(
          9, "2022-05-08T10:00:00Z", .withdrawal(coin("0.01", "ETH")), value: eur("20"),
          id: "0xdeadbeef", note: "Withdraw ETH"),
        event(
          10, "2022-05-09T10:00:00Z", .trade(spent: coin("20", "DOGE"), received: coin("6", "CRO")),
          value: eur("1.5")),
        event(
          11, "2022-05-09T10:00:00Z",
          .trade(spent: coin("100000", "SHIB"), received: coin("2", "CRO")),
          value: eur("0.5")),
        event(
          13, "2022-05-10T10:00:00Z", .withdrawal(coin("0.5", "CRO")), value: eur("0.14"),
          note: "Card Cashback Reversal"),
      ])
    #expect(result.skipped == skips((8, .internalMove), (14, .unknownType("lottery_ticket_won"))))
  }

  /// rotki's check: the same file read as Asia/Shanghai puts every event 8 hours earlier.
  @Test func aTimeZoneShiftsEveryEvent() throws {
    let zone = try #require(ImportTimeZone("Asia/Shanghai"))
    let utcRead = try ImportFixture.read("cryptocom_app_bom.csv")
    let local = try ImportFixture.read("cryptocom_app_bom.csv", timeZone: zone)
    for (a, b) in zip(utcRead.events, local.events) {
      #expect(a.date!.timeIntervalSince(b.date!) == 8 * 3600)
    }
  }

  private static let header = """
    Timestamp (UTC),Transaction Description,Currency,Amount,To Currency,To Amount,Native Currency,Native Amount,Native Amount (in USD),Transaction Kind

    """

  @Test func aSwapOfOneCoinForAnother() throws {
    let text =
      Self.header + """
        2022-06-01 10:00:00,Swap,CRO,-100,,,EUR,20,21,lockup_swap_debited
        2022-06-01 10:00:00,Swap,CRO,100,,,EUR,20,21,lockup_swap_credited

        """
    expectEvents(
      try ImportFixture.read(text: text).events,
      [
        event(
          2, "2022-06-01T10:00:00Z",
          .trade(spent: coin("100", "CRO"), received: coin("100", "CRO")),
          value: money("20", "EUR"))
      ])
  }

  @Test func aConversionWithNothingReceivedIsRefused() {
    let text = Self.header + "2022-06-01 10:00:00,Dust,DOGE,-20,,,EUR,1,1,dust_conversion_debited\n"
    #expect(
      ImportFixture.failure(text)
        == "line 2, column Transaction Kind: the dust_conversion_debited rows at 2022-06-01 10:00:00 "
        + "need coins out and coins in")
  }
}
