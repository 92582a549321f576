import CoinsImport
import Testing

@Suite struct BinanceImportTests {
  @Test func statementTradesAreTheRowsOfOneSecond() throws {
    let result = try ImportFixture.read("binance_statement_userid.csv")
    expectEvents(
      result.events,
      [
        event(2, "2022-01-10T08:00:00Z", .deposit(coin("500", "USDT"))),
        event(
          3, "2022-01-10T09:15:30Z",
          .trade(spent: coin("420", "USDT"), received: coin("0.01", "BTC")),
          fees: [fee(coin("0.00075", "BNB"), .ownDisposal)]),
        event(3, "2022-01-10T09:15:30Z", .feeDisposal(coin("0.00075", "BNB"))),
        event(
          6, "2022-01-11T10:00:00Z",
          .trade(spent: coin("60", "USDT"), received: coin("0.1998", "ETH")),
          fees: [fee(coin("0.0002", "ETH"), .deductedFromReceived)]),
        event(9, "2022-01-12T00:00:01Z", .income(coin("0.01234567", "USDT"), .interest)),
        event(
          12, "2022-01-13T12:00:00Z",
          .trade(spent: coin("0.00003605", "DOGE"), received: coin("0.0000001", "BNB"))),
        event(
          14, "2022-01-13T12:00:00Z",
          .trade(spent: coin("1.5", "TRX"), received: coin("0.0002", "BNB"))),
        event(
          16, "2022-01-14T16:00:00Z", .withdrawal(coin("0.005", "BTC")),
          note: "Withdraw fee is included"),
        event(
          18, "2022-01-15T16:00:01Z", .buy(coin: coin("0.03", "ETH"), money: money("100", "EUR")),
          fees: [fee(money("0.1", "EUR"), .money)]),
      ])
    #expect(
      result.skipped
        == skips(
          (10, .internalMove), (11, .internalMove), (17, .money), (21, .unknownType("Crypto Box"))))
  }

  @Test func statementWithoutUserIDOrInSpanishWithTwoDigitYears() throws {
    let old = try ImportFixture.read("binance_statement_2021_bom.csv")
    expectEvents(
      old.events,
      [
        event(
          2, "2021-05-01T07:00:00Z",
          .trade(spent: coin("100", "ADA"), received: coin("144.855", "BUSD")),
          fees: [fee(coin("0.145", "BUSD"), .deductedFromReceived)]),
        event(6, "2021-05-03T07:00:00Z", .income(coin("0.00004", "BETH"), .staking)),
      ])
    #expect(old.skipped == skips((5, .internalMove)))
    let spanish = try ImportFixture.read("binance_statement_es_2digit_years.csv")
    expectEvents(
      spanish.events,
      [
        event(
          2, "2025-01-04T11:08:17Z",
          .trade(spent: coin("0.5", "BNB"), received: coin("1.72", "SOL"))),
        event(4, "2025-01-05T00:00:00Z", .income(coin("0.00123", "SOL"), .interest)),
      ])
  }

  @Test func spotHistoryWrappedRowsThousandsAndTickersInFigures() throws {
    let result = try ImportFixture.read("binance_spot_wrapped_rows.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2021-01-09T10:11:12Z",
          .trade(spent: coin("114.262", "USDT"), received: coin("0.00999", "BTC")),
          fees: [fee(coin("0.00001", "BTC"), .deductedFromReceived)]),
        event(
          3, "2021-01-09T10:12:13Z",
          .trade(spent: coin("0.5", "ETH"), received: coin("0.0175", "BTC")),
          fees: [fee(coin("0.00081795", "BNB"), .ownDisposal)]),
        event(3, "2021-01-09T10:12:13Z", .feeDisposal(coin("0.00081795", "BNB"))),
      ])
  }

  @Test func spotHistorySemicolonsAndMoneyQuotes() throws {
    let result = try ImportFixture.read("binance_spot_semicolon_quantity.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2023-07-01T12:00:00Z", .buy(coin: coin("0.5", "ETH"), money: money("850", "EUR")),
          fees: [fee(money("0.85", "EUR"), .money)]),
        event(
          3, "2023-07-02T12:00:00Z", .sell(coin: coin("0.2002", "ETH"), money: money("360", "EUR")),
          fees: [fee(coin("0.0002", "ETH"), .addedToSpent)]),
      ])
  }

  @Test func spotHistoryLocalisedAndTheOlderLayout() throws {
    expectEvents(
      try ImportFixture.read("binance_spot_cz.csv").events,
      [
        event(
          2, "2024-03-08T10:15:42Z",
          .trade(spent: coin("75", "USDT"), received: coin("99.9", "ADA")),
          fees: [fee(coin("0.1", "ADA"), .deductedFromReceived)])
      ])
    expectEvents(
      try ImportFixture.read("binance_spot_es.csv").events,
      [
        event(
          2, "2024-03-09T10:15:42Z",
          .trade(spent: coin("10", "DOT"), received: coin("89.91", "USDT")),
          fees: [fee(coin("0.09", "USDT"), .deductedFromReceived)])
      ])
    expectEvents(
      try ImportFixture.read("binance_spot_xlsx_layout.csv").events,
      [
        event(
          2, "2019-06-01T01:02:03Z",
          .trade(spent: coin("100", "USDT"), received: coin("40", "1INCH")),
          fees: [fee(coin("0.03", "BNB"), .ownDisposal)]),
        event(2, "2019-06-01T01:02:03Z", .feeDisposal(coin("0.03", "BNB"))),
        event(
          3, "2019-06-02T01:02:03Z",
          .trade(spent: coin("2", "BNB"), received: coin("0.006993", "BTC")),
          fees: [fee(coin("0.000007", "BTC"), .deductedFromReceived)]),
      ])
  }

  /// ETH staked for BETH is a trade of the two (not BETH income and an unknown ETH row), kept
  /// apart from a trade in the same second; Commission History (referral kickbacks) is income.
  @Test func ethStakingIsATradeAndCommissionIsIncome() throws {
    let result = try ImportFixture.read("binance_statement_eth2_commission.csv")
    expectEvents(
      result.events,
      [
        event(
          2, "2021-02-01T09:00:00Z",
          .trade(spent: coin("0.5", "ETH"), received: coin("0.5", "BETH"))),
        event(
          4, "2021-02-01T09:00:00Z",
          .trade(spent: coin("100", "USDT"), received: coin("2", "BNB"))),
        event(6, "2021-02-02T00:00:00Z", .income(coin("0.00012", "BETH"), .staking)),
        event(7, "2021-02-03T10:20:30Z", .income(coin("0.00000438", "BNB"), .referral)),
      ])
    #expect(result.skipped.isEmpty)
  }

  private static let statementHeader = "UTC_Time,Account,Operation,Coin,Change,Remark\n"

  @Test func aCardBuyListsOnlyTheCoinReceivedAndIsADeposit() throws {
    let text = Self.statementHeader + "2022-02-01 10:00:00,Spot,Buy Crypto,BTC,0.002,\n"
    expectEvents(
      try ImportFixture.read(text: text).events,
      [event(2, "2022-02-01T10:00:00Z", .deposit(coin("0.002", "BTC")))])
  }

  @Test func rowsOfOneSecondThatDoNotPairAreRefused() {
    let text =
      Self.statementHeader + """
        2022-02-01 10:00:00,Spot,Transaction Spend,USDT,-10,
        2022-02-01 10:00:00,Spot,Transaction Spend,ETH,-1,
        2022-02-01 10:00:00,Spot,Transaction Buy,BTC,0.001,

        """
    #expect(
      ImportFixture.failure(text)
        == "line 3, column Change: the trade rows at 2022-02-01 10:00:00 do not pair into trades "
        + "(one coin out, one in)")
  }

  /// Linear in the rows: a generated statement of 5,000 rows (a debug build; the release figure
  /// for 100,000 rows is in docs/imports.md).
  @Test func aLargeStatementReadsEveryRow() throws {
    var text = Self.statementHeader
    for second in 0..<1250 {
      let time = "2022-03-01 \(10 + second / 3600):\(pad(second / 60 % 60)):\(pad(second % 60))"
      text +=
        "\(time),Spot,Transaction Spend,USDT,-100.5,\n\(time),Spot,Transaction Buy,ETH,0.05,\n"
      text += "\(time),Spot,Transaction Fee,BNB,-0.0001,\n\(time),Spot,Deposit,SOL,1.25,\n"
    }
    let result = try ImportFixture.read(text: text)
    #expect(result.rowsRead == 5000)
    #expect(result.events.count == 3750)
    #expect(
      result.events.filter { if case .trade = $0.action { true } else { false } }.count == 1250)
  }

  private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
