import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// The domain's work spread over the cores (`EveryCore`, what the commands hand it) gives what
/// the same work gives one piece after another (`OneCore`, what the domain's tests use).
@Suite struct EveryCoreTests {
  @Test func manyItemsComeBackInTheirOrder() {
    let doubled = EveryCore().map(Array(0..<50_000), weight: { _ in 1 }, threshold: 1_000) {
      $0 * 2
    }
    expectEqual(doubled.count, 50_000)
    expectEqual(doubled.first, 0)
    expectEqual(doubled[25_000], 50_000)
    expectEqual(doubled.last, 99_998)
    #expect(zip(doubled, doubled.dropFirst()).allSatisfy { $1 - $0 == 2 })
  }

  /// More items than cores, each heavy enough alone to be spread (as the 50 ledgers of a
  /// 100,000-transaction portfolio are): cut into several runs per core, they still come back
  /// each once, in their order.
  @Test func heavyItemsOfUnevenWeightComeBackInTheirOrder() {
    let items = Array(0..<50)
    let squared = EveryCore().map(items, weight: { 1_000 * (1 + $0 % 7) }, threshold: 20_000) {
      $0 * $0
    }
    expectEqual(squared, items.map { $0 * $0 })
    expectEqual(squared[49], 2_401)
  }

  @Test func runsCoverTheCountInOrderAndFewItemsMakeOneRun() {
    let runs = EveryCore().runs(of: 30_001, threshold: 10_000) { $0 }
    expectEqual(runs.first?.lowerBound, 0)
    expectEqual(runs.last?.upperBound, 30_001)
    #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    expectEqual(EveryCore().runs(of: 9_999, threshold: 10_000) { $0 }, [0..<9_999])
  }

  /// Two coins of 10,050 transactions each: 20,100 is over the 20,000 from which the ledgers
  /// are spread; their 6,700 sales, each with its one lot, weigh 13,400, over the 10,000 from
  /// which the gains' figures are.
  @Test func aLongHistorysLedgersAndGainsAreTheSameOnEveryCore() {
    let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
    func holding(_ id: String, price: Decimal) -> Holding {
      let transactions = (0..<10_050).map { (index: Int) -> Transaction in
        let kind: TransactionKind = index % 3 == 2 ? .sell : .buy
        let hours = Double(index) * 3_600
        return Transaction(
          id: id + "-" + String(index), kind: kind, amount: 1, price: price + Decimal(index % 7),
          currency: "usd", date: start.addingTimeInterval(hours))
      }
      return Holding(id: id, transactions: transactions)
    }
    let portfolio = Portfolio(holdings: [
      holding("bitcoin", price: 100), holding("ether", price: 10),
    ])
    let parts: [LedgerBuilder.Part] = portfolio.holdings.map { ($0, nil) }
    let one = LedgerBuilder.ledgers(of: parts, in: "usd", method: .fifo, spread: OneCore())
    let every = LedgerBuilder.ledgers(of: parts, in: "usd", method: .fifo, spread: EveryCore())
    // Every third transaction sells one coin: 3,350 sales per holding.
    expectEqual(one.map(\.realized.count), [3_350, 3_350])
    expectEqual(every, one)
    let sales = one.flatMap(\.realized)
    #expect(
      GainsStatement(sales, currency: "usd", method: .fifo, spread: EveryCore())
        == GainsStatement(sales, currency: "usd", method: .fifo, spread: OneCore()))
  }
}
