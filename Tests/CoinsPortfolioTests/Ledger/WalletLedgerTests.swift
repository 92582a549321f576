import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Wallets in the ledger: a move keeps its coins' dates and costs, the network's fee leaves at
/// its cost, and the scope decides which lots a sale takes. Every figure is worked by hand in
/// the comments.
@Suite struct WalletLedgerTests {
  typealias F = LedgerFixtures

  static func tx(
    _ kind: TransactionKind, _ amount: String, at price: String? = nil, on day: String,
    id: String, wallet: String, movedFrom: String? = nil
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: F.d(amount), price: price.map(F.d),
      date: PortfolioFixtures.date("\(day)T00:00:00Z"), wallet: wallet, movedFrom: movedFrom)
  }

  /// 1 BTC at 20,000 on Coinbase (2024-01-01), 1 at 60,000 on Kraken (2024-06-01); 0.5 moved
  /// from Coinbase to Kraken on 2024-07-01, of which 0.01 went to the network (0.49 arrived);
  /// 0.49 sold on Kraken at 70,000 on 2024-08-01 (proceeds 34,300).
  static let moved = Holding(
    id: "bitcoin",
    transactions: [
      tx(.buy, "1", at: "20000", on: "2024-01-01", id: "1", wallet: "coinbase"),
      tx(.buy, "1", at: "60000", on: "2024-06-01", id: "2", wallet: "kraken"),
      tx(.transferOut, "0.5", on: "2024-07-01", id: "3", wallet: "coinbase"),
      tx(.transferIn, "0.49", on: "2024-07-01", id: "4", wallet: "kraken", movedFrom: "3"),
      tx(.sell, "0.49", at: "70000", on: "2024-08-01", id: "5", wallet: "kraken"),
    ])

  static func ledger(
    _ holding: Holding, _ method: CostBasisMethod, _ scope: CostBasisScope,
    wallet: String? = nil
  ) -> HoldingLedger {
    LedgerBuilder.ledger(of: holding, in: "usd", method: method, scope: scope, wallet: wallet)
  }

  @Test func aMovedLotKeepsItsDateAndCostAndComesFirstByFIFOInItsNewWallet() throws {
    // Kraken holds the moved 0.49 of lot 1 (acquired 2024-01-01, 20,000 a coin) and lot 2
    // (2024-06-01): FIFO takes the moved part, 0.49 × 20,000 = 9,800; gain 34,300 − 9,800.
    let ledger = Self.ledger(Self.moved, .fifo, .wallet)
    let sale = try #require(ledger.realized.first)
    expectEqual(sale.costBasis, F.d("9800"))
    expectEqual(sale.gain, F.d("24500"))
    expectEqual(sale.wallet, "kraken")
    expectEqual(sale.lots.map(\.acquiredID), ["1"])
    expectEqual(sale.lots.map(\.acquired), [PortfolioFixtures.date("2024-01-01T00:00:00Z")])
    // Left: Coinbase 0.5 of lot 1 (10,000), Kraken lot 2 (60,000); the fee's 0.01 left at its
    // cost, 200: 80,000 − 9,800 − 200 = 70,000 for 1.5 coins.
    expectEqual(ledger.amount, F.d("1.5"))
    expectEqual(ledger.costBasis, F.d("70000"))
  }

  @Test func byLIFOTheNewerLotInTheWalletGoesFirst() throws {
    // Kraken's newest lot is lot 2 (2024-06-01): 0.49 × 60,000 = 29,400; gain 4,900.
    let sale = try #require(Self.ledger(Self.moved, .lifo, .wallet).realized.first)
    expectEqual(sale.costBasis, F.d("29400"))
    expectEqual(sale.lots.map(\.acquiredID), ["2"])
  }

  @Test func aWalletsPartHasItsOwnCoinsCostsAndSales() {
    let kraken = Self.ledger(Self.moved, .fifo, .wallet, wallet: "kraken")
    // 1 + 0.49 − 0.49 = 1 coin, lot 2 at 60,000; the sale is Kraken's.
    expectEqual(kraken.amount, F.d("1"))
    expectEqual(kraken.costBasis, F.d("60000"))
    expectEqual(kraken.realized.map(\.transactionID), ["5"])
    let coinbase = Self.ledger(Self.moved, .fifo, .wallet, wallet: "coinbase")
    // 1 − 0.5 = 0.5 coin of lot 1 at 20,000 a coin; no sales.
    expectEqual(coinbase.amount, F.d("0.5"))
    expectEqual(coinbase.costBasis, F.d("10000"))
    #expect(coinbase.realized.isEmpty)
  }

  @Test func universalScopeTakesTheOldestLotAnywhere() throws {
    // One pool: the move leaves lot 1 where it is, less the fee's 0.01 (0.99 left, 19,800).
    // The Kraken sale takes the oldest lot anywhere, lot 1: 0.49 × 20,000 = 9,800.
    let ledger = Self.ledger(Self.moved, .fifo, .universal)
    expectEqual(ledger.realized.first?.costBasis, F.d("9800"))
    expectEqual(ledger.costBasis, F.d("70000"))
    // Kraken's 1 coin of the pool's 1.5 costs its share of 70,000: 46,666.66… exactly as
    // ExactDecimal divides, not a float.
    let kraken = Self.ledger(Self.moved, .fifo, .universal, wallet: "kraken")
    expectEqual(kraken.amount, F.d("1"))
    expectEqual(kraken.costBasis, F.d("46666.666666666666666666666666666666667"))
  }

  /// Bought on Coinbase, sold on Kraken: the scope decides the cost.
  @Test func theScopeDecidesWhichWalletsLotsASaleTakes() throws {
    let holding = Holding(
      id: "bitcoin",
      transactions: [
        Self.tx(.buy, "1", at: "20000", on: "2024-01-01", id: "1", wallet: "coinbase"),
        Self.tx(.buy, "1", at: "60000", on: "2024-06-01", id: "2", wallet: "kraken"),
        Self.tx(.sell, "0.5", at: "70000", on: "2024-08-01", id: "3", wallet: "kraken"),
      ])
    // Universal FIFO: lot 1, 0.5 × 20,000 = 10,000; gain 35,000 − 10,000 = 25,000.
    expectEqual(Self.ledger(holding, .fifo, .universal).realized.first?.gain, F.d("25000"))
    // Wallet FIFO: Kraken has only lot 2, 0.5 × 60,000 = 30,000; gain 5,000.
    expectEqual(Self.ledger(holding, .fifo, .wallet).realized.first?.gain, F.d("5000"))
  }

  @Test func aMoveOfEverythingCarriesTheWholeCostToTheSale() throws {
    // The case: bought on Coinbase, moved to Kraken, sold there more than a year on:
    // cost 20,000 (not 0), gain 50,000, long term, in both scopes.
    let holding = Holding(
      id: "bitcoin",
      transactions: [
        Self.tx(.buy, "1", at: "20000", on: "2024-01-01", id: "1", wallet: "coinbase"),
        Self.tx(.transferOut, "1", on: "2024-03-01", id: "2", wallet: "coinbase"),
        Self.tx(.transferIn, "1", on: "2024-03-02", id: "3", wallet: "kraken", movedFrom: "2"),
        Self.tx(.sell, "1", at: "70000", on: "2025-02-01", id: "4", wallet: "kraken"),
      ])
    for scope in CostBasisScope.allCases {
      let sale = try #require(Self.ledger(holding, .fifo, scope).realized.first)
      #expect(sale.costBasis == F.d("20000"), "\(scope)")
      #expect(sale.gain == F.d("50000"), "\(scope)")
      #expect(sale.lots.map(\.acquiredID) == ["1"], "\(scope)")
    }
    // Without the link the transfer in costs 0, as a transfer from outside does.
    var unlinked = holding
    unlinked.transactions[2].movedFrom = nil
    expectEqual(Self.ledger(unlinked, .fifo, .wallet).realized.first?.costBasis, 0)
  }

  @Test func aLinkThatIsNoMoveCountsAsATransferInOnItsOwn() {
    // More arrived than left, so 2 → 3 is no move: the transfer in costs 0.
    let holding = Holding(
      id: "bitcoin",
      transactions: [
        Self.tx(.buy, "1", at: "100", on: "2024-01-01", id: "1", wallet: "a"),
        Self.tx(.transferOut, "0.5", on: "2024-01-02", id: "2", wallet: "a"),
        Self.tx(.transferIn, "0.6", on: "2024-01-02", id: "3", wallet: "b", movedFrom: "2"),
      ])
    #expect(holding.moves.isEmpty)
    expectEqual(Self.ledger(holding, .fifo, .wallet).costBasis, F.d("50"))
  }

  @Test func eachWalletMustHoldWhatLeavesIt() {
    // 1.5 coins in all, but Coinbase holds 0.5 after the move: a sale of 0.6 there overdraws.
    var holding = Self.moved
    holding.transactions.append(
      Self.tx(.sell, "0.6", at: "1", on: "2024-09-01", id: "6", wallet: "coinbase"))
    expectEqual(holding.firstOverdraw?.transaction.id, "6")
    expectEqual(holding.firstOverdraw?.held, F.d("0.5"))
  }

  @Test func openLotsByWalletFollowTheMove() {
    // Kraken: the moved part of lot 1 was sold (0.49 of 0.49), lot 2 whole is left.
    expectEqual(Self.moved.openPositions(in: "kraken").map(\.index), [1])
    expectEqual(Self.moved.openPositions(in: "kraken").map(\.left), [F.d("1")])
    // Coinbase: 0.5 of lot 1. All wallets, one FIFO pool: lot 1 less the fee and the sale
    // (1 − 0.01 − 0.49 = 0.5), then lot 2.
    expectEqual(Self.moved.openPositions(in: "coinbase").map(\.left), [F.d("0.5")])
    expectEqual(Self.moved.openPositions().map(\.left), [F.d("0.5"), F.d("1")])
  }

  @Test func undoingHalfAMoveUndoesBoth() throws {
    var portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", transactions: Array(Self.moved.transactions.prefix(4)))
    ])
    try portfolio.undo("4")
    expectEqual(portfolio.holding(id: "bitcoin")?.transactions.map(\.id), ["1", "2"])
  }

  @Test func aMoveIsRecordedAsTwoLinkedHalvesOrNotAtAll() throws {
    var portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", transactions: Array(Self.moved.transactions.prefix(2)))
    ])
    let move = try portfolio.recordMove(
      of: "bitcoin", amount: F.d("0.5"), fee: F.d("0.001"), from: "coinbase", to: "ledger",
      date: PortfolioFixtures.date("2024-07-01T00:00:00Z"), note: nil)
    expectEqual(move.out.id, "3")
    expectEqual(move.in.id, "4")
    expectEqual(move.in.movedFrom, "3")
    expectEqual(move.in.amount, F.d("0.499"))
    expectEqual(portfolio.holding(id: "bitcoin")?.amount(in: "ledger"), F.d("0.499"))
    let before = portfolio
    #expect(throws: PortfolioError.self) {
      try portfolio.recordMove(
        of: "bitcoin", amount: F.d("0.6"), fee: 0, from: "coinbase", to: "ledger", date: nil,
        note: nil)
    }
    expectEqual(portfolio, before)
  }

  @Test func aTransferOutAndInRecordedApartArePairedAsAMove() throws {
    var portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Self.tx(.buy, "1", at: "20000", on: "2024-01-01", id: "1", wallet: "coinbase"),
          Self.tx(.transferOut, "1", on: "2024-03-01", id: "2", wallet: "coinbase"),
          Self.tx(.transferIn, "0.99", at: "5", on: "2024-03-02", id: "3", wallet: "kraken"),
        ])
    ])
    let (coin, out, arrival) = try portfolio.link(out: "2", in: "3")
    expectEqual(coin, "bitcoin")
    expectEqual(out.id, "2")
    expectEqual(arrival.movedFrom, "2")
    // The arrival's own price goes: its coins cost what they cost on Coinbase, 0.99 × 20,000.
    #expect(arrival.price == nil)
    let holding = try #require(portfolio.holding(id: "bitcoin"))
    expectEqual(Self.ledger(holding, .fifo, .wallet, wallet: "kraken").costBasis, F.d("19800"))
    // Refusals, each leaving the portfolio as it was.
    let before = portfolio
    let refusals: [(String, String, String)] = [
      ("3", "2", "transaction 3 is not a transfer out"),
      ("2", "3", "one of them is already half of a move"),
      ("2", "1", "transaction 1 is not a transfer in"),
    ]
    for (outID, inID, problem) in refusals {
      #expect(throws: PortfolioError.notAMove(out: outID, in: inID, problem: problem)) {
        try portfolio.link(out: outID, in: inID)
      }
    }
    #expect(throws: PortfolioError.noSuchTransaction("9")) { try portfolio.link(out: "9", in: "3") }
    expectEqual(portfolio, before)
  }
}
