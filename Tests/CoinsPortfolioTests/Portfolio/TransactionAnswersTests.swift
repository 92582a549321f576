import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// The answers the transactions read — `/coins/{id}/history`, bitcoin's `market_chart`,
/// `/exchange_rates` — as our own small fixtures in the real shapes, hostile ones included.
@Suite struct TransactionAnswersTests {
  private let base = "https://api.coingecko.com/api/v3"

  private func data(_ text: String) -> Data { Data(text.utf8) }

  @Test func theEndpointsAskForWhatTheDocsSay() {
    #expect(
      CoinGeckoEndpoint.history(id: "bitcoin", date: "01-03-2026").url(baseURL: base)?
        .absoluteString
        == "\(base)/coins/bitcoin/history?date=01-03-2026&localization=false")
    #expect(
      CoinGeckoEndpoint.marketChart(id: "bitcoin", currency: "eur", days: "365").url(baseURL: base)?
        .absoluteString == "\(base)/coins/bitcoin/market_chart?vs_currency=eur&days=365")
    #expect(
      CoinGeckoEndpoint.exchangeRates.url(baseURL: base)?.absoluteString
        == "\(base)/exchange_rates")
    expectEqual(HistoryAnswer.dayText(PortfolioFixtures.date("2026-03-01T23:59:00Z")), "01-03-2026")
  }

  @Test func historyPricesAreExactAndHostileValuesAreSkipped() throws {
    let answer = try HistoryAnswer.decode(
      data(
        #"{"id":"bitcoin","market_data":{"current_price":{"usd":42208.202176186474,"#
          + #""EUR":38240.2,"sats":1.6446899669484214e-05,"bad":null,"neg":-1,"huge":1e300,"#
          + #""text":"12"},"market_cap":{"usd":1}}}"#))
    #expect(
      answer.prices == [
        "usd": PortfolioFixtures.decimal("42208.202176186474"),
        "eur": PortfolioFixtures.decimal("38240.2"),
        "sats": PortfolioFixtures.decimal("0.000016446899669484"),
      ])
  }

  @Test func beforeACoinExistedThereIsNoPrice() throws {
    try expectEqual(HistoryAnswer.decode(data(#"{"id":"x","symbol":"x","name":"X"}"#)).prices, [:])
  }

  @Test func garbageIsUndecodableWithAnExcerpt() {
    // The terminal escape never reaches the message.
    #expect(throws: CoinGeckoError.undecodable(excerpt: "not json {")) {
      try HistoryAnswer.decode(data("not json \u{1B}[31m{"))
    }
    #expect(throws: CoinGeckoError.self) { try BitcoinDailyPrices.decode(data(#"{"prices":7}"#)) }
    #expect(throws: CoinGeckoError.self) { try BitcoinDailyPrices.today(data("[]")) }
  }

  @Test func dailyPricesAreByUTCDayWithoutTheLivePoint() throws {
    // 2026-03-01 and 2026-03-02 at 00:00 UTC, a null, then the live point (left out).
    let prices = try BitcoinDailyPrices.decode(
      data(
        #"{"prices":[[1772323200000,40000.5],[1772409600000,41000],[1772496000000,null],"#
          + #"[1772500000000,99999]],"market_caps":[],"total_volumes":[]}"#))
    expectEqual(prices, [20513: PortfolioFixtures.decimal("40000.5"), 20514: 41000])
  }

  @Test func todaysRatesAreEachCurrencysPriceOfOneBitcoin() throws {
    let rates = try BitcoinDailyPrices.today(
      data(
        #"{"rates":{"btc":{"name":"Bitcoin","unit":"BTC","value":1.0,"type":"crypto"},"#
          + #""usd":{"name":"US Dollar","unit":"$","value":98000.5,"type":"fiat"},"#
          + #""eur":{"value":"90000"},"xyz":{"value":-3}}}"#))
    expectEqual(rates, ["btc": 1, "usd": PortfolioFixtures.decimal("98000.5")])
  }
}
