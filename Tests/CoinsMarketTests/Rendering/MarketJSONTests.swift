import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct MarketJSONTests {
  private static let bitcoin = Coin(
    id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1, price: 50_000.5, change1h: 0.25,
    change24h: -1.5, change7d: nil, marketCap: 1.82e12, volume: nil, sparkline: [1, nil, 2.5])
  private static let odd = Coin(
    id: "q", symbol: "q", name: "Quote\"Back\\slash\u{1}\n\u{2028}\u{9B}", sparkline: [.nan])

  private func snapshot(_ coins: [Coin], source: DataSource = .live, reason: String? = nil)
    -> MarketSnapshot
  {
    MarketSnapshot(
      coins: coins, currency: "usd", asOf: Date(timeIntervalSince1970: 1_753_455_228.5),
      source: source, staleReason: reason)
  }

  @Test func exactDocument() {
    let coins = [Self.bitcoin, Self.odd]
    #expect(
      MarketJSON.render(coins, of: snapshot(coins))
        == #"{"source":"live","asOf":"2025-07-25T14:53:48.500Z","currency":"usd","coins":["#
        + #"{"rank":1,"id":"bitcoin","symbol":"btc","name":"Bitcoin","price":50000.5,"#
        + #""change1h":0.25,"change24h":-1.5,"change7d":null,"marketCap":1820000000000,"#
        + #""volume":null,"sparkline":[1,null,2.5]},"#
        + #"{"rank":null,"id":"q","symbol":"q","name":"Quote\"Back\\slash\u0001\n\u2028\u009b","#
        + #""price":null,"change1h":null,"change24h":null,"change7d":null,"marketCap":null,"#
        + #""volume":null,"sparkline":[null]}]}"#)
  }

  @Test func staleDataSaysWhy() {
    #expect(
      MarketJSON.render(
        [], of: snapshot([], source: .cache, reason: "CoinGecko answered HTTP 503."))
        == #"{"source":"cache","asOf":"2025-07-25T14:53:48.500Z","currency":"usd","#
        + #""staleReason":"CoinGecko answered HTTP 503.","coins":[]}"#)
  }

  @Test func sampleIsLabelled() {
    let json = MarketJSON.render([], of: snapshot([], source: .sample, reason: "offline"))
    #expect(json.hasPrefix(#"{"source":"sample","asOf":"2025-07-25T14:53:48.500Z""#))
  }

  @Test func documentIsValidJSONWithExactValues() throws {
    let coins = [Self.bitcoin, Self.odd]
    let data = Data(MarketJSON.render(coins, of: snapshot(coins)).utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let parsed = try #require(object["coins"] as? [[String: Any]])
    expectEqual(parsed.count, 2)
    expectEqual(parsed[0]["price"] as? Double, 50_000.5)
    expectEqual(parsed[0]["marketCap"] as? Double, 1.82e12)
    #expect(parsed[0]["volume"] is NSNull)
    expectEqual(parsed[1]["name"] as? String, "Quote\"Back\\slash\u{1}\n\u{2028}\u{9B}")
  }

  @Test func tinyAndHugeNumbersRoundTrip() throws {
    let coin = Coin(
      id: "x", symbol: "x", name: "X", price: 0.0000085, marketCap: 1e20, volume: 123_456.789)
    let json = MarketJSON.coin(coin)
    #expect(json.contains(#""price":8.5e-06,"#))
    #expect(json.contains(#""marketCap":1e+20,"#))
    #expect(json.contains(#""volume":123456.789,"#))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    expectEqual(object["price"] as? Double, 0.0000085)
  }
}
