import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct PortfolioStoreTests {
  private struct Refused: Error, Equatable {}

  private static let oneBitcoin = """
    {
      "version": 1,
      "holdings": [
        {
          "id": "bitcoin",
          "lots": [
            {
              "amount": "0.5"
            }
          ]
        }
      ]
    }

    """

  /// One bitcoin bought, as version 3 writes it.
  private static let oneBitcoinVersion3 = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "0.5"}
          ]
        }
      ]
    }

    """

  /// The error `body` throws, or `nil`.
  private func failure<T>(_ body: () throws -> T) -> (any Error)? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }

  private static func addOne(_ store: PortfolioStore, _ amount: String = "1") throws -> Int {
    try store.update { portfolio in
      portfolio.add(PortfolioFixtures.lot(amount), to: "bitcoin")
      return portfolio.holding(id: "bitcoin")?.lots.count ?? 0
    }
  }

  @Test func anAbsentFileIsAnEmptyPortfolioAndLoadingCreatesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = PortfolioStore(url: directory.portfolioURL(in: "missing"))
    try expectEqual(store.load(), Portfolio())
    expectEqual(directory.contents(), [])
  }

  @Test func updateCreatesTheFolderAndAnOwnerOnlyFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.portfolioURL(in: "data/coins")
    let store = PortfolioStore(url: url)
    let lots = try store.update { portfolio in
      portfolio.add(PortfolioFixtures.lot("0.5"), to: "bitcoin")
      return portfolio.holdings[0].lots.count
    }
    expectEqual(lots, 1)
    expectEqual(TemporaryDirectory.text(of: url), Self.oneBitcoinVersion3)
    expectEqual(TemporaryDirectory.permissions(of: url), 0o600)
    expectEqual(TemporaryDirectory.permissions(of: url.deletingLastPathComponent()), 0o700)
    let folder = try FileManager.default.contentsOfDirectory(
      atPath: url.deletingLastPathComponent().path)
    expectEqual(
      folder.sorted(), ["portfolio.json", "portfolio.json.journal", "portfolio.json.lock"])
    #expect(
      try store.load()
        == Portfolio(holdings: [
          Holding(id: "bitcoin", transactions: [Transaction(id: "1", kind: .buy, amount: 0.5)])
        ]))
  }

  @Test func theBackupHoldsThePreviousBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.portfolioURL()
    let backup = directory.url.appendingPathComponent("portfolio.json.bak")
    let store = PortfolioStore(url: url)
    _ = try Self.addOne(store, "0.5")
    #expect(!FileManager.default.fileExists(atPath: backup.path))
    let first = try #require(TemporaryDirectory.bytes(of: url))
    _ = try Self.addOne(store, "2")
    expectEqual(TemporaryDirectory.bytes(of: backup), first)
    expectEqual(TemporaryDirectory.permissions(of: backup), 0o600)
    let second = try #require(TemporaryDirectory.bytes(of: url))
    #expect(second != first)
    try store.update { portfolio in try portfolio.remove(nil, of: "bitcoin") }
    expectEqual(TemporaryDirectory.bytes(of: backup), second)
    #expect(
      TemporaryDirectory.text(of: url) == "{\n  \"version\": 3,\n  \"holdings\": []\n}\n")
    #expect(
      directory.contents() == [
        "portfolio.json", "portfolio.json.bak", "portfolio.json.journal", "portfolio.json.lock",
      ])
  }

  @Test func aHandEditedFileKeepsItsUnknownMembersAndNumbersThroughAnUpdate() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let original = """
      {"version": 1, "note": "mine",
       "holdings": [{"id": "bitcoin", "wallet": "cold", "lots": [{"amount": 0.10, "tag": [1.50]}]}]}
      """
    let url = try directory.write(original)
    let store = PortfolioStore(url: url)
    _ = try Self.addOne(store, "0.2")
    #expect(
      TemporaryDirectory.text(of: url) == """
        {
          "version": 3,
          "holdings": [
            {
              "id": "bitcoin",
              "transactions": [
                {"id": "1", "type": "buy", "amount": "0.1", "tag": [1.50]},
                {"id": "2", "type": "buy", "amount": "0.2"}
              ],
              "wallet": "cold"
            }
          ],
          "note": "mine"
        }

        """)
    try expectEqual(store.load().holding(id: "bitcoin")?.amount, PortfolioFixtures.decimal("0.3"))
    #expect(
      TemporaryDirectory.text(of: directory.url.appendingPathComponent("portfolio.json.bak"))
        == original)
  }

  @Test func aCorruptFileIsReportedAndLeftByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = #"{"version":1,"holdings":["#
    let url = try directory.write(text)
    let store = PortfolioStore(url: url)
    let expected = PortfolioError.corrupt(
      path: url.path, detail: "not valid JSON: unexpected end of the file at line 1, column 26")
    expectEqual(failure { try store.load() } as? PortfolioError, expected)
    var changed = false
    expectEqual(failure { try Self.addOne(store) } as? PortfolioError, expected)
    expectEqual(failure { try store.update { _ in changed = true } } as? PortfolioError, expected)
    #expect(!changed)
    expectEqual(TemporaryDirectory.bytes(of: url), Array(text.utf8))
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
    #expect(
      expected.message
        == "The portfolio file \(url.path) cannot be read: not valid JSON: unexpected end of the "
        + "file at line 1, column 26. It was left unchanged; fix it by hand.")
  }

  @Test func aFileThatIsJSONButNotAPortfolioIsLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = """
      {"version": 1, "holdings": [{"id": "bitcoin", "lots": [{"amount": "-1"}]}]}
      """
    let url = try directory.write(text)
    let store = PortfolioStore(url: url)
    let expected = PortfolioError.corrupt(
      path: url.path,
      detail: #"holdings[0].lots[0].amount should be a positive decimal string such as "0.5""#)
    expectEqual(failure { try store.load() } as? PortfolioError, expected)
    expectEqual(failure { try Self.addOne(store) } as? PortfolioError, expected)
    expectEqual(TemporaryDirectory.bytes(of: url), Array(text.utf8))
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
  }

  @Test func aVersionThreeFileWithABadTransactionIsLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = """
      {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
        {"id": "1", "type": "buy", "amount": "1"},
        {"id": "2", "type": "buy", "amount": "1", "wallet": ""}]}]}
      """
    let url = try directory.write(text)
    let store = PortfolioStore(url: url)
    let expected = PortfolioError.corrupt(
      path: url.path,
      detail: #"holdings[0].transactions[1].wallet should be a short string such as "kraken""#)
    expectEqual(failure { try store.load() } as? PortfolioError, expected)
    expectEqual(failure { try Self.addOne(store) } as? PortfolioError, expected)
    expectEqual(TemporaryDirectory.bytes(of: url), Array(text.utf8))
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
  }

  @Test func theBackupOfAFileMadeByHandIsOwnerOnlyToo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.oneBitcoin)
    expectEqual(chmod(url.path, 0o644), 0)
    _ = try Self.addOne(PortfolioStore(url: url))
    let backup = directory.url.appendingPathComponent("portfolio.json.bak")
    expectEqual(TemporaryDirectory.text(of: backup), Self.oneBitcoin)
    expectEqual(TemporaryDirectory.permissions(of: backup), 0o600)
    expectEqual(TemporaryDirectory.permissions(of: url), 0o600)
  }

  @Test func anEmptyFileIsCorruptNotEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write("")
    let store = PortfolioStore(url: url)
    let expected = PortfolioError.corrupt(
      path: url.path, detail: "not valid JSON: unexpected end of the file at line 1, column 1")
    expectEqual(failure { try store.load() } as? PortfolioError, expected)
    expectEqual(failure { try Self.addOne(store) } as? PortfolioError, expected)
    expectEqual(TemporaryDirectory.bytes(of: url), [])
  }

  @Test func aNewerVersionIsLeftUnchanged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = #"{"version": 4, "portfolios": {"main": []}}"#
    let url = try directory.write(text)
    let store = PortfolioStore(url: url)
    let expected = PortfolioError.newerVersion(path: url.path, version: 4)
    expectEqual(failure { try store.load() } as? PortfolioError, expected)
    expectEqual(failure { try Self.addOne(store) } as? PortfolioError, expected)
    expectEqual(TemporaryDirectory.bytes(of: url), Array(text.utf8))
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
  }

  @Test func aThrowingChangeWritesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.oneBitcoin)
    let store = PortfolioStore(url: url)
    let error = failure {
      try store.update { portfolio in
        portfolio.add(PortfolioFixtures.lot("5"), to: "ethereum")
        throw Refused()
      }
    }
    expectEqual(error as? Refused, Refused())
    let removal = failure {
      try store.update { portfolio in
        try portfolio.remove(PortfolioFixtures.decimal("1"), of: "bitcoin")
      }
    }
    #expect(
      removal as? PortfolioError
        == .removingMoreThanHeld(
          id: "bitcoin", held: PortfolioFixtures.decimal("0.5"),
          asked: PortfolioFixtures.decimal("1")))
    expectEqual(TemporaryDirectory.text(of: url), Self.oneBitcoin)
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
  }

  @Test func aThrowingChangeOnAnAbsentFileCreatesNoPortfolio() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = PortfolioStore(url: directory.portfolioURL())
    expectEqual(failure { try store.update { _ in throw Refused() } } as? Refused, Refused())
    expectEqual(directory.contents(), ["portfolio.json.lock"])
  }

  @Test func aFailedWriteLosesNothingAndLeavesNoTempFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.oneBitcoin)
    // A folder where the backup should go makes its rename fail, even for root.
    let blocker = directory.url.appendingPathComponent("portfolio.json.bak")
    try FileManager.default.createDirectory(
      at: blocker.appendingPathComponent("inside"), withIntermediateDirectories: true)
    let store = PortfolioStore(url: url)
    let error = failure { try Self.addOne(store) } as? PortfolioError
    expectEqual(error, .writeFailed(path: url.path, reason: "Is a directory"))
    #expect(
      error?.message
        == "The portfolio file \(url.path) could not be written: Is a directory. Nothing was changed."
    )
    expectEqual(TemporaryDirectory.text(of: url), Self.oneBitcoin)
    #expect(
      directory.contents() == [
        "portfolio.json", "portfolio.json.bak", "portfolio.json.journal", "portfolio.json.lock",
      ])
  }

  @Test func aReadOnlyFolderGivesWriteFailedAndLosesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.portfolioURL()
    let store = PortfolioStore(url: url)
    _ = try Self.addOne(store, "0.5")
    expectEqual(chmod(directory.url.path, 0o500), 0)
    defer { chmod(directory.url.path, 0o700) }
    let error = failure { try Self.addOne(store, "2") } as? PortfolioError
    if TemporaryDirectory.runningAsRoot {
      // Root writes through permission bits; only check nothing was lost.
      try expectEqual(store.load().holding(id: "bitcoin")?.lots.count, 2)
    } else {
      expectEqual(error, .writeFailed(path: url.path, reason: "Permission denied"))
      expectEqual(TemporaryDirectory.text(of: url), Self.oneBitcoin)
      expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
    }
  }

  @Test func aReadOnlyFolderWithoutALockFileGivesWriteFailed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.oneBitcoin)
    expectEqual(chmod(directory.url.path, 0o500), 0)
    defer { chmod(directory.url.path, 0o700) }
    let error = failure { try Self.addOne(PortfolioStore(url: url)) } as? PortfolioError
    if !TemporaryDirectory.runningAsRoot {
      expectEqual(error, .writeFailed(path: url.path + ".lock", reason: "Permission denied"))
      expectEqual(TemporaryDirectory.text(of: url), Self.oneBitcoin)
    }
  }

  @Test func aFolderInPlaceOfTheFileIsUnreadable() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.portfolioURL()
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let store = PortfolioStore(url: url)
    let expected = PortfolioError.unreadable(path: url.path, reason: "Is a directory")
    expectEqual(failure { try store.load() } as? PortfolioError, expected)
    expectEqual(failure { try Self.addOne(store) } as? PortfolioError, expected)
    expectEqual(expected.message, "The portfolio file \(url.path) cannot be read: Is a directory.")
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
  }

  @Test func concurrentUpdatesFromManyThreadsAllLand() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.portfolioURL()
    let results = PortfolioResults()
    DispatchQueue.concurrentPerform(iterations: 20) { _ in
      results.record { try Self.addOne(PortfolioStore(url: url)) }
    }
    expectEqual(results.errors, [])
    // Each update saw every earlier one: the lock serialised the read-modify-writes.
    expectEqual(results.values.sorted(), Array(1...20))
    let holding = try #require(try PortfolioStore(url: url).load().holding(id: "bitcoin"))
    expectEqual(holding.lots.count, 20)
    expectEqual(holding.amount, 20)
    #expect(
      directory.contents() == [
        "portfolio.json", "portfolio.json.bak", "portfolio.json.journal", "portfolio.json.lock",
      ])
  }

  @Test func concurrentUpdatesFromManyTasksAllLand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.portfolioURL()
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<20 {
        group.addTask {
          try PortfolioStore(url: url).update { portfolio in
            portfolio.add(
              PortfolioFixtures.lot("0.1"), to: index.isMultiple(of: 2) ? "bitcoin" : "ethereum")
            return portfolio.holdings.reduce(0) { $0 + $1.lots.count }
          }
        }
      }
      var counts: [Int] = []
      for try await count in group { counts.append(count) }
      return counts
    }
    expectEqual(counts.sorted(), Array(1...20))
    let portfolio = try PortfolioStore(url: url).load()
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, 1)
    expectEqual(portfolio.holding(id: "ethereum")?.amount, 1)
    expectEqual(portfolio.holdings.map(\.lots.count), [10, 10])
  }

  @Test func defaultLocationFollowsFileThenEnvironmentThenXDGThenHome() {
    #expect(
      PortfolioStore.defaultURL(
        environment: ["COINS_PORTFOLIO": "/env/p.json", "HOME": "/home/me"],
        explicitPath: "/flag/p.json"
      ).path == "/flag/p.json")
    #expect(
      PortfolioStore.defaultURL(
        environment: ["COINS_PORTFOLIO": "/env/p.json", "XDG_DATA_HOME": "/xdg"], explicitPath: ""
      ).path == "/env/p.json")
    #expect(
      PortfolioStore.defaultURL(environment: ["COINS_PORTFOLIO": "", "XDG_DATA_HOME": "/xdg"]).path
        == "/xdg/coins/portfolio.json")
    #expect(
      PortfolioStore.defaultURL(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/me"]).path
        == "/home/me/.local/share/coins/portfolio.json")
    #expect(
      PortfolioStore.defaultURL(environment: ["HOME": "/home/me"]).path
        == "/home/me/.local/share/coins/portfolio.json")
  }
}

/// Results of updates run on several threads at once.
private final class PortfolioResults: @unchecked Sendable {
  private let lock = NSLock()
  private var recordedValues: [Int] = []
  private var recordedErrors: [String] = []

  var values: [Int] { lock.withLock { recordedValues } }
  var errors: [String] { lock.withLock { recordedErrors } }

  func record(_ body: () throws -> Int) {
    do {
      let value = try body()
      lock.withLock { recordedValues.append(value) }
    } catch {
      lock.withLock { recordedErrors.append("\(error)") }
    }
  }
}
