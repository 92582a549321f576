import CoinsPresentation
import CoinsUnitTestSupport
import Testing

@Suite struct SortKeyTests {
  private static let coins = [
    Fixtures.coin(
      "btc", rank: 1, name: "Bitcoin", price: 50_000, change1h: 0.5, change24h: -1, change7d: 3,
      marketCap: 1_000, volume: 50),
    Fixtures.coin(
      "eth", rank: 2, name: "ethereum", price: 3_000, change1h: -0.2, change24h: 2, change7d: nil,
      marketCap: 500, volume: 80),
    Fixtures.coin(
      "doge", rank: 3, name: "Dogecoin", price: nil, change1h: 0.5, change24h: nil, change7d: -5,
      marketCap: nil, volume: 80),
    Fixtures.coin(
      "aaa", rank: nil, name: "Aave", price: 100, change1h: nil, change24h: 2, change7d: 3,
      marketCap: 10, volume: nil),
    Fixtures.coin("zzz", rank: nil, name: "Aave", price: 100, volume: 1),
  ]

  @Test(arguments: [
    (SortKey.rank, ["btc", "eth", "doge", "aaa", "zzz"], ["doge", "eth", "btc", "aaa", "zzz"]),
    (.price, ["btc", "eth", "aaa", "zzz", "doge"], ["aaa", "zzz", "eth", "btc", "doge"]),
    (.change1h, ["btc", "doge", "eth", "aaa", "zzz"], ["eth", "btc", "doge", "aaa", "zzz"]),
    (.change24h, ["eth", "aaa", "btc", "doge", "zzz"], ["btc", "eth", "aaa", "doge", "zzz"]),
    (.change7d, ["btc", "aaa", "doge", "eth", "zzz"], ["doge", "btc", "aaa", "eth", "zzz"]),
    (.marketcap, ["btc", "eth", "aaa", "doge", "zzz"], ["aaa", "eth", "btc", "doge", "zzz"]),
    (.volume, ["eth", "doge", "btc", "zzz", "aaa"], ["zzz", "btc", "eth", "doge", "aaa"]),
    (.name, ["aaa", "zzz", "btc", "doge", "eth"], ["eth", "doge", "btc", "aaa", "zzz"]),
  ])
  func ordersTiesByRankThenIDWithUnknownsLast(key: SortKey, forward: [String], reversed: [String]) {
    expectEqual(key.sort(Self.coins, reverse: false).map(\.id), forward)
    expectEqual(key.sort(Self.coins, reverse: true).map(\.id), reversed)
  }

  @Test func orderDoesNotDependOnTheInput() {
    for key in SortKey.allCases {
      let expected = key.sort(Self.coins, reverse: false).map(\.id)
      expectEqual(key.sort(Self.coins.reversed(), reverse: false).map(\.id), expected)
    }
  }

  @Test func figuresAreLargestFirstByDefault() {
    #expect(
      SortKey.allCases.filter(\.descendingByDefault) == [
        .price, .change1h, .change24h, .change7d, .marketcap, .volume,
      ])
  }

  @Test func names() {
    #expect(
      SortKey.allCases.map(\.rawValue) == [
        "rank", "price", "change1h", "change24h", "change7d", "marketcap", "volume", "name",
      ])
  }
}
