import CoinsTestSupport
import Foundation
import Testing

@testable import CoinsCommandLine

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

  private func likely(
    _ arguments: [String], _ environment: [String: String], now: Double,
    configuration: Configuration? = nil
  ) -> Bool {
    NetworkWarmUp.isLikely(
      arguments: arguments, configuration: configuration, environment: environment,
      now: Date(timeIntervalSince1970: now))
  }

  @Test func aMarketCommandWithNoCacheOrAStaleOneWillAsk() throws {
    let (missing, noCache) = try cacheHome(writtenAt: nil)
    defer { missing.remove() }
    #expect(likely(["top", "20"], noCache, now: 1_000_000))
    #expect(likely(["price", "btc"], noCache, now: 1_000_000))
    let (stale, staleCache) = try cacheHome(writtenAt: 1_000_000)
    defer { stale.remove() }
    // 60 s is the default max age: 59 s old is fresh, 60 s old is not.
    #expect(!likely(["top", "20"], staleCache, now: 1_000_059))
    #expect(likely(["top", "20"], staleCache, now: 1_000_060))
    #expect(likely(["watch"], staleCache, now: 1_000_001))
  }

  @Test func theMaxAgeComesFromTheFlagThenTheConfiguration() throws {
    let (home, environment) = try cacheHome(writtenAt: 1_000_000)
    defer { home.remove() }
    #expect(!likely(["top", "--max-age", "300"], environment, now: 1_000_200))
    #expect(likely(["top", "--max-age", "100"], environment, now: 1_000_200))
    #expect(likely(["top", "--max-age=0"], environment, now: 1_000_001))
    // A value that is not a plain number of seconds: no guess.
    #expect(!likely(["top", "--max-age", "soon"], environment, now: 1_000_200))
    var configuration = Configuration(path: "/x/config.toml", exists: true)
    configuration.settings["max_age"] = .init(text: "600", line: 1)
    #expect(!likely(["top"], environment, now: 1_000_200, configuration: configuration))
    #expect(likely(["top"], environment, now: 1_000_600, configuration: configuration))
  }

  @Test func otherCommandsNeverWarmUp() throws {
    let (home, environment) = try cacheHome(writtenAt: nil)
    defer { home.remove() }
    for arguments in [[], ["--version"], ["portfolio", "list"], ["help", "top"], ["config"]] {
      #expect(!likely(arguments, environment, now: 1_000_000), "\(arguments)")
    }
  }

  @Test func aRequestIsCertainForWatchAndForAMarketCommandWithNoCacheFolder() throws {
    let (missing, noCache) = try cacheHome(writtenAt: nil)
    defer { missing.remove() }
    let (fresh, freshCache) = try cacheHome(writtenAt: Date().timeIntervalSince1970)
    defer { fresh.remove() }
    func certain(_ arguments: [String], _ environment: [String: String]) -> Bool {
      NetworkWarmUp.isCertain(arguments: arguments, variable: { environment[$0] })
    }
    #expect(certain(["top", "20"], noCache))
    #expect(certain(["price", "btc"], noCache))
    #expect(certain(["watch"], freshCache))
    // A cache folder, fresh or not, is left to the later guess that reads the configuration.
    #expect(!certain(["top", "20"], freshCache))
    #expect(!certain(["portfolio", "value"], noCache))
    #expect(!certain([], noCache))
    // Neither variable: where home is comes from the password database, later.
    #expect(!certain(["top"], [:]))
    #expect(certain(["top"], ["HOME": missing.url.appendingPathComponent("nobody").path]))
  }
}
