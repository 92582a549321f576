import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct MarketsDecoderTests {
  private func decode(_ text: String) throws -> [Coin] {
    try MarketsDecoder.decode(Data(text.utf8))
  }

  private func decodeError(_ text: String) -> CoinGeckoError? {
    do {
      _ = try MarketsDecoder.decode(Data(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test func decodesEveryDocumentedField() throws {
    let body = """
      [{"id":"bitcoin","symbol":"btc","name":"Bitcoin",
        "image":"https://example.test/btc.png","current_price":50000.5,
        "market_cap":1820000000000,"market_cap_rank":1,"fully_diluted_valuation":1900000000000,
        "total_volume":63200000000,"high_24h":51000,"low_24h":49000.25,
        "price_change_24h":-750.5,"price_change_percentage_24h":-1.48,
        "market_cap_change_24h":-27000000000,"market_cap_change_percentage_24h":-1.46,
        "circulating_supply":19700000,"total_supply":21000000,"max_supply":21000000,
        "ath":73738,"ath_change_percentage":-32.2,"ath_date":"2024-03-14T07:10:36.635Z",
        "atl":67.81,"atl_change_percentage":73650.1,"atl_date":"2013-07-06T00:00:00.000Z",
        "roi":{"times":12.5,"currency":"usd","percentage":1250},
        "last_updated":"2025-07-25T14:53:48.000Z",
        "sparkline_in_7d":{"price":[49000,null,50000.5]},
        "price_change_percentage_1h_in_currency":0.12,
        "price_change_percentage_24h_in_currency":-1.5,
        "price_change_percentage_7d_in_currency":3.25}]
      """
    let coins = try decode(body)
    let expected = Coin(
      id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1, price: 50_000.5, change1h: 0.12,
      change24h: -1.5, change7d: 3.25, marketCap: 1.82e12, volume: 63.2e9, high24h: 51_000,
      low24h: 49_000.25, circulatingSupply: 19_700_000, totalSupply: 21_000_000,
      maxSupply: 21_000_000, allTimeHigh: 73_738,
      allTimeHighDate: ISO8601Timestamp.parse("2024-03-14T07:10:36.635Z"), allTimeLow: 67.81,
      allTimeLowDate: Date(timeIntervalSince1970: 1_373_068_800),
      lastUpdated: Date(timeIntervalSince1970: 1_753_455_228), sparkline: [49_000, nil, 50_000.5])
    expectEqual(coins, [expected])
  }

  @Test func everyNullableFieldNullStaysUnknown() throws {
    let body = """
      [{"id":"stale","symbol":"stl","name":"Stale Coin","image":"https://example.test/s.png",
        "current_price":null,"market_cap":null,"market_cap_rank":null,
        "fully_diluted_valuation":null,"total_volume":null,"high_24h":null,"low_24h":null,
        "price_change_24h":null,"price_change_percentage_24h":null,"market_cap_change_24h":null,
        "market_cap_change_percentage_24h":null,"circulating_supply":null,"total_supply":null,
        "max_supply":null,"ath":null,"ath_change_percentage":null,"ath_date":null,"atl":null,
        "atl_change_percentage":null,"atl_date":null,"roi":null,
        "last_updated":"2025-07-25T14:53:48.000Z","sparkline_in_7d":null,
        "price_change_percentage_1h_in_currency":null,
        "price_change_percentage_24h_in_currency":null,
        "price_change_percentage_7d_in_currency":null}]
      """
    let coins = try decode(body)
    #expect(
      coins == [
        Coin(
          id: "stale", symbol: "stl", name: "Stale Coin",
          lastUpdated: Date(timeIntervalSince1970: 1_753_455_228))
      ])
  }

  @Test func onlyIdSymbolAndNameAreRequired() throws {
    let coins = try decode(#"[{"id":"bare","symbol":"br","name":"Bare"}]"#)
    expectEqual(coins, [Coin(id: "bare", symbol: "br", name: "Bare")])
  }

  @Test(arguments: [
    (#""sparkline_in_7d":null"#, [Double?]?.none),
    (#""sparkline_in_7d":{}"#, nil),
    (#""sparkline_in_7d":{"price":null}"#, nil),
    (#""sparkline_in_7d":{"price":[]}"#, []),
    (#""sparkline_in_7d":{"price":[1.5,null,null,3]}"#, [1.5, nil, nil, 3]),
    (#""sparkline_in_7d":{"price":[2,-1,4]}"#, [2, nil, 4]),
  ])
  func sparklineShapes(member: String, expected: [Double?]?) throws {
    let coins = try decode(#"[{"id":"a","symbol":"a","name":"A","# + member + "}]")
    expectEqual(coins.map(\.sparkline), [expected])
  }

  @Test func missingSparklineIsNotSent() throws {
    let coins = try decode(#"[{"id":"a","symbol":"a","name":"A","market_cap_rank":4}]"#)
    expectEqual(coins.count, 1)
    #expect(coins.first?.sparkline == nil)
  }

  @Test func rankComesFromMarketCapRankNotArrayPosition() throws {
    let body = Fixtures.body([
      MarketFixture(id: "ninth", symbol: "nin", name: "Ninth", rank: 9),
      MarketFixture(id: "eighth", symbol: "eig", name: "Eighth", rank: 8),
      MarketFixture(id: "unranked", symbol: "unr", name: "Unranked", rank: nil),
      MarketFixture(id: "seventh", symbol: "sev", name: "Seventh", rank: 7),
    ])
    let coins = try decode(body)
    expectEqual(coins.map(\.rank), [9, 8, nil, 7])
    let snapshot = MarketSnapshot(
      coins: coins, currency: "usd", asOf: ManualTimeSource.start, source: .live)
    expectEqual(snapshot.top(3).map(\.id), ["seventh", "eighth", "ninth"])
    expectEqual(snapshot.top(10).map(\.id), ["seventh", "eighth", "ninth", "unranked"])
  }

  @Test func emptyArrayIsNoCoins() throws {
    try expectEqual(decode("[]"), [])
  }

  @Test func objectInsteadOfArrayIsUndecodableWithExcerpt() {
    #expect(
      decodeError(#"{"coins":[],"status":"ok"}"#)
        == .undecodable(excerpt: #"{"coins":[],"status":"ok"}"#))
  }

  @Test func htmlPageIsUndecodableWithItsTitle() {
    let html = """
      <!DOCTYPE html>
      <html><head><title>Just a moment...</title></head>
      <body>\u{1B}]0;owned\u{07}Checking your browser</body></html>
      """
    let error = decodeError(html)
    expectEqual(error, .undecodable(excerpt: "an HTML page (Just a moment...)"))
    #expect(
      error?.message
        == "CoinGecko sent an answer coins cannot read: an HTML page (Just a moment...).")
  }

  @Test func emptyBodyIsUndecodable() {
    let error = decodeError("")
    expectEqual(error, .undecodable(excerpt: ""))
    expectEqual(error?.message, "CoinGecko sent an answer coins cannot read (empty body).")
  }

  @Test func garbageExcerptIsSanitizedAndShort() {
    let garbage = "oops\u{1B}[2J\u{07} " + String(repeating: "x", count: 500)
    let error = decodeError(garbage)
    let expected = "oops " + String(repeating: "x", count: 114) + "…"
    expectEqual(error, .undecodable(excerpt: expected))
    expectEqual(expected.count, APIErrorMessage.maxLength)
  }

  @Test func missingRequiredFieldIsUndecodable() {
    #expect(
      decodeError(#"[{"symbol":"x","name":"No Id"}]"#)
        == .undecodable(excerpt: #"[{"symbol":"x","name":"No Id"}]"#))
  }

  @Test func wrongTypeIsUndecodable() {
    #expect(
      decodeError(#"[{"id":"a","symbol":"a","name":"A","current_price":"12.5"}]"#)
        == .undecodable(excerpt: #"[{"id":"a","symbol":"a","name":"A","current_price":"12.5"}]"#))
  }

  @Test func controlCharactersInNamesAreStripped() throws {
    let body = Fixtures.body([
      MarketFixture(
        id: "evil\u{7}coin", symbol: "ev\u{1B}[31ml", name: "Evil\u{1B}]0;title\u{7} Coin\u{202E}",
        rank: 1)
    ])
    let coin = try #require(try decode(body).first)
    expectEqual(coin.id, "evilcoin")
    expectEqual(coin.symbol, "evl")
    expectEqual(coin.name, "Evil Coin")
  }

  @Test func cjkAndEmojiNamesSurvive() throws {
    let body = Fixtures.body([MarketFixture(id: "cat", symbol: "猫", name: "猫咪币 🐱", rank: 5)])
    try expectEqual(decode(body).first?.name, "猫咪币 🐱")
  }
}
