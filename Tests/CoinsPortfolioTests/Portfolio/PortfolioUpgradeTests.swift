import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// A file of an earlier version reads as the current one and is rewritten only by the next
/// change, which keeps its bytes as `portfolio.json.v1` or `portfolio.json.v2`.
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
    expectEqual(portfolio.holdings.map { $0.transactions.map(\.id) }, [["1", "2"], ["3"]])
    #expect(portfolio.holdings[0].transactions.allSatisfy { $0.kind == .buy })
    expectEqual(TemporaryDirectory.text(of: url), Self.versionOne)
    expectEqual(directory.contents(), ["portfolio.json"])
  }

  @Test func theFirstChangeKeepsTheVersionOneBytesAndSaysSoOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionOne)
    let store = PortfolioStore(url: url)
    var notices: [URL] = []
    try store.update(onUpgrade: { notices.append($1) }) { portfolio in
      try portfolio.record(
        Transaction(
          kind: .sell, amount: 0.5, price: 50_000, currency: "usd",
          date: PortfolioFixtures.date("2026-02-01T00:00:00Z")), to: "bitcoin")
    }
    expectEqual(notices, [directory.url.appendingPathComponent("portfolio.json.v1")])
    expectEqual(TemporaryDirectory.text(of: store.versionOneURL), Self.versionOne)
    expectEqual(TemporaryDirectory.permissions(of: store.versionOneURL), 0o600)
    let text = try #require(TemporaryDirectory.text(of: url))
    #expect(text.hasPrefix("{\n  \"version\": 3,"))
    // Unknown members at every level survive.
    for kept in [#""owner": "me""#, #""wallet": "cold""#, #""exchange": "kraken""#] {
      #expect(text.contains(kept))
    }
    let upgraded = try store.load()
    expectEqual(upgraded.holding(id: "bitcoin")?.amount, PortfolioFixtures.decimal("0.25"))
    expectEqual(upgraded.holding(id: "bitcoin")?.transactions.map(\.id), ["1", "2", "4"])
    expectEqual(upgraded.holding(id: "ethereum")?.transactions[0].currency, "eur")
    // A second change is of a version-2 file: no notice, the kept bytes stay.
    try store.update(onUpgrade: { notices.append($1) }) { portfolio in
      portfolio.add(Lot(amount: 1), to: "solana")
    }
    expectEqual(notices.count, 1)
    expectEqual(TemporaryDirectory.text(of: store.versionOneURL), Self.versionOne)
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
    expectEqual(TemporaryDirectory.text(of: url), Self.versionOne)
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
  }

  private static let versionTwo = """
    {
      "version": 2,
      "owner": "me",
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {
              "id": "1",
              "type": "buy",
              "amount": "0.5",
              "price": "42000",
              "currency": "usd",
              "date": "2026-01-02T10:00:00.000Z",
              "wallet": "cold"
            },
            {
              "id": "2",
              "type": "in",
              "amount": "0.25",
              "note": "staking",
              "income": true
            }
          ]
        }
      ]
    }

    """

  @Test func readingAVersionTwoFileChangesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionTwo)
    let portfolio = try PortfolioStore(url: url).load()
    let transactions = try #require(portfolio.holding(id: "bitcoin")?.transactions)
    expectEqual(transactions.map(\.id), ["1", "2"])
    #expect(transactions.allSatisfy { $0.wallet == Transaction.defaultWallet && !$0.isIncome })
    expectEqual(TemporaryDirectory.text(of: url), Self.versionTwo)
    expectEqual(directory.contents(), ["portfolio.json"])
  }

  @Test func theFirstChangeOfAVersionTwoFileKeepsItsBytesAndSaysSoOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionTwo)
    let store = PortfolioStore(url: url)
    var notices: [(Int, URL)] = []
    try store.update(onUpgrade: { notices.append(($0, $1)) }) { portfolio in
      try portfolio.record(
        Transaction(
          kind: .sell, amount: 0.5, price: 50_000, currency: "usd",
          date: PortfolioFixtures.date("2026-02-01T00:00:00Z")), to: "bitcoin")
    }
    expectEqual(notices.map(\.0), [2])
    expectEqual(notices.map(\.1), [directory.url.appendingPathComponent("portfolio.json.v2")])
    expectEqual(TemporaryDirectory.text(of: store.versionTwoURL), Self.versionTwo)
    expectEqual(TemporaryDirectory.permissions(of: store.versionTwoURL), 0o600)
    #expect(
      TemporaryDirectory.text(of: directory.url.appendingPathComponent("portfolio.json.bak"))
        == Self.versionTwo)
    // Version 3, each transaction on one line; the version-2 members named like version 3's
    // fields kept under another name, never read as them.
    #expect(
      TemporaryDirectory.text(of: url) == """
        {
          "version": 3,
          "holdings": [
            {
              "id": "bitcoin",
              "transactions": [
                {"id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd", "date": "2026-01-02T10:00:00.000Z", "v2:wallet": "cold"},
                {"id": "2", "type": "in", "amount": "0.25", "note": "staking", "v2:income": true},
                {"id": "3", "type": "sell", "amount": "0.5", "price": "50000", "currency": "usd", "date": "2026-02-01T00:00:00.000Z"}
              ]
            }
          ],
          "owner": "me"
        }

        """)
    // A second change is of a version-3 file: no notice, the kept bytes stay.
    try store.update(onUpgrade: { notices.append(($0, $1)) }) { portfolio in
      portfolio.add(Lot(amount: 1), to: "solana")
    }
    expectEqual(notices.count, 1)
    expectEqual(TemporaryDirectory.text(of: store.versionTwoURL), Self.versionTwo)
    #expect(
      directory.contents() == [
        "portfolio.json", "portfolio.json.bak", "portfolio.json.journal", "portfolio.json.lock",
        "portfolio.json.v2",
      ])
  }

  @Test func aRefusedChangeOfAVersionTwoFileKeepsItVersionTwo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.write(Self.versionTwo)
    let store = PortfolioStore(url: url)
    #expect(throws: PortfolioError.self) {
      try store.update { portfolio in
        try portfolio.record(Transaction(kind: .sell, amount: 5, price: 1), to: "bitcoin")
      }
    }
    expectEqual(TemporaryDirectory.text(of: url), Self.versionTwo)
    expectEqual(directory.contents(), ["portfolio.json", "portfolio.json.lock"])
  }

  @Test func theNewFieldsSurviveAChangeOfTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = PortfolioStore(url: directory.portfolioURL())
    let reward = Transaction(
      kind: .transferIn, amount: PortfolioFixtures.decimal("0.01"), note: "staking",
      externalID: "KRAKEN-TX-1", isIncome: true, wallet: "kraken")
    try store.update { portfolio in try portfolio.record(reward, to: "ethereum") }
    try store.update { portfolio in portfolio.add(Lot(amount: 1), to: "bitcoin") }
    var expected = reward
    expected.id = "1"
    try expectEqual(store.load().holding(id: "ethereum")?.transactions, [expected])
  }
}
