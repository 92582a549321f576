import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// An import pairs a withdrawal with a deposit into another wallet as one move: within 72
/// hours after it, 98–100 % of it, only where the import added one of them.
@Suite struct MoveMatchingTests {
  typealias F = LedgerFixtures

  static func tx(
    _ kind: TransactionKind, _ amount: String, at time: String, id: String, wallet: String,
    income: Bool = false
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: F.d(amount), date: PortfolioFixtures.date(time),
      isIncome: income, wallet: wallet)
  }

  static let buy = tx(.buy, "2", at: "2024-01-01T00:00:00Z", id: "1", wallet: "coinbase")

  static func portfolio(_ transactions: [Transaction]) -> Portfolio {
    Portfolio(holdings: [Holding(id: "bitcoin", transactions: [buy] + transactions)])
  }

  @Test func aDepositWithinTheWindowAndTheShareIsTheWithdrawalsMove() throws {
    var portfolio = Self.portfolio([
      Self.tx(.transferOut, "1", at: "2024-02-01T10:00:00Z", id: "2", wallet: "coinbase"),
      // 71 h 59 m later, 98 % of it: the move.
      Self.tx(.transferIn, "0.98", at: "2024-02-04T09:59:00Z", id: "3", wallet: "kraken"),
    ])
    let moves = portfolio.matchMoves(among: ["3"])
    expectEqual(moves.map(\.out.id), ["2"])
    expectEqual(moves.map(\.arrival.id), ["3"])
    expectEqual(portfolio.holding(id: "bitcoin")?.transactions[2].movedFrom, "2")
    expectEqual(portfolio.holding(id: "bitcoin")?.moves, ["2": 2])
  }

  @Test(arguments: [
    // Too late: 72 h and a minute.
    ("0.99", "2024-02-04T10:01:00Z", "kraken", false),
    // Before the withdrawal.
    ("0.99", "2024-02-01T09:00:00Z", "kraken", false),
    // Under 98 %.
    ("0.979", "2024-02-01T12:00:00Z", "kraken", false),
    // More than left.
    ("1.01", "2024-02-01T12:00:00Z", "kraken", false),
    // Income is no move.
    ("0.99", "2024-02-01T12:00:00Z", "kraken", true),
  ])
  func aDepositOutsideTheRulesStaysATransfer(
    amount: String, time: String, wallet: String, income: Bool
  ) {
    var portfolio = Self.portfolio([
      Self.tx(.transferOut, "1", at: "2024-02-01T10:00:00Z", id: "2", wallet: "coinbase"),
      Self.tx(.transferIn, amount, at: time, id: "3", wallet: wallet, income: income),
    ])
    let before = portfolio
    #expect(portfolio.matchMoves(among: ["2", "3"]).isEmpty)
    expectEqual(portfolio, before)
  }

  @Test func aWithdrawalAndDepositInOneWalletCancel() throws {
    // Coinbase's `Send ETH2` then `Receive ETH` of one coin: a move within the wallet, so
    // the 2 coins bought at 1,000 + 10 fee keep that cost; only the 0.01 that did not come
    // back leaves, at its cost (2,010 × 0.01 / 2 = 10.05), and the sale of 1.99 costs the rest:
    // 2,010 − 10.05 = 1,999.95.
    let buy = Transaction(
      id: "1", kind: .buy, amount: 2, price: 1000, currency: "usd", fee: 10,
      date: PortfolioFixtures.date("2024-01-01T00:00:00Z"), wallet: "coinbase")
    var portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          buy,
          Self.tx(.transferOut, "1", at: "2024-02-01T10:00:00Z", id: "2", wallet: "coinbase"),
          Self.tx(.transferIn, "0.99", at: "2024-02-01T12:00:00Z", id: "3", wallet: "coinbase"),
          Transaction(
            id: "4", kind: .sell, amount: PortfolioFixtures.decimal("1.99"), price: 1500,
            currency: "usd", date: PortfolioFixtures.date("2024-03-01T00:00:00Z"),
            wallet: "coinbase"),
        ])
    ])
    let moves = portfolio.matchMoves(among: ["2", "3"])
    expectEqual(moves.map(\.arrival.id), ["3"])
    let holding = try #require(portfolio.holding(id: "bitcoin"))
    for scope in [CostBasisScope.universal, .wallet] {
      let ledger = LedgerBuilder.ledger(of: holding, in: "usd", method: .fifo, scope: scope)
      expectEqual(ledger.realized.map(\.costBasis), [PortfolioFixtures.decimal("1999.95")])
    }
  }

  @Test func onlyPairsWhereTheImportAddedOneHalf() {
    var portfolio = Self.portfolio([
      Self.tx(.transferOut, "1", at: "2024-02-01T10:00:00Z", id: "2", wallet: "coinbase"),
      Self.tx(.transferIn, "1", at: "2024-02-01T11:00:00Z", id: "3", wallet: "kraken"),
    ])
    #expect(portfolio.matchMoves(among: ["9"]).isEmpty)
    expectEqual(portfolio.matchMoves(among: ["2"]).count, 1)
  }

  @Test func eachWithdrawalTakesTheNearestDepositOnce() {
    var portfolio = Self.portfolio([
      Self.tx(.transferOut, "0.5", at: "2024-02-01T10:00:00Z", id: "2", wallet: "coinbase"),
      Self.tx(.transferOut, "0.5", at: "2024-02-01T12:00:00Z", id: "3", wallet: "coinbase"),
      Self.tx(.transferIn, "0.5", at: "2024-02-01T13:00:00Z", id: "4", wallet: "kraken"),
      Self.tx(.transferIn, "0.5", at: "2024-02-01T11:00:00Z", id: "5", wallet: "kraken"),
    ])
    // The older withdrawal (2) takes the deposit nearest after it (5, at 11:00); 3 takes 4.
    let moves = portfolio.matchMoves(among: ["4", "5"])
    expectEqual(moves.map { [$0.out.id, $0.arrival.id] }, [["2", "5"], ["3", "4"]])
  }

  @Test func ofDepositsAtOneTimeTheLargerThenTheFirstWrittenIsTaken() {
    var portfolio = Self.portfolio([
      Self.tx(.transferOut, "1", at: "2024-02-01T10:00:00Z", id: "2", wallet: "coinbase"),
      Self.tx(.transferIn, "0.98", at: "2024-02-01T11:00:00Z", id: "3", wallet: "kraken"),
      Self.tx(.transferIn, "0.99", at: "2024-02-01T11:00:00Z", id: "4", wallet: "kraken"),
      Self.tx(.transferIn, "0.99", at: "2024-02-01T11:00:00Z", id: "5", wallet: "binance"),
      Self.tx(.transferOut, "1", at: "2024-02-01T10:30:00Z", id: "6", wallet: "coinbase"),
    ])
    // 2 is older, so chooses first: of 3, 4 and 5, all an hour after it, 4 and 5 are the
    // larger (0.99) and 4 comes first. 6 then takes 5, the larger of what is left.
    let moves = portfolio.matchMoves(among: ["3", "4", "5"])
    expectEqual(moves.map { [$0.out.id, $0.arrival.id] }, [["2", "4"], ["6", "5"]])
  }
}
