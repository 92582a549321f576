import CoinsImport
import Testing

@Suite struct BitfinexImportTests {
  /// Dates day first: `04-02-20` is 4 February 2020 (read year first, as two-digit years are
  /// elsewhere, it would be 20 February 2004). 0.02 BTC at 9000 = 180 USD less a 0.00004 BTC
  /// fee; 1.5 ETH at 0.02 = 0.03 BTC less 0.00006 BTC.
  @Test func tradesWithDayFirstDates() throws {
    let result = try ImportFixture.read("bitfinex_trades_ddmmyy.csv")
    #expect(result.format == "bitfinex")
    #expect(result.version == "trades")
    expectEvents(
      result.events,
      [
        event(
          2, "2020-02-04T16:52:06Z",
          .buy(coin: coin("0.01996", "BTC"), money: money("180", "USD")),
          fees: [fee(coin("0.00004", "BTC"), .deductedFromReceived)], id: "101"),
        event(
          3, "2020-03-13T08:00:00Z",
          .trade(spent: coin("1.5", "ETH"), received: coin("0.02994", "BTC")),
          fees: [fee(coin("0.00006", "BTC"), .deductedFromReceived)], id: "102"),
      ])
  }

  @Test func tradesWithoutTheFeePercentColumn() throws {
    let text = """
      #,PAIR,AMOUNT,PRICE,FEE,FEE CURRENCY,DATE,ORDER ID
      7,BTC/EUR,-0.1,8000,-1.6,EUR,31-12-19 23:59:59,9

      """
    let result = try ImportFixture.read(text: text)
    #expect(result.version == "trades (no fee percent)")
    expectEvents(
      result.events,
      [
        event(
          2, "2019-12-31T23:59:59Z", .sell(coin: coin("0.1", "BTC"), money: money("800", "EUR")),
          fees: [fee(money("1.6", "EUR"), .money)], id: "7")
      ])
  }

  /// Ledgers, newest first: a trade is the two Exchange rows and the Trading fees row of one
  /// time; the balance of each currency in each wallet is the latest (USD 140 + 180 − 0.36).
  @Test func ledgersTradesMovesAndBalances() throws {
    let result = try ImportFixture.read("bitfinex_ledgers.csv")
    #expect(result.version == "ledgers")
    expectEvents(
      result.events,
      [
        event(
          2, "2020-02-05T10:00:00Z", .sell(coin: coin("0.02", "BTC"), money: money("180", "USD")),
          fees: [fee(money("0.36", "USD"), .money)]),
        event(
          6, "2020-02-03T08:00:00Z", .deposit(coin("0.05", "BTC")),
          note: "Deposit (BITCOIN) #777 on wallet exchange"),
      ])
    #expect(result.skipped == skips((5, .internalMove)))
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), "exchange", "0.03", 3, "2020-02-05T10:00:00Z"),
        balance(.money("USD"), "exchange", "319.64", 2, "2020-02-05T10:00:00Z"),
      ])
  }

  @Test func ledgersWithoutTheNumberColumn() throws {
    let result = try ImportFixture.read(
      text: "DESCRIPTION,CURRENCY,AMOUNT,BALANCE,DATE,WALLET\n"
        + "Bitcoin Withdrawal #12 on wallet exchange,BTC,-0.01,0.04,07-02-20 12:00:00,exchange\n")
    #expect(result.version == "ledgers (no #)")
    expectEvents(
      result.events,
      [
        event(
          2, "2020-02-07T12:00:00Z", .withdrawal(coin("0.01", "BTC")),
          note: "Bitcoin Withdrawal #12 on wallet exchange")
      ])
    #expect(
      result.statedBalances == [
        balance(.coin("BTC"), "exchange", "0.04", 2, "2020-02-07T12:00:00Z")
      ])
  }

  @Test func aDateThatCannotBeDayFirstIsAnError() {
    let text = """
      #,PAIR,AMOUNT,PRICE,FEE,FEE CURRENCY,DATE,ORDER ID
      7,BTC/EUR,-0.1,8000,-1.6,EUR,02-13-20 10:00:00,9

      """
    #expect(
      ImportFixture.failure(text)
        == "line 2, column DATE: '02-13-20 10:00:00' is not a date and time such as "
        + "2024-03-01 14:30:00")
  }
}
