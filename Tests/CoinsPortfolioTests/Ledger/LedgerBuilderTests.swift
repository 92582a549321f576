import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Textbook cases worked out by hand; every expected figure is written out in the comments.
@Suite struct LedgerBuilderTests {
  typealias F = LedgerFixtures

  /// Buy 1 at 10,000 + fee 10 (lot 1 costs 10,010); buy 2 at 20,000 + fee 20 (lot 2 costs
  /// 40,020); sell 1.5 at 30,000 − fee 15 (proceeds 44,985).
  static let twoBuysAndAPartialSell = [
    F.tx(.buy, "1", at: "10000", fee: "10", on: "01-01", id: "1"),
    F.tx(.buy, "2", at: "20000", fee: "20", on: "02-01", id: "2"),
    F.tx(.sell, "1.5", at: "30000", fee: "15", on: "03-01", id: "3"),
  ]

  @Test func fifoTakesTheOldestLotFirstAcrossLots() {
    let ledger = F.ledger(Self.twoBuysAndAPartialSell, .fifo)
    // Basis: all of lot 1 (10,010) + 0.5 of lot 2's 2 coins (40,020 × 0.5 / 2 = 10,005)
    // = 20,015; gain 44,985 − 20,015 = 24,970.
    expectEqual(ledger.realized.count, 1)
    expectEqual(ledger.realized[0].proceeds, 44_985)
    expectEqual(ledger.realized[0].costBasis, 20_015)
    expectEqual(ledger.realized[0].gain, 24_970)
    expectEqual(ledger.realized[0].fee, 15)
    // Left: 1.5 of lot 2, costing 40,020 − 10,005 = 30,015; fees 10 + 20 + 15 = 45.
    expectEqual(ledger.amount, F.d("1.5"))
    expectEqual(ledger.costedAmount, F.d("1.5"))
    expectEqual(ledger.costBasis, 30_015)
    expectEqual(ledger.fees, 45)
    // At 40,000: 1.5 × 40,000 = 60,000 − 30,015 = 29,985.
    expectEqual(ledger.unrealizedGain(price: 40_000), 29_985)
    expectEqual(ledger.realizedGain(), 24_970)
  }

  @Test func aLedgerWithoutSoldLotsHasTheSameFiguresAndNoLots() {
    let holding = Holding(id: "bitcoin", transactions: Self.twoBuysAndAPartialSell)
    let with = LedgerBuilder.ledger(of: holding, in: "usd", method: .fifo)
    let without = LedgerBuilder.ledger(of: holding, in: "usd", method: .fifo, soldLots: false)
    // With them: all of lot 1 (1 coin, basis 10,010) and 0.5 of lot 2 (basis 10,005); the
    // proceeds of 44,985 shared by amount: 1 / 1.5 of them is 29,990, the rest 14,995.
    expectEqual(with.realized[0].lots.map(\.amount), [1, F.d("0.5")])
    expectEqual(with.realized[0].lots.map(\.costBasis), [10_010, 10_005])
    expectEqual(with.realized[0].lots.map(\.proceeds), [29_990, 14_995])
    // Without: the same sale's figures and the same coins left; no lots.
    #expect(without.realized[0].lots.isEmpty)
    expectEqual(without.realized[0].proceeds, 44_985)
    expectEqual(without.realized[0].costBasis, 20_015)
    expectEqual(without.realized[0].gain, 24_970)
    expectEqual(without.amount, F.d("1.5"))
    expectEqual(without.costBasis, 30_015)
  }

  @Test func averageCostTakesTheAverageOfEverythingHeld() {
    let ledger = F.ledger(Self.twoBuysAndAPartialSell, .average)
    // Pool: 3 coins costing 10,010 + 40,020 = 50,030; 1.5 of them cost 50,030 / 2 = 25,015.
    expectEqual(ledger.realized[0].costBasis, 25_015)
    expectEqual(ledger.realized[0].gain, 19_970)  // 44,985 − 25,015
    expectEqual(ledger.costBasis, 25_015)
    expectEqual(ledger.unrealizedGain(price: 40_000), 34_985)  // 60,000 − 25,015
    // Both methods agree on the total: 24,970 + 29,985 = 19,970 + 34,985 = 54,955.
  }

