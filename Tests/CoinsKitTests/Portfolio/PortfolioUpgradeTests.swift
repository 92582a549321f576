import CoinsTestSupport
import Foundation
import Testing

@testable import CoinsModel
@testable import CoinsServices

/// A version-1 file reads as version 2 and is rewritten only by the next change, which keeps
/// its bytes as `portfolio.json.v1`.
@Suite struct PortfolioUpgradeTests {
  private static let versionOne = """
    {"version": 1, "owner": "me", "holdings": [
      {"id": "bitcoin", "wallet": "cold", "lots": [
        {"amount": "0.5", "cost": "42000", "costCurrency": "usd", "date": "2026-01-02T10:00:00Z",
         "exchange": "kraken"},
        {"amount": 0.25}]},
      {"id": "ethereum", "lots": [{"amount": "2", "cost": "2500", "costCurrency": "EUR"}]}]}
    """

  @Test func readingAVersionOneFileChangesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionOne)
    let portfolio = try PortfolioStore(url: url).load()
    #expect(portfolio.holdings.map { $0.transactions.map(\.id) } == [["1", "2"], ["3"]])
    #expect(portfolio.holdings[0].transactions.allSatisfy { $0.kind == .buy })
    #expect(TemporaryDirectory.text(of: url) == Self.versionOne)
    #expect(directory.contents() == ["portfolio.json"])
  }

  @Test func theFirstChangeKeepsTheVersionOneBytesAndSaysSoOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionOne)
    let store = PortfolioStore(url: url)
    var notices: [URL] = []
    try store.update(onUpgrade: { notices.append($0) }) { portfolio in
      try portfolio.record(
        Transaction(
          kind: .sell, amount: 0.5, price: 50_000, currency: "usd",
          date: PortfolioFixtures.date("2026-02-01T00:00:00Z")), to: "bitcoin")
    }
    #expect(notices == [directory.url.appendingPathComponent("portfolio.json.v1")])
    #expect(TemporaryDirectory.text(of: store.versionOneURL) == Self.versionOne)
    #expect(TemporaryDirectory.permissions(of: store.versionOneURL) == 0o600)
    let text = try #require(TemporaryDirectory.text(of: url))
    #expect(text.hasPrefix("{\n  \"version\": 2,"))
    // Unknown members at every level survive.
    for kept in [#""owner": "me""#, #""wallet": "cold""#, #""exchange": "kraken""#] {
      #expect(text.contains(kept))
    }
    let upgraded = try store.load()
    #expect(upgraded.holding(id: "bitcoin")?.amount == PortfolioFixtures.decimal("0.25"))
    #expect(upgraded.holding(id: "bitcoin")?.transactions.map(\.id) == ["1", "2", "4"])
    #expect(upgraded.holding(id: "ethereum")?.transactions[0].currency == "eur")
    // A second change is of a version-2 file: no notice, the kept bytes stay.
    try store.update(onUpgrade: { notices.append($0) }) { portfolio in
      portfolio.add(Lot(amount: 1), to: "solana")
    }
    #expect(notices.count == 1)
    #expect(TemporaryDirectory.text(of: store.versionOneURL) == Self.versionOne)
  }

  @Test func aRefusedChangeOfAVersionOneFileKeepsItVersionOne() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionOne)
    let store = PortfolioStore(url: url)
    #expect(throws: PortfolioError.self) {
      try store.update { portfolio in
        try portfolio.record(Transaction(kind: .sell, amount: 5, price: 1), to: "bitcoin")
      }
    }
    #expect(TemporaryDirectory.text(of: url) == Self.versionOne)
    #expect(directory.contents() == ["portfolio.json", "portfolio.json.lock"])
  }
}
