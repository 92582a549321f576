import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// The range's figures worked by hand: a deposit mid-range, a sale mid-range, a range that
/// starts between two transactions (with income), a wallet with a move in.
@Suite struct PerformanceTests {
  typealias F = ReturnsFixtures

  /// 1 BTC bought before the range; opens 100, 110, 120, then 90 on the day after the range.
  /// Start = 1 × 100. Day 0 ends at 1 × 110. Day 1: 1 BTC bought at 110 (that day's open), a
  /// flow of 110; ends at 2 × 120 = 240. Day 2 ends at 2 × 90 = 180.
  /// r = 110/100 − 1 = 10 %; 240/(110 + 110) − 1 = 1/11; 180/240 − 1 = −25 %;
  /// TWR = 1.1 × 12/11 × 0.75 − 1 = −10 % (BTC's own 100 → 90).
  /// Gain = 180 − 100 − 110 = −30, all unrealized.
  static let depositMidRange = [
    Holding(
      id: "bitcoin",
      transactions: [
        F.transaction("1", .buy, 1, at: 50, on: -10), F.transaction("2", .buy, 1, at: 110, on: 1),
      ])
  ]
  static let bitcoinOpens: [Int: Decimal] = [0: 100, 1: 110, 2: 120, 3: 90]

  @Test func aDepositMidRange() throws {
    let measured = try #require(
      F.measured(Self.depositMidRange, days: 0...2, opens: ["bitcoin": Self.bitcoinOpens]))
    expectEqual(measured.parts.start, 100)
    expectEqual(measured.parts.end, 180)
    expectEqual(measured.parts.netFlows, 110)
    expectEqual(measured.parts.gain, -30)
    expectEqual(measured.parts.unrealized, -30)
    expectEqual([measured.parts.realized, measured.parts.income, measured.parts.fees], [0, 0, 0])
    #expect(abs(measured.returns.daily[0] - 0.1) < 1e-12)
    #expect(abs(measured.returns.daily[1] - 1.0 / 11) < 1e-12)
    #expect(abs(measured.returns.daily[2] + 0.25) < 1e-12)
    #expect(abs(measured.returns.cumulative + 0.1) < 1e-12)
    // The index peaks at 1.2 on day 1 and falls to 0.9 on day 2: 25 % down.
    let drawdown = try #require(measured.returns.drawdown)
    #expect(abs(drawdown.depth + 0.25) < 1e-12)
    expectEqual(drawdown.peakDay, F.day(1))
    expectEqual(drawdown.troughDay, F.day(2))
    // MWR over the 3 days (not annualized): the daily factor y solves 100y³ + 110y² = 180,
    // y ≈ 0.93947 (0.9394 gives 179.97, 0.9396 gives 180.06); the range's rate is y³ − 1 ≈
    // 0.82918 − 1 = −17.08 %.
    let rate = try #require(measured.moneyWeighted.value)
    let y = pow(1 + rate, 1.0 / 3)
    #expect(abs(y - 0.93947) < 0.0001)
    #expect(abs(100 * y * y * y + 110 * y * y - 180) < 1e-6)
    #expect(abs(rate + 0.1708) < 0.0001)
  }

  /// 2 BTC held; day 0: 1 sold at 130 with a fee of 2, a flow of −128; opens 100, 120, 150.
  /// Start 200; day 0 ends at 120: r = 120/(200 − 128) − 1 = 2/3; day 1 ends at 150: r = 1/4.
  /// TWR = 5/3 × 5/4 − 1 = 13/12. Gain = 150 − 200 + 128 = 78: realized 130 − 100 = 30, fees
  /// −2, unrealized 150 − 100 = 50.
  /// Against ETH (opens 10, 12, 9): 20 ETH, 12.8 sold on day 0 → 7.2 ETH, ending at 86.4 and
  /// 64.8: gain 64.8 − 200 + 128 = −7.2, TWR 86.4/72 × 0.75 − 1 = −10 % (ETH's 10 → 9).
  @Test func aSaleMidRangeAndItsBenchmark() throws {
    let holdings = [
      Holding(
        id: "bitcoin",
        transactions: [
          F.transaction("1", .buy, 2, at: 50, on: -30),
          F.transaction("2", .sell, 1, at: 130, fee: 2, on: 0),
        ])
    ]
    let measured = try #require(
      F.measured(holdings, days: 0...1, opens: ["bitcoin": [0: 100, 1: 120, 2: 150]]))
    expectEqual(measured.parts.start, 200)
    expectEqual(measured.parts.end, 150)
    expectEqual(measured.parts.netFlows, -128)
    expectEqual(measured.parts.gain, 78)
    expectEqual(measured.parts.realized, 30)
    expectEqual(measured.parts.fees, -2)
    expectEqual(measured.parts.unrealized, 50)
    #expect(abs(measured.returns.cumulative - 13.0 / 12) < 1e-12)
    let benchmark = try #require(
      measured.benchmark("ethereum", opens: F.opens([0: 10, 1: 12, 2: 9])))
    expectEqual(benchmark.parts.end, Decimal(string: "64.8"))
    expectEqual(benchmark.parts.gain, Decimal(string: "-7.2"))
    #expect(abs(benchmark.returns.cumulative + 0.1) < 1e-12)
    #expect(benchmark.negativeFrom == nil)
  }

  /// Bought before the range, bought again after it; 0.1 BTC of staking income on day 0.
  /// Opens 200, 220, 242: start 1 × 200; day 0 ends at 1.1 × 220 = 242 (r = 21 %), day 1 at
  /// 1.1 × 242 = 266.2 (r = 10 %): TWR = 1.21 × 1.1 − 1 = 33.1 %. Income 0.1 × 200 = 20; gain
  /// 266.2 − 200 = 66.2; unrealized 266.2 − (200 + 20) = 46.2. The later buy changes nothing.
  @Test func aRangeStartingBetweenTwoTransactions() throws {
    let holdings = [
      Holding(
        id: "bitcoin",
        transactions: [
          F.transaction("1", .buy, 1, at: 100, on: -10),
          F.transaction("2", .transferIn, Decimal(string: "0.1")!, on: 0, income: true),
          F.transaction("3", .buy, 5, at: 300, on: 7),
        ])
    ]
    let measured = try #require(
      F.measured(holdings, days: 0...1, opens: ["bitcoin": [0: 200, 1: 220, 2: 242]]))
    expectEqual(measured.parts.start, 200)
    expectEqual(measured.parts.end, Decimal(string: "266.2"))
    expectEqual(measured.parts.netFlows, 0)
    expectEqual(measured.parts.income, 20)
    expectEqual(measured.parts.unrealized, Decimal(string: "46.2"))
    #expect(abs(measured.returns.cumulative - 0.331) < 1e-12)
  }

  /// 1 BTC bought in kraken; on day 0, 0.5 moved to ledger, 0.49 arriving. Opens 100, 110, 120.
  /// ledger: a flow in of 0.49 × 100 = 49; ends at 53.9 and 58.8: TWR 58.8/49 − 1 = 20 %,
  /// gain 9.8. kraken: start 100, a flow out of 49, the 0.01 kept by the network a fee of −1
  /// (its cost); holds 0.5: ends at 55, 60: r = 55/51 − 1, then 60/55 − 1; gain 60 − 100 + 49
  /// = 9 = unrealized 10 + fees −1. The portfolio: no flow, 0.99 held: gain 18.8, fees −1.
  @Test func aWalletWithAMoveIn() throws {
    let holdings = [
      Holding(
        id: "bitcoin",
        transactions: [
          F.transaction("1", .buy, 1, at: 100, on: -5, wallet: "kraken"),
          F.transaction("2", .transferOut, Decimal(string: "0.5")!, on: 0, wallet: "kraken"),
          F.transaction(
            "3", .transferIn, Decimal(string: "0.49")!, on: 0, wallet: "ledger", movedFrom: "2"),
        ])
    ]
    let opens: [String: [Int: Decimal]] = ["bitcoin": [0: 100, 1: 110, 2: 120]]
    let ledger = try #require(
      F.measured(holdings, scope: .wallet("ledger"), days: 0...1, opens: opens))
    expectEqual(ledger.parts.start, 0)
    expectEqual(ledger.parts.netFlows, 49)
    expectEqual(ledger.parts.end, Decimal(string: "58.8"))
    expectEqual(ledger.parts.gain, Decimal(string: "9.8"))
    #expect(abs(ledger.returns.cumulative - 0.2) < 1e-12)
    let kraken = try #require(
      F.measured(holdings, scope: .wallet("kraken"), days: 0...1, opens: opens))
    expectEqual(kraken.parts.netFlows, -49)
    expectEqual(kraken.parts.gain, 9)
    expectEqual(kraken.parts.fees, -1)
    expectEqual(kraken.parts.realized, 0)
    expectEqual(kraken.parts.unrealized, 10)
    #expect(abs(kraken.returns.cumulative - (55.0 / 51 * 60 / 55 - 1)) < 1e-12)
    let whole = try #require(F.measured(holdings, days: 0...1, opens: opens))
    expectEqual(whole.parts.netFlows, 0)
    expectEqual(whole.parts.gain, Decimal(string: "18.8"))
    expectEqual(whole.parts.fees, -1)
    expectEqual(whole.parts.unrealized, Decimal(string: "19.8"))
  }

  /// A price missing for more than 7 days is unknown, with the coin and the days named.
  @Test func aMissingPriceIsUnknownNotSkipped() {
    let outcome = Performance.measure(
      Self.depositMidRange, scope: .portfolio, days: F.day(0)...F.day(2), currency: "usd",
      opens: ["bitcoin": F.opens([0: 100, 1: 110, 2: 120])])
    expectEqual(outcome, .unknownPrices(["bitcoin": [F.day(3)]]))
  }

  /// A gap is filled from the last earlier open for up to 7 days, each labelled with how far.
  @Test func carriedOpensReachSevenDaysBack() {
    let known = F.opens([0: 100, 9: 120])
    let filled = CarriedOpens(known: known, days: F.day(0)...F.day(9))
    expectEqual(filled.opens[F.day(7)], ExactDecimal(Decimal(100)))
    expectEqual(filled.carried[F.day(7)], 7)
    expectEqual(filled.unknown, [F.day(8)])
    expectEqual(filled.opens[F.day(9)], ExactDecimal(Decimal(120)))
    #expect(filled.carried[F.day(9)] == nil)
  }
}
