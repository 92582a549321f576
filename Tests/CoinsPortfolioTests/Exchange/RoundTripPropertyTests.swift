import CoinsImport
import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// `export` then `import` into an empty portfolio is the identity, over generated portfolios:
/// the CSV written again is the same bytes, the JSON file the same bytes, and every holding
/// counts the same transactions in the same order (so every report — value, gains and their
/// lots, income, history, wallets — is the same).
@Suite struct RoundTripPropertyTests {
  /// How many portfolios the property runs over.
  static let portfolios: [UInt64] = Array(1...240)

  /// The rows `portfolio import` makes of coins' own export `text` (CSV or JSON), with the
  /// coin ids it names taken as written (`ImportPlanner.exportedCoins`).
  static func rows(_ text: String) throws -> [ImportRow] {
    let bytes = Array(text.utf8)
    if OwnExportJSON.isJSON(bytes) { return try OwnExportJSON.rows(bytes) }
    let result = try ImportReader.read(bytes)
    let coins = try #require(ImportPlanner.exportedCoins(result))
    return ImportPlanner.plan(
      result, coins: coins, prices: DailyPrices(), wallet: Transaction.defaultWallet, ownCSV: true
    ).rows
  }

  /// What every report reads of a portfolio: each holding's transactions in the order they
  /// count, and the history with each sale's gain.
  static func counted(_ portfolio: Portfolio) -> [String: [Transaction]] {
    Dictionary(uniqueKeysWithValues: portfolio.holdings.map { ($0.id, $0.chronological) })
  }

  /// Every sale's gain by every method and scope, by sale id.
  static func gains(_ portfolio: Portfolio) -> [String: RealizedGain] {
    var gains: [String: RealizedGain] = [:]
    for holding in portfolio.holdings {
      for method in CostBasisMethod.allCases {
        for scope in [CostBasisScope.universal, .wallet] {
          for currency in holding.saleCurrencies {
            let ledger = LedgerBuilder.ledger(
              of: holding, in: currency, method: method, scope: scope)
            for sale in ledger.realized {
              gains["\(method)-\(scope)-\(currency)-\(sale.transactionID)"] = sale
            }
          }
        }
      }
    }
    return gains
  }

  @Test func exportThenImportIntoAnEmptyPortfolioIsTheIdentity() throws {
    var seen = Coverage()
    for seed in Self.portfolios {
      let original = GeneratedPortfolio.make(seed: seed)
      seen.count(original)
      let csv = TransactionCSV.render(original, spread: OneCore())
      var copy = Portfolio()
      let outcome = try PortfolioImport.apply(try Self.rows(csv), to: &copy)
      #expect(outcome.added == original.transactionCount, "seed \(seed)")
      #expect(TransactionCSV.render(copy, spread: OneCore()) == csv, "seed \(seed)")
      #expect(Self.counted(copy) == Self.counted(original), "seed \(seed)")
      #expect(Self.gains(copy) == Self.gains(original), "seed \(seed)")
      #expect(copy.nextTransactionID == original.nextTransactionID, "seed \(seed)")

      let json = PortfolioStore.text(of: original)
      var fromJSON = Portfolio()
      _ = try PortfolioImport.apply(try Self.rows(json), to: &fromJSON)
      #expect(PortfolioStore.text(of: fromJSON) == json, "seed \(seed)")
    }
    // The property saw every kind of transaction it is about.
    expectEqual(seen.kinds, Set(TransactionKind.allCases))
    #expect(seen.income > 20 && seen.unknownCost > 20 && seen.moves > 20)
    #expect(seen.foreign > 20 && seen.feeCurrencies > 5 && seen.exchangeIDs > 20)
    #expect(seen.gaps > 20 && seen.undated > 5 && seen.severalWallets > 100)
  }

  @Test func importingTheExportAgainAddsNothing() throws {
    for seed in Self.portfolios.prefix(40) {
      let original = GeneratedPortfolio.make(seed: seed)
      for text in [
        TransactionCSV.render(original, spread: OneCore()), PortfolioStore.text(of: original),
      ] {
        var copy = original
        let outcome = try PortfolioImport.apply(try Self.rows(text), to: &copy)
        #expect(outcome.added == 0, "seed \(seed)")
        #expect(outcome.alreadyThere == original.transactionCount, "seed \(seed)")
        #expect(copy == original, "seed \(seed)")
      }
    }
  }

