import Foundation
import Testing

@testable import CoinsKit

@Suite struct MarketCacheTests {
  private func entryData(
    version: Int = MarketCache.formatVersion, currency: String = "usd", coins: [Coin]
  ) throws -> Data {
    try JSONEncoder().encode(
      MarketCache.Entry(
        version: version, currency: currency, fetchedAt: ManualTimeSource.start, coins: coins))
  }

  @Test func storeThenLoadGivesTheSameSnapshot() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url.appendingPathComponent("a/b/coins"))
    var snapshot = Fixtures.snapshot()
    snapshot.coins[0].allTimeHighDate = Date(timeIntervalSince1970: 1_710_400_236.635)
    try cache.store(snapshot)
    #expect(cache.load(currency: "usd") == snapshot)
    #expect(cache.load(currency: "USD") == snapshot)
    #expect(cache.load(currency: "eur") == nil)
  }

  @Test func loadedSnapshotIsMarkedLiveWithoutReason() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try cache.store(Fixtures.snapshot(source: .cache, staleReason: "offline"))
    let loaded = try #require(cache.load(currency: "usd"))
    #expect(loaded.source == .live)
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
    #expect(directory.contents() == ["markets-eur.json", "markets-usd.json"])
    #expect(cache.load(currency: "usd")?.asOf == ManualTimeSource.start + 60)
    let attributes = try FileManager.default.attributesOfItem(
      atPath: cache.fileURL(currency: "usd").path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
  }

  @Test func fileOfAnotherVersionIsIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = MarketCache(directory: directory.url)
    try entryData(version: 2, coins: Fixtures.threeCoins)
      .write(to: cache.fileURL(currency: "usd"))
    #expect(cache.load(currency: "usd") == nil)
    try entryData(version: 1, coins: Fixtures.threeCoins)
      .write(to: cache.fileURL(currency: "usd"))
    #expect(cache.load(currency: "usd")?.coins == Fixtures.threeCoins)
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
    #expect(coin.id == "evil")
    #expect(coin.symbol == "evl")
    #expect(coin.name == "Evil Coin")
  }

  @Test(arguments: [
    ("usd", "markets-usd.json"), ("EUR", "markets-eur.json"),
    ("../../etc/passwd", "markets-etcpasswd.json"),
    ("", "markets-x.json"), ("€", "markets-x.json"),
  ])
  func fileNameIsSafe(currency: String, name: String) {
    let cache = MarketCache(directory: URL(fileURLWithPath: "/cache/coins"))
    #expect(cache.fileURL(currency: currency).path == "/cache/coins/" + name)
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
}
