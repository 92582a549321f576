import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Edge-triggered firing with hysteresis: the pure state machine of one rule.
@Suite struct AlertRuleTests {
  private static let start = Date(timeIntervalSince1970: 1_796_040_000)

  private func rule(_ condition: AlertCondition) -> AlertRule {
    AlertRule(
      id: "1", target: .coin(id: "bitcoin", symbol: "btc", name: "Bitcoin"),
      condition: condition, currency: "usd", createdAt: Self.start)
  }

  /// Feeds `values` one check a minute apart and returns which checks fired.
  private func fired(_ rule: inout AlertRule, _ values: [Double]) -> [Bool] {
    values.enumerated().map { index, value in
      rule.check(value, at: Self.start.addingTimeInterval(Double(index + 1) * 60))
    }
  }

  @Test func aboveFiresOnceWhenThePriceCrossesAndNotAgainWhileItStaysAbove() {
    var above = rule(.above(100_000))
    expectEqual(fired(&above, [99_000, 100_412, 101_000, 100_000]), [false, true, false, false])
    expectEqual(above.state, .fired(at: Self.start.addingTimeInterval(120)))
    expectEqual(above.lastValue, 100_000)
  }

  @Test func alreadyTrueAtTheFirstCheckFiresAtOnce() {
    var above = rule(.above(100_000))
    expectEqual(above.state, .notChecked)
    expectEqual(fired(&above, [120_000]), [true])
  }

  @Test func falseAtTheFirstCheckArms() {
    var below = rule(.below(2_000))
    expectEqual(fired(&below, [2_500]), [false])
    expectEqual(below.state, .armed)
  }

  /// The margin is 0.5 % of 100,000 = 500: back under 99,500 re-arms, 99,600 does not.
  @Test func hoveringOnTheLineDoesNotFlap() {
    var above = rule(.above(100_000))
    #expect(
      fired(&above, [100_100, 99_600, 100_050, 99_501, 100_200]) == [
        true, false, false, false, false,
      ])
  }

  @Test func clearingTheMarginReArmsAndTheNextCrossingFiresAgain() {
    var above = rule(.above(100_000))
    expectEqual(fired(&above, [100_100, 99_499, 100_000]), [true, false, true])
  }

  /// Below 2,000: the margin is 10, so 2,010 is on the line and 2,010.01 clears it.
  @Test func belowReArmsAboveTheMargin() {
    var below = rule(.below(2_000))
    #expect(
      fired(&below, [1_990, 2_010, 1_999, 2_010.01, 2_000]) == [
        true, false, false, false, true,
      ])
  }

  /// A move of 5 % either way fires; the margin is 0.025 points.
  @Test func moveFiresOnTheAbsoluteChange() {
    var move = rule(.move(percent: 5, window: .day))
    #expect(
      fired(&move, [4.99, -5.2, -6, 4.98, 4.974, 5.01]) == [
        false, true, false, false, false, true,
      ])
  }

  @Test func aValueThatIsNotANumberChangesNothing() {
    var above = rule(.above(1))
    expectEqual(fired(&above, [.nan, .infinity]), [false, false])
    expectEqual(above.state, .notChecked)
    #expect(above.lastValue == nil)
  }

  @Test func idsAreNeverReused() {
    var book = AlertBook()
    expectEqual(book.add(rule(.above(1))), "1")
    expectEqual(book.add(rule(.above(2))), "2")
    expectEqual(book.remove(id: "2")?.condition, .above(2))
    expectEqual(book.add(rule(.above(3))), "3")
    #expect(book.remove(id: "9") == nil)
    expectEqual(book.rules.map(\.id), ["1", "3"])
  }
}