  @Test func intoAPortfolioWithTransactionsTheIdsAreRenumberedAndTheMovesKept() throws {
    for seed in Self.portfolios.prefix(60) {
      let first = GeneratedPortfolio.make(seed: seed)
      let second = GeneratedPortfolio.make(seed: seed + 10_000)
      guard first.transactionCount > 0 else { continue }
      var merged = first
      let csv = TransactionCSV.render(second, spread: OneCore())
      let outcome = try PortfolioImport.apply(try Self.rows(csv), to: &merged)
      #expect(outcome.added == second.transactionCount, "seed \(seed)")
      // The first portfolio's transactions are untouched; the new ones follow its ids.
      for holding in first.holdings {
        let kept = merged.holding(id: holding.id)?.transactions.prefix(holding.transactions.count)
        #expect(kept.map(Array.init) == holding.transactions, "seed \(seed)")
      }
      let largest = first.holdings.flatMap(\.transactions).compactMap { Int($0.id) }.max() ?? 0
      let added = merged.holdings.flatMap(\.transactions).filter { !first.has($0.id) }
      #expect(added.allSatisfy { (Int($0.id) ?? 0) > largest }, "seed \(seed)")
      // Every move of the second portfolio is a move in the merged one.
      let moves = { (portfolio: Portfolio) in portfolio.holdings.reduce(0) { $0 + $1.moves.count } }
      #expect(moves(merged) == moves(first) + moves(second), "seed \(seed)")
      // And once more adds nothing.
      var again = merged
      #expect(try PortfolioImport.apply(try Self.rows(csv), to: &again).added == 0, "seed \(seed)")
    }
  }

  @Test func anExportOfTheLayoutBeforeImportsAsBefore() throws {
    // Written by `coins portfolio export --csv` before the export named every member (twelve
    // columns, the coin headed `coin`): ids with a gap (5 was undone), three wallets — one,
    // `cold storage`, which the import refused then — a move (6 → 7) and fees.
    let text = String(decoding: try ImportFixture.bytes("coins_export_v1.csv"), as: UTF8.self)
    let result = try ImportReader.read(Array(text.utf8))
    expectEqual(result.version, "v1")
    #expect(ImportPlanner.exportedCoins(result) == nil)
    var portfolio = Portfolio()
    let outcome = try PortfolioImport.apply(try TransactionCSVTests.parse(text), to: &portfolio)
    expectEqual(outcome.added, 7)
    // The portfolio file it was exported from, byte for byte.
    let file = try ImportFixture.bytes("coins_export_v1_portfolio.json")
    expectEqual(PortfolioStore.text(of: portfolio), String(decoding: file, as: UTF8.self))
  }

  /// How often the generated portfolios hold what the property is about.
  struct Coverage {
    var kinds = Set<TransactionKind>()
    var income = 0, unknownCost = 0, moves = 0, foreign = 0, feeCurrencies = 0
    var exchangeIDs = 0, gaps = 0, undated = 0, severalWallets = 0

    mutating func count(_ portfolio: Portfolio) {
      let all = portfolio.holdings.flatMap(\.transactions)
      kinds.formUnion(all.map(\.kind))
      income += all.filter(\.isIncome).count
      unknownCost += all.filter(\.costUnknown).count
      moves += portfolio.holdings.reduce(0) { $0 + $1.moves.count }
      foreign += all.filter { ($0.currency ?? "usd") != "usd" }.count
      feeCurrencies += all.filter { $0.feeCurrency != nil }.count
      exchangeIDs += all.filter { $0.externalID != nil }.count
      undated += all.filter { $0.date == nil }.count
      let ids = all.compactMap { Int($0.id) }
      if let largest = ids.max(), largest > ids.count { gaps += 1 }
      if Set(all.map(\.wallet)).count > 1 { severalWallets += 1 }
    }
  }
}

extension Portfolio {
  /// Every transaction's count.
  fileprivate var transactionCount: Int { holdings.reduce(0) { $0 + $1.transactions.count } }

  /// Whether a transaction has this id.
  fileprivate func has(_ id: String) -> Bool { transaction(id: id) != nil }
}
