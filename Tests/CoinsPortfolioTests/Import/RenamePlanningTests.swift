import CoinsImport
import CoinsModel
import Foundation
import Testing

/// A trade between two tickers of one coin (ETH → ETH2, both ethereum) is a rename: nothing
/// sold or bought, only a difference in amount recorded.
@Suite struct RenamePlanningTests {
  typealias P = ImportPlannerTests
  static let coins = ["ETH": "ethereum", "ETH2": "ethereum", "BTC": "bitcoin"]

  static func plan(_ spent: String, _ received: String) -> ImportPlan {
    let event = ImportedEvent(
      line: 4, date: P.day,
      action: .trade(spent: P.coin(spent, "ETH"), received: P.coin(received, "ETH2")),
      value: P.money("2500", "USD"), id: "C1")
    return ImportPlanner.plan(
      P.result([event]), coins: coins, prices: DailyPrices(), wallet: "coinbase", ownCSV: false)
  }

  @Test func theSameAmountRecordsNothing() {
    let plan = Self.plan("1", "1")
    #expect(plan.rows.isEmpty)
    #expect(plan.renames == [4])
    #expect(plan.unknownCosts.isEmpty)
  }

  @Test func fewerCoinsBackIsATransferOutOfTheDifference() {
    // 1 ETH in, 0.999 ETH2 back: 0.001 left, at its cost, realizing nothing.
    let plan = Self.plan("1", "0.999")
    #expect(plan.rows.map(\.transaction.kind) == [.transferOut])
    #expect(plan.rows.map(\.transaction.amount) == [Decimal(string: "0.001")!])
    #expect(plan.rows.map(\.transaction.note) == ["rename ETH to ETH2"])
    #expect(plan.rows.map(\.transaction.externalID) == ["C1"])
  }

  @Test func moreCoinsBackIsATransferInOfUnknownCost() {
    let plan = Self.plan("1", "1.5")
    #expect(plan.rows.map(\.transaction.kind) == [.transferIn])
    #expect(plan.rows.map(\.transaction.amount) == [Decimal(string: "0.5")!])
    #expect(plan.rows.allSatisfy { $0.transaction.costUnknown })
    #expect(plan.unknownCosts.map(\.event) == ["rename"])
  }

  @Test func twoCoinsAreStillATrade() {
    let event = ImportedEvent(
      line: 2, date: P.day,
      action: .trade(spent: P.coin("1", "ETH"), received: P.coin("0.05", "BTC")),
      value: P.money("2500", "USD"))
    let plan = ImportPlanner.plan(
      P.result([event]), coins: Self.coins, prices: DailyPrices(), wallet: "coinbase",
      ownCSV: false)
    #expect(plan.rows.map(\.transaction.kind) == [.sell, .buy])
    #expect(plan.renames.isEmpty)
  }
}
