import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// What must hold exactly whatever the figures: BTC bought at the day's price is BTC, and its
/// own benchmark; without flows the two returns agree; the coins' gains sum to the whole's;
/// ten times every amount changes no return.
@Suite struct PerformancePropertyTests {
  typealias F = ReturnsFixtures

  /// Opens of BTC over 40 days, up and down (never the same twice in a row).
  static let bitcoinOpens: [Int: Decimal] = Dictionary(
    uniqueKeysWithValues: (-1...41).map { ($0, Decimal(1_000 + ($0 * 37) % 101 * 7 - $0)) })

  /// BTC held before the range, then bought on several days at that day's open, no fee.
  static func onlyBitcoin(scale: Decimal = 1) -> [Holding] {
    [
      Holding(
        id: "bitcoin",
        transactions: [
          F.transaction("1", .buy, 2 * scale, at: 900, on: -1),
          F.transaction("2", .buy, Decimal(string: "0.5")! * scale, at: bitcoinOpens[5], on: 5),
          F.transaction("3", .buy, 3 * scale, at: bitcoinOpens[17], on: 17),
          F.transaction("4", .buy, Decimal(string: "0.25")! * scale, at: bitcoinOpens[33], on: 33),
        ])
    ]
  }

  @Test func bitcoinBoughtAtTheDaysPriceIsBitcoinAndItsOwnBenchmark() throws {
    let measured = try #require(
      F.measured(Self.onlyBitcoin(), days: 0...39, opens: ["bitcoin": Self.bitcoinOpens]))
    // BTC's price return over the range: the open of day 0 to the open of day 40.
    let priceReturn = (Self.bitcoinOpens[40]! / Self.bitcoinOpens[0]!).doubleValue - 1
    #expect(abs(measured.returns.cumulative - priceReturn) < 1e-12)
    let benchmark = try #require(measured.benchmark("bitcoin", opens: F.opens(Self.bitcoinOpens)))
    expectEqual(benchmark.parts, measured.parts.withoutParts)
    expectEqual(benchmark.returns.daily.count, measured.returns.daily.count)
    for (mine, its) in zip(measured.returns.daily, benchmark.returns.daily) {
      #expect(abs(mine - its) < 1e-12)
    }
    #expect(benchmark.moneyWeighted.value != nil)
    #expect(abs(benchmark.moneyWeighted.value! - measured.moneyWeighted.value!) < 1e-9)
  }

  /// Under a year both are the range's own rate; from a year on, both yearly rates.
  @Test func withoutFlowsTheReturnsAgree() throws {
    let holdings = [
      Holding(id: "bitcoin", transactions: [F.transaction("1", .buy, 1, at: 5, on: -3)])
    ]
    for last in [0, 9, 39] {
      let measured = try #require(
        F.measured(holdings, days: 0...last, opens: ["bitcoin": Self.bitcoinOpens]))
      let rate = try #require(measured.moneyWeighted.value)
      let cumulative = measured.returns.cumulative
      #expect(abs(rate - cumulative) <= 1e-9 * max(1, abs(cumulative)), "\(last)")
    }
    // 500 days, the price doubling from 1,000 on day 0 to 2,000 on day 500: a yearly
    // 2^(365/500) − 1 = +65.86 %, by both.
    let opens: [Int: Decimal] = Dictionary(
      uniqueKeysWithValues: (-1...500).map { ($0, $0 == 500 ? 2_000 : Decimal(1_000 + $0 % 7)) })
    let measured = try #require(F.measured(holdings, days: 0...499, opens: ["bitcoin": opens]))
    let rate = try #require(measured.moneyWeighted.value)
    #expect(abs(measured.returns.annualized - 0.6586) < 0.0001)
    #expect(abs(rate - measured.returns.annualized) <= 1e-9)
  }

  /// A range shorter than a year gives the range's rate, a year or more a yearly one.
  @Test func onlyAYearOrMoreIsAnnualized() {
    // 100 in, 121 out 10 days later: +21 % over the range, not 1.21^36.5 − 1.
    let tenDays = MoneyWeightedReturn.of([(0, 100), (10, -121)], over: 10)
    #expect(abs(tenDays.value! - 0.21) < 1e-12)
    #expect(!MoneyWeightedReturn.isAnnualized(days: 364))
    #expect(MoneyWeightedReturn.isAnnualized(days: 365))
    // 100 in, 121 out after 730 days, over 730 days: 10 % a year.
    let twoYears = MoneyWeightedReturn.of([(0, 100), (730, -121)], over: 730)
    #expect(abs(twoYears.value! - 0.1) < 1e-12)
  }

  @Test func theCoinsGainsAndPartsSumToTheWhole() throws {
    var holdings = Self.onlyBitcoin()
    holdings.append(
      Holding(
        id: "ethereum",
        transactions: [
          F.transaction("5", .buy, 3, at: Decimal(string: "10.333")!, fee: 1, on: -4),
          F.transaction(
            "6", .sell, 1, at: Decimal(string: "11.117")!, fee: Decimal(string: "0.5"), on: 8),
          F.transaction("7", .transferIn, Decimal(string: "0.0137")!, on: 12, income: true),
        ]))
    let ethereum = Dictionary(
      uniqueKeysWithValues: (-1...41).map { ($0, Decimal(string: "10.\(100 + $0 * 13 % 89)")!) })
    let measured = try #require(
      F.measured(
        holdings, days: 0...39, opens: ["bitcoin": Self.bitcoinOpens, "ethereum": ethereum]))
    let parts = measured.parts
    expectEqual(parts.realized + parts.unrealized + parts.income + parts.fees, parts.gain)
    expectEqual(measured.coins.map(\.parts.gain).reduce(0, +), parts.gain)
    expectEqual(parts.end - parts.start - parts.netFlows, parts.gain)
    // Each figure is in whole cents.
    for figure in [
      parts.start, parts.end, parts.netFlows, parts.realized, parts.income, parts.fees,
    ] {
      expectEqual(MoneyRounding.rounded(figure, digits: 2), figure)
    }
    let contributions = measured.coins.map(\.contribution).reduce(0, +)
    #expect(abs(contributions - measured.returns.cumulative) < 1e-9)
  }

  @Test func tenTimesEveryAmountChangesNoReturn() throws {
    let opens = ["bitcoin": Self.bitcoinOpens]
    let once = try #require(F.measured(Self.onlyBitcoin(), days: 0...39, opens: opens))
    let tenfold = try #require(F.measured(Self.onlyBitcoin(scale: 10), days: 0...39, opens: opens))
    expectEqual(once.returns, tenfold.returns)
    expectEqual(tenfold.parts.gain, once.parts.gain * 10)
    let rate = try #require(once.moneyWeighted.value)
    #expect(abs(rate - tenfold.moneyWeighted.value!) < 1e-12 * max(1, abs(rate)))
  }

  /// Withdrawals beyond what the benchmark holds leave it below zero, and it says from when.
  @Test func aBenchmarkMayHoldLessThanNothing() throws {
    let holdings = [
      Holding(
        id: "bitcoin",
        transactions: [
          F.transaction("1", .buy, 1, at: 100, on: -1),
          F.transaction("2", .sell, 1, at: 300, on: 1),
        ])
    ]
    let measured = try #require(
      F.measured(holdings, days: 0...2, opens: ["bitcoin": [0: 100, 1: 300, 2: 300, 3: 300]]))
    // 100 buys 10 ETH at 10; day 1 takes out 300 = 15 ETH at 20: −5 ETH from day 1.
    let benchmark = try #require(
      measured.benchmark("ethereum", opens: F.opens([0: 10, 1: 20, 2: 20, 3: 20])))
    expectEqual(benchmark.negativeFrom, F.day(1))
    expectEqual(benchmark.parts.end, -100)
  }

  /// Payments that balance at two rates have no money-weighted return.
  @Test func twoRatesMeanNoMoneyWeightedReturn() {
    // −100 now, +230 in a year, −132 in two: (1+r)² − 2.3(1+r) + 1.32 = 0 at 10 % and 20 %.
    let result = MoneyWeightedReturn.of([(0, 100), (365, -230), (730, 132)])
    #expect(result.value == nil)
    let one = MoneyWeightedReturn.of([(0, 100), (365, -110)])
    #expect(abs(one.value! - 0.1) < 1e-12)
  }
}

extension GainParts {
  /// The values and flows alone.
  var withoutParts: GainParts {
    var parts = GainParts()
    parts.start = start
    parts.end = end
    parts.netFlows = netFlows
    return parts
  }
}