  @Test func aSellAtALossRealizesANegativeGain() {
    let ledger = F.ledger([
      F.tx(.buy, "2", at: "3000", on: "01-01", id: "1"),
      F.tx(.sell, "0.5", at: "2000", on: "02-01", id: "2"),
    ])
    // Proceeds 0.5 × 2,000 = 1,000; basis 0.5 × 3,000 = 1,500.
    expectEqual(ledger.realized[0].gain, -500)
    expectEqual(ledger.costBasis, 4_500)
    expectEqual(ledger.unrealizedGain(price: 2000), -1_500)  // 1.5 × 2,000 − 4,500
  }

  /// An airdrop of 1 (cost 0), a buy of 1 at 100, 0.5 moved out, then 1 sold at 150.
  static let transfers = [
    F.tx(.transferIn, "1", on: "01-01", id: "1"),
    F.tx(.buy, "1", at: "100", on: "01-02", id: "2"),
    F.tx(.transferOut, "0.5", on: "01-03", id: "3"),
    F.tx(.sell, "1", at: "150", on: "01-04", id: "4"),
  ]

  @Test func transfersMoveCoinsAtCostWithoutProfitFifo() {
    let ledger = F.ledger(Self.transfers, .fifo)
    // The transfer out takes 0.5 of the airdrop (cost 0) and realizes nothing; the sell takes
    // the other 0.5 of the airdrop (0) and 0.5 of the buy (50): basis 50, gain 150 − 50 = 100.
    expectEqual(ledger.realized.map(\.transactionID), ["4"])
    expectEqual(ledger.realized[0].costBasis, 50)
    expectEqual(ledger.realized[0].gain, 100)
    expectEqual(ledger.amount, F.d("0.5"))
    expectEqual(ledger.costBasis, 50)
  }

  @Test func transfersMoveCoinsAtCostWithoutProfitAverage() {
    let ledger = F.ledger(Self.transfers, .average)
    // Pool 2 coins costing 100; out 0.5 leaves 1.5 costing 75; the sell of 1 costs 75 × 2/3 =
    // 50, gain 100; left 0.5 costing 25.
    expectEqual(ledger.realized[0].costBasis, 50)
    expectEqual(ledger.realized[0].gain, 100)
    expectEqual(ledger.costBasis, 25)
  }

  @Test func aTransferInWithAPriceCostsThatPrice() {
    let ledger = F.ledger([F.tx(.transferIn, "2", at: "30", on: "01-01")])
    expectEqual(ledger.costBasis, 60)
    expectEqual(ledger.costedAmount, 2)
  }

  /// BTC at 50,000 USD and 40,000 EUR on Jan 1 (1 EUR = 1.25 USD); at 60,000 USD and 48,000
  /// EUR on Feb 1 (1 USD = 0.8 EUR); today at 100,000 USD and 80,000 EUR.
  static let rates = CurrencyRates(
    dailyBitcoinPrices: [
      "usd": [F.dayNumber("01-01"): 50_000, F.dayNumber("02-01"): 60_000],
      "eur": [F.dayNumber("01-01"): 40_000, F.dayNumber("02-01"): 48_000],
    ],
    todaysBitcoinPrices: ["usd": 100_000, "eur": 80_000])

  /// Bought 1 at 8,000 EUR + 40 EUR fee on Jan 1; sold 0.5 at 12,000 USD − 10 USD fee on Feb 1.
  static let twoCurrencies = [
    F.tx(.buy, "1", at: "8000", "eur", fee: "40", on: "01-01", id: "1"),
    F.tx(.sell, "0.5", at: "12000", "usd", fee: "10", on: "02-01", id: "2"),
  ]

