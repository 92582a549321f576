import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// A zero fee needs no currency: a fee of 0 in a currency no rate reaches still costs 0, so
/// it never makes a lot's cost or a sale's proceeds unknown.
@Suite struct ZeroFeeLedgerTests {
  typealias F = LedgerFixtures

  @Test func aZeroFeeInACurrencyWithoutARateCostsNothing() {
    var buy = F.tx(.buy, "1", at: "10000", "usd", fee: "0", on: "01-01", id: "1")
    buy.feeCurrency = "sek"
    var sale = F.tx(.sell, "0.5", at: "30000", "usd", fee: "0", on: "02-01", id: "2")
    sale.feeCurrency = "sek"
    let ledger = F.ledger([buy, sale])
    // Lot: 1 coin at 10,000; half sold for 15,000 against a basis of 5,000: gain 10,000.
    expectEqual(ledger.realized.count, 1)
    expectEqual(ledger.realized[0].proceeds, 15_000)
    expectEqual(ledger.realized[0].costBasis, 5_000)
    expectEqual(ledger.realized[0].gain, 10_000)
    expectEqual(ledger.costedAmount, F.d("0.5"))
    expectEqual(ledger.costBasis, 5_000)
    expectEqual(ledger.fees, 0)
  }

  @Test func aFeeThatIsNotZeroStillNeedsItsRate() {
    var buy = F.tx(.buy, "1", at: "10000", "usd", fee: "1", on: "01-01", id: "1")
    buy.feeCurrency = "sek"
    let ledger = F.ledger([buy])
    // SEK 1 without a rate: the lot's cost is unknown.
    expectEqual(ledger.costedAmount, 0)
  }
}
