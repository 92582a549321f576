import Foundation
import Testing

/// `coins portfolio income` values income recorded without a value through the price chain
/// (issue 44), for the report only: the open of its UTC day with the source named on stderr,
/// the file left byte for byte (`reprice` is what stores prices), what no source prices left
/// unknown with each source's reason.
///
/// Coinbase's BTC-USD open of 2021-05-04 is 50,285.02 (the fake's row, see
/// `RepriceEndToEndTests`): 0.01 BTC received that day is worth 0.01 × 50,285.02 = 502.8502,
/// $502.85; with the given row (0.02 × $100 = $2.00) 2021's income is $504.85.
@Suite(.spawnsProcesses) struct IncomePricingEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  /// Bitcoin income: 1 without a value (2021-05-04, 09:30 UTC), 2 at a given $100, 3 without a
  /// value in 2010 (no source has it).
  static let history = """
    {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
    {"id": "1", "type": "in", "amount": "0.01", "income": true, "costUnknown": true, "date": "2021-05-04T09:30:00.000Z"},
    {"id": "2", "type": "in", "amount": "0.02", "price": "100", "currency": "usd", "income": true, "date": "2021-05-05T00:00:00.000Z"},
    {"id": "3", "type": "in", "amount": "1", "income": true, "costUnknown": true, "date": "2010-01-01T00:00:00.000Z"}]}]}

    """

  static let stderr = """
    Note: income without a value, valued at the open of its UTC day for this report only \
    (coins portfolio reprice saves these):
      1  income 0.01 BTC on 2021-05-04: $50,285.02 (Coinbase BTC-USD open, not checked against \
    CoinGecko)
    Warning: no source has a price of this income; its value is unknown:
      3  income 1 BTC on 2010-01-01: Your prices: none imported for btc in USD; CoinGecko: \
    CoinGecko's free plan reaches only the past 365 days (from \(PricesEndToEndTests.yearAgo)); \
    Coinbase: no BTC-USD price on 2010-01-01 or the 7 days before; Binance: no BTCUSDT price on \
    2010-01-01 or the 7 days before

    """

  @Test func incomeWithoutAValueIsValuedAtItsDaysOpenAndTheFileIsNotWritten() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let path = try RepriceEndToEndTests.place(Self.history, in: coins)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let table = try await coins.run(["portfolio", "income"])
    let json = try await coins.run(["portfolio", "income", "--json"])

    #expect(table.status == 0, "\(table.stderr)")
    #expect(
      table.stdout == """
        Income by US rules in USD · days in UTC
        Date        Coin  Amount       Price    Value  ID  Note
        2010-01-01  BTC        1           —        —   3
        2021-05-04  BTC     0.01  $50,285.02  $502.85   1
        2021-05-05  BTC     0.02     $100.00    $2.00   2
        2010 BTC: 1 received, worth —.
        2010: income —.
        2021 BTC: 0.03 received, worth $504.85.
        2021: income $504.85.

        """)
    expectEqual(table.stderr, Self.stderr)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(
      json.stdout.contains(
        #"{"id":"1","date":"2021-05-04T09:30:00.000Z","coin":"bitcoin","amount":0.01,"#
          + #""price":50285.02,"priceCurrency":"usd","value":502.85,"note":null,"#
          + #""provenance":{"pricing":"dayPrice","source":"coinbase, unverified","conversion":null}}"#
      ))
    #expect(json.stdout.contains(#""year":2021,"value":504.85"#))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: path)), before)
  }

  @Test func offlineTheIncomeStaysUnknownWithEachSourcesReason() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    _ = try RepriceEndToEndTests.place(
      """
      {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
      {"id": "1", "type": "in", "amount": "0.01", "income": true, "costUnknown": true, "date": "2021-05-04T09:30:00.000Z"}]}]}

      """, in: coins)

    let result = try await coins.run(["portfolio", "income", "--csv"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        date,coin,amount,price,priceCurrency,value,currency,id,note,provenance
        2021-05-04,bitcoin,0.01,,usd,,usd,1,,unknown

        """)
    #expect(
      result.stderr.hasPrefix(
        "Warning: no source has a price of this income; its value is unknown:\n  1  income 0.01 "
          + "BTC on 2021-05-04: Your prices: none imported for btc in USD; "))
    #expect(
      result.stderr.contains("; Coinbase: Coinbase could not be reached: connection refused;"))
  }
}