  @Test func costsInAnotherCurrencyConvertAtTheirDaysRate() {
    let usd = F.ledger(Self.twoCurrencies, in: "usd", rates: Self.rates)
    // Cost 8,040 EUR × 1.25 = 10,050 USD; half is 5,025. Proceeds 6,000 − 10 = 5,990.
    expectEqual(usd.realized[0].costBasis, 5_025)
    expectEqual(usd.realized[0].proceeds, 5_990)
    expectEqual(usd.realized[0].gain, 965)
    expectEqual(usd.fees, 60)  // 40 EUR = 50 USD, + 10 USD
    #expect(!usd.convertedAtTodaysRate)
    let eur = F.ledger(Self.twoCurrencies, in: "eur", rates: Self.rates)
    // Cost 8,040 EUR, half 4,020. Proceeds (6,000 − 10) × 0.8 = 4,792.
    expectEqual(eur.realized[0].costBasis, 4_020)
    expectEqual(eur.realized[0].proceeds, 4_792)
    expectEqual(eur.realized[0].gain, 772)
    expectEqual(eur.costBasis, 4_020)
  }

  @Test func aDayBeyondTheRatesConvertsAtTodaysRateAndSaysSo() {
    let ledger = F.ledger(
      [F.tx(.buy, "1", at: "1000", "eur", on: "03-15")], in: "usd", rates: Self.rates)
    expectEqual(ledger.costBasis, 1_250)  // 1,000 × 100,000 / 80,000
    #expect(ledger.convertedAtTodaysRate)
    // Today's own figures are at their day's rate when converted at today's.
    var todays = Self.rates
    todays.today = F.dayNumber("03-15")
    let today = F.ledger(
      [F.tx(.buy, "1", at: "1000", "eur", on: "03-15")], in: "usd", rates: todays)
    expectEqual(today.costBasis, 1_250)
    #expect(!today.convertedAtTodaysRate)
  }

  @Test func aCurrencyWithoutAnyRateIsLeftOutAndNamed() {
    let ledger = F.ledger(
      [F.tx(.buy, "1", at: "1000", "xyz", on: "01-01"), F.tx(.buy, "1", at: "10", on: "01-01")],
      in: "usd", rates: Self.rates)
    expectEqual(ledger.missingRates, ["xyz"])
    expectEqual(ledger.amount, 2)
    expectEqual(ledger.costedAmount, 1)
    expectEqual(ledger.costBasis, 10)
  }

  @Test func aSaleFromALotOfUnknownCostHasAnUnknownGain() {
    let ledger = F.ledger([
      F.tx(.buy, "1", on: "01-01"), F.tx(.sell, "0.5", at: "10", on: "01-02"),
    ])
    expectEqual(ledger.realized[0].proceeds, 5)
    #expect(ledger.realized[0].gain == nil)
    #expect(ledger.realizedGain() == nil)
  }

  @Test func realizedSinceCountsOnlyLaterSales() {
    let ledger = F.ledger([
      F.tx(.buy, "2", at: "100", on: "01-01"),
      F.tx(.sell, "1", at: "150", on: "02-01", id: "2"),  // gain 50
      F.tx(.sell, "1", at: "80", on: "03-01", id: "3"),  // gain −20
    ])
    expectEqual(ledger.realizedGain(), 30)
    expectEqual(ledger.realizedGain(since: F.day("02-02")), -20)
    expectEqual(ledger.realizedGain(since: F.day("03-01")), -20)
    expectEqual(ledger.realizedGain(since: F.day("03-02")), 0)
  }

  @Test func sameDayTransactionsCountInTheOrderEntered() {
    // The sell is entered after the buy on the same day but at an earlier hour: it still
    // counts after it (order within a day is the order entered).
    var sell = F.tx(.sell, "1", at: "20", on: "01-01")
    sell.date = PortfolioFixtures.date("2026-01-01T08:00:00Z")
    var buy = F.tx(.buy, "1", at: "10", on: "01-01")
    buy.date = PortfolioFixtures.date("2026-01-01T20:00:00Z")
    let holding = Holding(id: "bitcoin", transactions: [buy, sell])
    #expect(holding.firstOverdraw == nil)
    expectEqual(F.ledger([buy, sell]).realizedGain(), 10)
  }
}
