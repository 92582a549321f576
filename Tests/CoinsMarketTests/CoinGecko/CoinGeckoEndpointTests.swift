import CoinGeckoAPI
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct CoinGeckoEndpointTests {
  private let base = "https://api.coingecko.com/api/v3"

  @Test func marketsPageQuery() {
    let endpoint = CoinGeckoEndpoint.markets(currency: "eur", page: 3, perPage: 250)
    expectEqual(endpoint.path, "/coins/markets")
    #expect(
      endpoint.queryItems == [
        URLQueryItem(name: "vs_currency", value: "eur"),
        URLQueryItem(name: "order", value: "market_cap_desc"),
        URLQueryItem(name: "per_page", value: "250"),
        URLQueryItem(name: "page", value: "3"),
        URLQueryItem(name: "sparkline", value: "true"),
        URLQueryItem(name: "price_change_percentage", value: "1h,24h,7d"),
      ])
    #expect(
      endpoint.url(baseURL: base)?.absoluteString
        == "https://api.coingecko.com/api/v3/coins/markets?vs_currency=eur&order=market_cap_desc"
        + "&per_page=250&page=3&sparkline=true&price_change_percentage=1h,24h,7d")
  }

  @Test func perPageIsCappedAt250() {
    let endpoint = CoinGeckoEndpoint.markets(currency: "usd", page: 1, perPage: 1000)
    expectEqual(endpoint.queryItems.first { $0.name == "per_page" }?.value, "250")
  }

  @Test func marketsByIDsQuery() {
    let endpoint = CoinGeckoEndpoint.marketsByIDs(currency: "usd", ids: ["bitcoin", "monero"])
    expectEqual(endpoint.path, "/coins/markets")
    #expect(
      endpoint.url(baseURL: base)?.absoluteString
        == "https://api.coingecko.com/api/v3/coins/markets?vs_currency=usd&ids=bitcoin,monero"
        + "&order=market_cap_desc&per_page=250&page=1&sparkline=true"
        + "&price_change_percentage=1h,24h,7d")
  }

  @Test func idsAreCappedAt250() {
    let ids = (1...300).map { "coin-\($0)" }
    let endpoint = CoinGeckoEndpoint.marketsByIDs(currency: "usd", ids: ids)
    let value = endpoint.queryItems.first { $0.name == "ids" }?.value
    expectEqual(value, ids.prefix(250).joined(separator: ","))
  }

  @Test func searchEncodesPlusAndSpaces() {
    let url = CoinGeckoEndpoint.search(query: "a+b c&d").url(baseURL: base)
    expectEqual(url?.absoluteString, "https://api.coingecko.com/api/v3/search?query=a%2Bb%20c%26d")
  }

  @Test func globalHasNoQuery() {
    #expect(
      CoinGeckoEndpoint.global.url(baseURL: base)?.absoluteString
        == "https://api.coingecko.com/api/v3/global")
  }

  @Test func keepsAPortAndPathOfACustomBase() {
    let url = CoinGeckoEndpoint.global.url(baseURL: "http://127.0.0.1:8765/fake/api/v3")
    expectEqual(url?.absoluteString, "http://127.0.0.1:8765/fake/api/v3/global")
  }

  @Test(arguments: ["ftp://example.com", "example.com/api", "not a url", "", "file:///tmp/x"])
  func rejectsBasesThatAreNotHTTP(base: String) {
    #expect(CoinGeckoEndpoint.global.url(baseURL: base) == nil)
  }

  @Test func theQueryIsEncodedAsURLComponentsEncodesItThenPlusToo() {
    // Differential: random names and values (ASCII with every punctuation mark, controls,
    // accents, CJK, emoji) through the hand-made encoder and through URLComponents.
    var random = SeededRandom(seed: 31)
    let pieces = Array(" !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~azAZ09\t\u{7F}éü日本🚀\u{0}")
    for _ in 0..<2000 {
      let items = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        let text = { (length: Int) in
          String((0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] })
        }
        return URLQueryItem(
          name: text(Int.random(in: 0...6, using: &random)),
          value: Bool.random(using: &random) ? nil : text(Int.random(in: 0...8, using: &random)))
      }
      var components = URLComponents()
      components.queryItems = items
      let reference = components.percentEncodedQuery?.replacing("+", with: "%2B")
      #expect(CoinGeckoEndpoint.percentEncodedQuery(items) == reference, "\(items)")
    }
  }

  @Test func theMarketsQueryReadsAsSent() {
    let items = CoinGeckoEndpoint.markets(currency: "usd", page: 1, perPage: 250).queryItems
    #expect(
      CoinGeckoEndpoint.percentEncodedQuery(items)
        == "vs_currency=usd&order=market_cap_desc&per_page=250&page=1&sparkline=true"
        + "&price_change_percentage=1h,24h,7d")
  }
}
