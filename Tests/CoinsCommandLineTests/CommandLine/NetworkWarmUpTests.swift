import CoinsCommandLine
import CoinsTestSupport
import Foundation
import Testing

@Suite struct NetworkWarmUpTests {
  /// A cache folder last written at `written` (seconds since 1970), under a new XDG_CACHE_HOME.
  private func cacheHome(writtenAt written: Double?) throws -> (
    TemporaryDirectory, [String: String]
  ) {
    let home = try TemporaryDirectory()
    let folder = home.url.appendingPathComponent("coins")
    if let written {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: written)], ofItemAtPath: folder.path)
    }
    return (home, ["XDG_CACHE_HOME": home.url.path])
  }

  /// The guess for `arguments` as the parser reads them (with `configuration`).
  private func likely(
    _ arguments: [String], _ environment: [String: String], now: Double,
    configuration: Configuration? = nil
  ) throws -> Bool {
    guard case .run(let command) = try CommandParser.parse(arguments, configuration: configuration)
    else { return false }
    return NetworkWarmUp.isLikely(
      command, environment: environment, now: Date(timeIntervalSince1970: now))
  }

  @Test func aMarketCommandWithNoCacheOrAStaleOneWillAsk() throws {
    let (missing, noCache) = try cacheHome(writtenAt: nil)
    defer { missing.remove() }
    #expect(try likely(["top", "20"], noCache, now: 1_000_000))
    #expect(try likely(["price", "btc"], noCache, now: 1_000_000))
    #expect(try likely(["portfolio", "value"], noCache, now: 1_000_000))
    let (stale, staleCache) = try cacheHome(writtenAt: 1_000_000)
    defer { stale.remove() }
    // 60 s is the default max age: 59 s old is fresh, 60 s old is not.
    #expect(try !likely(["top", "20"], staleCache, now: 1_000_059))
    #expect(try likely(["top", "20"], staleCache, now: 1_000_060))
    #expect(try !likely(["portfolio", "value"], staleCache, now: 1_000_059))
    #expect(try likely(["portfolio", "value"], staleCache, now: 1_000_060))
    #expect(try likely(["watch"], staleCache, now: 1_000_001))
  }

  @Test func theMaxAgeIsTheOneTheCommandReads() throws {
    let (home, environment) = try cacheHome(writtenAt: 1_000_000)
    defer { home.remove() }
    #expect(try !likely(["top", "--max-age", "300"], environment, now: 1_000_200))
    #expect(try likely(["top", "--max-age", "100"], environment, now: 1_000_200))
    #expect(try likely(["top", "--max-age=0"], environment, now: 1_000_001))
    #expect(try !likely(["price", "btc", "--max-age", "300"], environment, now: 1_000_200))
    var configuration = Configuration(path: "/x/config.toml", exists: true)
    configuration.settings["max_age"] = .init(text: "600", line: 1)
    #expect(try !likely(["top"], environment, now: 1_000_200, configuration: configuration))
    #expect(try likely(["top"], environment, now: 1_000_600, configuration: configuration))
  }

  @Test func otherCommandsNeverWarmUp() throws {
    let (home, environment) = try cacheHome(writtenAt: nil)
    defer { home.remove() }
    for arguments in [["portfolio", "list"], ["alert", "list"], ["config"], ["search", "btc"]] {
      #expect(try !likely(arguments, environment, now: 1_000_000), "\(arguments)")
    }
  }
}
