import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// `/simple/price`, `/search/trending`, `/coins/categories` and `/exchange_rates` read without
/// trusting them: nulls, wrong types and impossible numbers are unknown, never 0 or a crash.
@Suite struct QuickAnswerDecoderTests {
  private func data(_ text: String) -> Data { Data(text.utf8) }

  @Test func simplePriceReadsIntegerPricesChangesAndUpdateTimes() throws {
    let body = #"{"bitcoin":{"usd":76975,"usd_24h_change":-1.25,"last_updated_at":1779092258}}"#
    let prices = try SimplePriceDecoder.decode(data(body), ids: ["bitcoin"], currency: "usd")
    #expect(
      prices == [
        CoinPrice(
          id: "bitcoin", price: 76975, change24h: -1.25,
          updatedAt: Date(timeIntervalSince1970: 1_779_092_258))
      ])
  }

  @Test func simplePriceGarbageIsUnknownAndMissingCoinsKeepTheirPlace() throws {
    let body = """
      {"a":{"usd":-5,"usd_24h_change":"up","last_updated_at":-1},
       "b":{"usd":null,"usd_24h_change":1e999},"c":"nonsense","d":{"usd":1e-9}}
      """
    let prices = try SimplePriceDecoder.decode(
      data(body), ids: ["d", "a", "b", "c", "e"], currency: "usd")
    #expect(
      prices == [
        CoinPrice(id: "d", price: 1e-9), CoinPrice(id: "a", price: nil),
        CoinPrice(id: "b", price: nil), CoinPrice(id: "c", price: nil),
        CoinPrice(id: "e", price: nil),
      ])
  }

  @Test func simplePriceWithoutTheCurrencyAnywhereIsAnUnknownCurrency() {
    #expect(throws: CoinGeckoError.unknownCurrency("xyz")) {
      try SimplePriceDecoder.decode(
        data(#"{"bitcoin":{},"ethereum":{"last_updated_at":1}}"#), ids: ["bitcoin", "ethereum"],
        currency: "xyz")
    }
  }

  @Test func simplePriceOfTheWrongShapeIsUndecodable() {
    #expect(throws: CoinGeckoError.undecodable(excerpt: "[1,2]")) {
      try SimplePriceDecoder.decode(data("[1,2]"), ids: ["a"], currency: "usd")
    }
  }

  @Test func trendingReadsItemsAndSanitizesNames() throws {
    let body = """
      {"coins":[{"item":{"id":"bonk","name":"Bonk\\u001b[31m","symbol":"BONK","market_cap_rank":103,
        "data":{"price":5.9e-06,"price_change_percentage_24h":{"usd":-3.25,"btc":-1.2}}}},
       {"item":{"id":"x","name":"X","symbol":"X","market_cap_rank":"high",
        "data":{"price":"$1.23","price_change_percentage_24h":null}}},
       {"item":{"name":"no id"}}],"nfts":[],"categories":[]}
      """
    #expect(
      try TrendingDecoder.decode(data(body)) == [
        TrendingCoin(
          id: "bonk", symbol: "bonk", name: "Bonk", rank: 103, price: 5.9e-06, change24h: -3.25),
        TrendingCoin(id: "x", symbol: "x", name: "X", rank: nil, price: nil, change24h: nil),
      ])
    #expect(throws: CoinGeckoError.self) { try TrendingDecoder.decode(data(#"{"coins":{}}"#)) }
  }

  @Test func categoriesReadFiguresAndSkipEntriesWithoutIds() throws {
    let body = """
      [{"id":"layer-1","name":"Layer 1 (L1)","market_cap":2152576804747.25,
        "market_cap_change_24h":-0.5,"volume_24h":44289945362,"updated_at":"2026-05-26T10:01:55.213Z"},
       {"id":"odd","name":"Odd","market_cap":-1,"market_cap_change_24h":"x","volume_24h":null,
        "updated_at":"yesterday"},{"name":"no id"},7]
      """
    let categories = try CategoriesDecoder.decode(data(body))
    expectEqual(categories.count, 2)
    expectEqual(categories[0].marketCap, 2_152_576_804_747.25)
    expectEqual(categories[0].change24h, -0.5)
    expectEqual(categories[0].volume, 44_289_945_362)
    expectEqual(categories[0].updatedAt.map(ISO8601Timestamp.format), "2026-05-26T10:01:55.213Z")
    expectEqual(categories[1], CoinCategory(id: "odd", name: "Odd"))
  }

  @Test func exchangeRatesKeepOnlyPositiveRates() throws {
    let body = """
      {"rates":{"btc":{"name":"Bitcoin","unit":"BTC","value":1.0,"type":"crypto"},
       "EUR":{"name":"Euro","unit":"€","value":45000,"type":"fiat"},
       "bad":{"name":"Bad","value":-3},"worse":{"value":"many"},"zero":{"value":0}}}
      """
    #expect(
      try ExchangeRatesDecoder.decode(data(body)) == [
        ExchangeRate(code: "btc", name: "Bitcoin", perBitcoin: 1, kind: "crypto"),
        ExchangeRate(code: "eur", name: "Euro", perBitcoin: 45000, kind: "fiat"),
      ])
    #expect(throws: CoinGeckoError.self) { try ExchangeRatesDecoder.decode(data("{}")) }
  }

  @Test func endpointsAskForWhatTheCommandsNeed() {
    let base = "https://api.coingecko.com/api/v3"
    #expect(
      CoinGeckoEndpoint.simplePrice(ids: ["bitcoin", "solana"], currency: "eur")
        .url(baseURL: base)?.absoluteString
        == base + "/simple/price?ids=bitcoin,solana&vs_currencies=eur"
        + "&include_24hr_change=true&include_last_updated_at=true")
    #expect(
      CoinGeckoEndpoint.categoryMarkets(currency: "usd", category: "layer-1", page: 2)
        .url(baseURL: base)?.absoluteString
        == base + "/coins/markets?category=layer-1&vs_currency=usd&order=market_cap_desc"
        + "&per_page=250&page=2&sparkline=true&price_change_percentage=1h,24h,7d")
    #expect(
      CoinGeckoEndpoint.trending.url(baseURL: base)?.absoluteString == base + "/search/trending")
    #expect(
      CoinGeckoEndpoint.categories.url(baseURL: base)?.absoluteString == base + "/coins/categories")
    #expect(
      CoinGeckoEndpoint.exchangeRates.url(baseURL: base)?.absoluteString
        == base + "/exchange_rates")
  }
}
