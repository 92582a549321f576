import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct MarketCacheTests {
  private func entryData(
    version: Int = MarketCache.formatVersion, currency: String = "usd", coins: [Coin]
  ) throws -> Data {
    MarketCache.encode(
      MarketCache.Entry(
        version: version, currency: currency, fetchedAt: ManualTimeSource.start, coins: coins))
  }

  /// 250 coins, some unranked or without a figure, with sparklines of 0 to 199 points (some
  /// missing) and one without.
  private static func varied() -> MarketCache.Entry {
    var coins: [Coin] = []
    for index in 0..<250 {
      let rank: Int? = index % 9 == 4 ? nil : index + 1
      let change: Double? = index % 3 == 0 ? nil : -Double(index) / 3
      var points: [Double?] = []
      for point in 0..<(index * 7 % 200) {
        points.append(point % 7 == 3 ? nil : Double(index * 1000 + point) / 7)
      }
      coins.append(
        Fixtures.coin(
          "coin-\(index)", rank: rank, price: Double(index) * 1.5, change24h: change,
          marketCap: Double(1000 - index), sparkline: points))
    }
    coins[3].sparkline = nil
    return MarketCache.Entry(
      version: MarketCache.formatVersion, currency: "usd", fetchedAt: ManualTimeSource.start,
      coins: coins)
  }

  @Test func theFileIsByteForByteWhatVersion3HasAlwaysWritten() throws {
    let entry = Self.varied()
    let file = MarketCache.encode(entry)
    // What version 3 has written since it was made whole in memory: its size and checksum.
    expectEqual(file.count, 186_451)
    #expect(
      file.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt64.self) }
        == 0x9743_A23F_FE72_70B3)
    expectEqual(MarketCache.decode(file), entry)

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try cache.store(
      MarketSnapshot(
        coins: entry.coins, currency: "USD", asOf: entry.fetchedAt, source: .live))
    try expectEqual(Data(contentsOf: cache.fileURL(currency: "usd")), file)
  }

  @Test func storeThenLoadGivesTheSameSnapshot() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url.appendingPathComponent("a/b/coins"))
    var snapshot = Fixtures.snapshot()
    snapshot.coins[0].allTimeHighDate = Date(timeIntervalSince1970: 1_710_400_236.635)
    try cache.store(snapshot)
    expectEqual(cache.load(currency: "usd"), snapshot)
    expectEqual(cache.load(currency: "USD"), snapshot)
    #expect(cache.load(currency: "eur") == nil)
  }

  @Test func loadedSnapshotIsMarkedLiveWithoutReason() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try cache.store(Fixtures.snapshot(source: .cache, staleReason: "offline"))
    let loaded = try #require(cache.load(currency: "usd"))
    expectEqual(loaded.source, .live)
    #expect(loaded.staleReason == nil)
  }

  @Test func storeIsAtomicAndLeavesNoTemporaryFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try cache.store(Fixtures.snapshot())
    try cache.store(Fixtures.snapshot(asOf: ManualTimeSource.start + 60))
    var euro = Fixtures.snapshot()
    euro.currency = "eur"
    try cache.store(euro)
    expectEqual(directory.contents(), ["markets-eur.v3.bin", "markets-usd.v3.bin"])
    expectEqual(cache.load(currency: "usd")?.asOf, ManualTimeSource.start + 60)
    let attributes = try FileManager.default.attributesOfItem(
      atPath: cache.fileURL(currency: "usd").path)
    expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o644)
  }

  @Test func fileOfAnotherVersionIsIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    expectEqual(MarketCache.formatVersion, 3)
    for version in [2, 4] {
      try entryData(version: version, coins: Fixtures.threeCoins)
        .write(to: cache.fileURL(currency: "usd"))
      #expect(cache.load(currency: "usd") == nil)
    }
    try entryData(version: 3, coins: Fixtures.threeCoins)
      .write(to: cache.fileURL(currency: "usd"))
    expectEqual(cache.load(currency: "usd")?.coins, Fixtures.threeCoins)
  }

  @Test func version1JSONCacheIsIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    // What version 1 wrote: the entry as JSON (`Codable`, which the cache no longer uses).
    let old = Data(
      #"""
      {"version":1,"currency":"usd","fetchedAt":775148028,"coins":[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","rank":1,"price":50000,"sparkline":[1,2,3]}]}
      """#.utf8)
    try old.write(to: directory.url.appendingPathComponent("markets-usd.json"))
    #expect(cache.load(currency: "usd") == nil)
    try old.write(to: cache.fileURL(currency: "usd"))
    #expect(cache.load(currency: "usd") == nil)
  }

  @Test func truncatedOrCorruptedFileIsIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    let whole = try entryData(coins: Fixtures.threeCoins)
    for length in [0, 4, 12, 20, whole.count / 2, whole.count - 1] {
      try whole.prefix(length).write(to: cache.fileURL(currency: "usd"))
      #expect(cache.load(currency: "usd") == nil)
    }
    for position in stride(from: 20, to: whole.count, by: 7) {
      var damaged = whole
      damaged[position] ^= 0x10
      try damaged.write(to: cache.fileURL(currency: "usd"))
      #expect(cache.load(currency: "usd") == nil)
    }
    try (whole + Data([0])).write(to: cache.fileURL(currency: "usd"))
    #expect(cache.load(currency: "usd") == nil)
  }

  @Test func everyFieldRoundTripsExactly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    let full = Coin(
      id: "b", symbol: "b", name: "比特币 🚀", rank: 9, price: 0.1, change1h: -0.0,
      change24h: Double.leastNonzeroMagnitude, change7d: -1.5, marketCap: 1.7976931348623157e308,
      volume: 2,
      high24h: 3, low24h: 4, circulatingSupply: 5, totalSupply: 6, maxSupply: 7,
      allTimeHigh: 8, allTimeHighDate: Date(timeIntervalSince1970: 1_710_400_236.635),
      allTimeLow: 9, allTimeLowDate: Date(timeIntervalSince1970: 0),
      lastUpdated: Date(timeIntervalSince1970: 1_753_455_228.5), sparkline: [1, nil, 2.5, nil])
    let snapshot = MarketSnapshot(
      coins: [full, Coin(id: "e", symbol: "e", name: "E")], currency: "usd",
      asOf: Date(timeIntervalSince1970: 1_753_455_228.123), source: .live)
    try cache.store(snapshot)
    let loaded = try #require(cache.load(currency: "usd"))
    expectEqual(loaded, snapshot)
    expectEqual(loaded.coins[0].change1h?.sign, .minus)
  }

  @Test func aSparklineNotSentStaysApartFromAnEmptyOne() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    let coins = [
      Coin(id: "not-sent", symbol: "n", name: "N", rank: 1, sparkline: nil),
      Coin(id: "empty", symbol: "e", name: "E", rank: 2, sparkline: []),
      Coin(id: "gaps", symbol: "g", name: "G", rank: 3, sparkline: [nil, nil]),
    ]
    try cache.store(
      MarketSnapshot(coins: coins, currency: "usd", asOf: ManualTimeSource.start, source: .live))
    let loaded = try #require(cache.load(currency: "usd")).coins
    expectEqual(loaded.map(\.sparkline), [nil, [], [nil, nil]])
    #expect(
      MarketJSON.render(loaded, of: try #require(cache.load(currency: "usd"))).contains(
        #""sparkline":null},{"rank":2"#))
  }

  @Test func aLoadForTheTopFewDecodesOnlyTheirSparklinesAndTheExtras() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    // Market cap order is c (300), a (200), d (150), b (100): not the ranks' order, and the
    // top 2 are picked by market cap, as `MarketSnapshot.top` picks them.
    let coins = [
      Coin(id: "a", symbol: "a", name: "A", rank: 1, marketCap: 200, sparkline: [1, 2]),
      Coin(id: "b", symbol: "b", name: "B", rank: 2, marketCap: 100, sparkline: [3, nil, 4]),
      Coin(id: "c", symbol: "c", name: "C", rank: 3, marketCap: 300, sparkline: [5]),
      Coin(id: "d", symbol: "d", name: "D", rank: 4, marketCap: 150, sparkline: [6, 7]),
    ]
    try cache.store(
      MarketSnapshot(coins: coins, currency: "usd", asOf: ManualTimeSource.start, source: .live))
    let top = try #require(cache.load(currency: "usd", sparklines: .top(count: 2, ids: ["b"])))
    expectEqual(top.coins.map(\.sparkline), [[1, 2], [3, nil, 4], [5], nil])
    expectEqual(top.coins.map(\.marketCap), [200, 100, 300, 150])
    let all = try #require(cache.load(currency: "usd", sparklines: .all))
    expectEqual(all.coins.map(\.sparkline), [[1, 2], [3, nil, 4], [5], [6, 7]])
    let none = try #require(cache.load(currency: "usd", sparklines: .top(count: 0, ids: [])))
    #expect(none.coins.allSatisfy { $0.sparkline == nil })
  }

  @Test(arguments: [
    "", "garbage", "{}", "[]", #"{"version":1}"#, #"{"version":1,"currency":"usd","coins":[]}"#,
    "\u{0}\u{1}\u{2}",
  ])
  func damagedFileIsIgnored(content: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try Data(content.utf8).write(to: cache.fileURL(currency: "usd"))
    #expect(cache.load(currency: "usd") == nil)
  }

  @Test func fileForAnotherCurrencyInsideIsIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try entryData(currency: "eur", coins: Fixtures.threeCoins)
      .write(to: cache.fileURL(currency: "usd"))
    #expect(cache.load(currency: "usd") == nil)
  }

  @Test func missingFolderIsNoCache() {
    let cache = MarketCache(directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
    #expect(cache.load(currency: "usd") == nil)
  }

  @Test func editedFileIsSanitizedOnLoad() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    let evil = Coin(
      id: "evil\u{1B}[2J", symbol: "ev\u{7}l", name: "Evil\u{202E} \u{1B}]0;x\u{7}Coin")
    try entryData(coins: [evil]).write(to: cache.fileURL(currency: "usd"))
    let coin = try #require(cache.load(currency: "usd")?.coins.first)
    expectEqual(coin.id, "evil")
    expectEqual(coin.symbol, "evl")
    expectEqual(coin.name, "Evil Coin")
  }

  @Test(arguments: [
    ("usd", "markets-usd.v3.bin"), ("EUR", "markets-eur.v3.bin"),
    ("../../etc/passwd", "markets-etcpasswd.v3.bin"),
    ("", "markets-x.v3.bin"), ("€", "markets-x.v3.bin"),
  ])
  func fileNameIsSafe(currency: String, name: String) {
    let cache = MarketCache(directory: URL(fileURLWithPath: "/cache/coins"))
    expectEqual(cache.fileURL(currency: currency).path, "/cache/coins/" + name)
  }

  @Test func defaultDirectoryFollowsXDG() {
    #expect(
      MarketCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"]).path
        == "/xdg/coins")
    #expect(
      MarketCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])
        .path == "/home/u/.cache/coins")
    #expect(
      MarketCache.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.cache/coins")
  }

  @Test func theDefaultDirectorysPathFromTheTwoVariables() {
    let path = MarketCache.defaultDirectoryPath(xdgCacheHome:home:)
    expectEqual(path("/xdg", "/home/u"), "/xdg/coins")
    expectEqual(path("/xdg/", nil), "/xdg/coins")
    expectEqual(path("relative", "/home/u"), "/home/u/.cache/coins")
    expectEqual(path(nil, "/home/u/"), "/home/u/.cache/coins")
    #expect(path(nil, "") == nil)
    #expect(path(nil, nil) == nil)
  }

  @Test func theDefaultDirectorysPathFromTheEnvironment() {
    let path = MarketCache.defaultDirectoryPath(environment:)
    expectEqual(path(["XDG_CACHE_HOME": "/xdg/", "HOME": "/home/u"]), "/xdg/coins")
    expectEqual(path(["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]), "/home/u/.cache/coins")
    expectEqual(path(["HOME": "/home/u"]), "/home/u/.cache/coins")
  }
}
