import CoinsModel
import CoinsUnitTestSupport
import FoundationEssentials
import Testing

@Suite struct PriceHistoryTests {
  private static let day: Double = 1_764_374_400_000  // 2025-11-29T00:00:00Z

  @Test func sortsAndKeepsTheLastValueOfARepeatedMoment() {
    let history = PriceHistory(raw: [
      (Self.day + 2000, 3), (Self.day, 1), (Self.day + 1000, 2), (Self.day, 1.5),
    ])
    #expect(
      history.points == [
        PricePoint(milliseconds: 1_764_374_400_000, price: 1.5),
        PricePoint(milliseconds: 1_764_374_401_000, price: 2),
        PricePoint(milliseconds: 1_764_374_402_000, price: 3),
      ])
  }

  @Test func dropsPointsWithoutABelievableTimeOrPrice() {
    let history = PriceHistory(raw: [
      (nil, 1), (Self.day, nil), (.nan, 1), (Self.day + 1, .infinity), (Self.day + 2, -5),
      (Self.day + 3, 1e300), (12, 1), (9e15, 1), (Self.day + 4, 0), (Self.day + 5, 7.25),
    ])
    expectEqual(history.points.map(\.price), [0, 7.25])
    expectEqual(history.points.map(\.milliseconds), [1_764_374_400_004, 1_764_374_400_005])
  }

  @Test func emptyHasNoSummary() {
    #expect(PriceHistory(raw: []).summary == nil)
    #expect(PriceHistory(raw: [(nil, nil)]).isEmpty)
  }

  @Test func singlePointSummary() throws {
    let summary = try #require(PriceHistory(raw: [(Self.day, 42)]).summary)
    expectEqual(summary.first, summary.last)
    #expect(summary.high.price == 42 && summary.low.price == 42 && summary.average == 42)
    #expect(summary.change == 0 && summary.changeValue == 0)
  }

  @Test func summaryFiguresWorkedByHand() throws {
    // 100 → 80 (low) → 130 (high) → 120: change +20 %, average (100+80+130+120)/4 = 107.5.
    let summary = try #require(
      PriceHistory(raw: [
        (Self.day, 100), (Self.day + 3_600_000, 80), (Self.day + 7_200_000, 130),
        (Self.day + 10_800_000, 120),
      ]).summary)
    expectEqual(summary.change, 20)
    expectEqual(summary.changeValue, 20)
    expectEqual(summary.high, PricePoint(milliseconds: 1_764_381_600_000, price: 130))
    expectEqual(summary.low, PricePoint(milliseconds: 1_764_378_000_000, price: 80))
    expectEqual(summary.average, 107.5)
  }

  @Test func flatSeriesAndAZeroStart() throws {
    let flat = try #require(PriceHistory(raw: [(Self.day, 5), (Self.day + 1, 5)]).summary)
    expectEqual(flat.high.milliseconds, 1_764_374_400_000)  // the first time it was reached
    expectEqual(flat.change, 0)
    let fromZero = try #require(PriceHistory(raw: [(Self.day, 0), (Self.day + 1, 5)]).summary)
    #expect(fromZero.change == nil)
    expectEqual(fromZero.changeValue, 5)
  }

  @Test func priceAtAMomentIsTheLastPointAtOrBeforeIt() {
    let history = PriceHistory(raw: [(Self.day, 1), (Self.day + 10, 2)])
    #expect(history.price(at: 1_764_374_399_999) == nil)
    expectEqual(history.price(at: 1_764_374_400_000), 1)
    expectEqual(history.price(at: 1_764_374_400_009), 1)
    expectEqual(history.price(at: 1_764_374_400_010), 2)
    expectEqual(history.price(at: 1_864_374_400_010), 2)
  }
}
