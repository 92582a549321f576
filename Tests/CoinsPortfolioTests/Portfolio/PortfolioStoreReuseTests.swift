import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `PortfolioStore.update(after:reusing:_:)`, the import's save: a change made to a copy of the
/// portfolio outside the lock is saved as it is while the file is still what was read, and made
/// again on the file as it is when another command changed it in between.
@Suite struct PortfolioStoreReuseTests {
  private static let day = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01

  private func buy(_ amount: String) -> Transaction {
    Transaction(kind: .buy, amount: Decimal(string: amount)!, price: 100, date: Self.day)
  }

  @Test func aChangeMadeOnTheReadFileIsSavedWithoutBeingMadeAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = PortfolioStore(url: directory.file("portfolio.json"))
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    let read = try store.read()
    var changed = read.portfolio
    try changed.record(buy("2"), to: "ethereum")
    var madeAgain = 0
    let result = try store.update(after: read, reusing: (changed, "previewed")) { _ in
      madeAgain += 1
      return "made again"
    }
    expectEqual(result, "previewed")
    expectEqual(madeAgain, 0)
    let saved = try store.read().portfolio
    expectEqual(saved.holdings.map(\.id), ["bitcoin", "ethereum"])
    expectEqual(saved.holdings[1].transactions.map(\.id), ["2"])
  }

  @Test func aFileChangedSinceItWasReadHasTheChangeMadeOnItAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = PortfolioStore(url: directory.file("portfolio.json"))
    try store.update { try $0.record(buy("1"), to: "bitcoin") }
    let read = try store.read()
    var changed = read.portfolio
    try changed.record(buy("2"), to: "ethereum")
    // Another command adds transaction 2 (a buy of 3 bitcoin) before the save.
    try store.update { try $0.record(buy("3"), to: "bitcoin") }
    let result = try store.update(after: read, reusing: (changed, "previewed")) { portfolio in
      try portfolio.record(buy("2"), to: "ethereum")
      return "made again"
    }
    expectEqual(result, "made again")
    let saved = try store.read().portfolio
    expectEqual(saved.holdings.map(\.id), ["bitcoin", "ethereum"])
    expectEqual(saved.holdings[0].transactions.map(\.amount), [1, 3])
    expectEqual(saved.holdings[1].transactions.map(\.id), ["3"])
  }
}
