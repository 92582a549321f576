import CoinsModel
import CoinsUnitTestSupport
import FoundationEssentials
import Testing

@Suite struct PortfolioHistoryTests {
  private static let hour: Int64 = 3_600_000
  private static let t0: Int64 = 1_764_374_400_000  // 2025-11-29T00:00:00Z

  private func date(_ hours: Int64) -> Date {
    Date(timeIntervalSince1970: Double(Self.t0 + hours * Self.hour) / 1000)
  }

  private func history(_ prices: [(Int64, Double)]) -> PriceHistory {
    PriceHistory(raw: prices.map { (Double(Self.t0 + $0.0 * Self.hour), $0.1) })
  }

  @Test func amountHeldCountsLotsFromTheirDate() {
    let holding = Holding(
      id: "bitcoin",
      lots: [
        Lot(amount: 1, date: date(2)), Lot(amount: Decimal(string: "0.5")!, date: nil),
        Lot(amount: 2, date: date(5)),
      ])
    expectEqual(holding.amountHeld(at: date(1)), Decimal(string: "0.5")!)
    expectEqual(holding.amountHeld(at: date(2)), Decimal(string: "1.5")!)
    expectEqual(holding.amountHeld(at: date(6)), Decimal(string: "3.5")!)
  }

  @Test func sumsAmountHeldTimesPriceOnTheDensestGrid() {
    let holdings = [
      Holding(id: "bitcoin", lots: [Lot(amount: 1, date: nil), Lot(amount: 1, date: date(2))]),
      Holding(id: "ether", lots: [Lot(amount: 10, date: nil)]),
      Holding(id: "gone", lots: [Lot(amount: 3, date: nil)]),
    ]
    let histories = [
      "bitcoin": history([(0, 100), (1, 110), (2, 120), (3, 90)]),
      "ether": history([(1, 5), (3, 6)]),  // starts an hour late, skips hour 2
    ]
    let result = PortfolioHistory(holdings: holdings, histories: histories)
    // Hour 0: 1×100 (ether not yet) = 100; hour 1: 1×110 + 10×5 = 160;
    // hour 2: 2×120 + 10×5 = 290; hour 3: 2×90 + 10×6 = 240.
    expectEqual(result.total.points.map(\.price), [100, 160, 290, 240])
    expectEqual(result.total.points.map(\.milliseconds), (0...3).map { Self.t0 + $0 * Self.hour })
    // An hour late is what two fetches a moment apart can give: not a shorter history.
    expectEqual(result.shorter, [])
    expectEqual(result.missing, ["gone"])
  }

  @Test func aHistoryStartingMoreThanTwoStepsLateIsShorter() {
    let holdings = [
      Holding(id: "bitcoin", lots: [Lot(amount: 1, date: nil)]),
      Holding(id: "new-coin", lots: [Lot(amount: 1, date: nil)]),
      Holding(id: "ether", lots: [Lot(amount: 1, date: nil)]),
    ]
    let histories = [
      "bitcoin": history((0...9).map { ($0, 100) }),
      "new-coin": history((3...9).map { ($0, 1) }),  // three hours late: listed later
      "ether": history((2...9).map { ($0, 5) }),  // two hours late: within the slack
    ]
    let result = PortfolioHistory(holdings: holdings, histories: histories)
    expectEqual(result.shorter, ["new-coin"])
  }

  @Test func pointsAtOtherMinutesOfTheSameHoursAreNotShorter() {
    let holdings = [
      Holding(id: "bitcoin", lots: [Lot(amount: 1)]), Holding(id: "ether", lots: [Lot(amount: 2)]),
    ]
    let minutes: Int64 = 17 * 60_000
    let ether = PriceHistory(
      raw: [(Double(Self.t0 + minutes), 10), (Double(Self.t0 + Self.hour + minutes), 11)])
    let result = PortfolioHistory(
      holdings: holdings,
      histories: ["bitcoin": history([(0, 100), (1, 110), (2, 120)]), "ether": ether])
    // Hour 0: ether's first point is 17 min later, within a step: 100 + 2×10; hour 1: 110 +
    // 2×10 (ether's 1:17 is still ahead); hour 2: 120 + 2×11.
    expectEqual(result.total.points.map(\.price), [120, 130, 142])
    expectEqual(result.shorter, [])
  }

  @Test func nothingToValue() {
    let result = PortfolioHistory(
      holdings: [Holding(id: "x", lots: [Lot(amount: 1)])], histories: [:])
    #expect(result.total.isEmpty)
    expectEqual(result.missing, ["x"])
  }
}
