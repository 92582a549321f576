import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// Checking a book against markets: only fresh live data fires, each kind reads its own field.
@Suite struct AlertCheckTests {
  private static let now = PortfolioFixtures.marketTime

  private func rule(
    _ id: String, _ target: AlertTarget, _ condition: AlertCondition,
    currency: String = "usd"
  ) -> AlertRule {
    var rule = AlertRule(
      id: id, target: target, condition: condition, currency: currency,
      createdAt: Self.now.addingTimeInterval(-3_600))
    rule.state = .armed
    return rule
  }

  private static let bitcoin = AlertTarget.coin(id: "bitcoin", symbol: "btc", name: "Bitcoin")
  private static let ethereum = AlertTarget.coin(id: "ethereum", symbol: "eth", name: "Ethereum")

  /// The market of the fixtures (BTC 50,000 +25 %, ETH 3,000 -25 %, SOL 150), `age` seconds old.
  private func market(age: Double = 0, source: DataSource = .live, currency: String = "usd")
    -> MarketSnapshot
  {
    MarketSnapshot(
      coins: PortfolioFixtures.threeCoins, currency: currency,
      asOf: Self.now.addingTimeInterval(-age), source: source)
  }

  @Test func eachKindReadsItsField() {
    var book = AlertBook(rules: [
      rule("1", Self.bitcoin, .above(45_000)),
      rule("2", Self.ethereum, .below(3_500)),
      rule("3", Self.ethereum, .move(percent: 20, window: .day)),
      rule("4", Self.bitcoin, .move(percent: 20, window: .oneHour)),
      rule("5", .portfolio, .above(32_000)),
    ])
    let outcome = AlertCheck.run(
      &book, markets: ["usd": market()], portfolio: PortfolioFixtures.threeHoldings, now: Self.now,
      spread: OneCore())
    // 0.5 × 50,000 + 2 × 3,000 + 10 × 150 = 32,500; the fixtures have no 1h change.
    expectEqual(outcome.fired.map(\.rule.id), ["1", "2", "3", "5"])
    expectEqual(outcome.fired.map(\.value), [50_000, 3_000, -25, 32_500])
    expectEqual(outcome.fired[2].price, 3_000)
    expectEqual(outcome.checked, 4)
    expectEqual(outcome.unchecked.map(\.id), ["4"])
    expectEqual(book.rules[3].state, .armed)
  }

  @Test(arguments: [
    (0.0, DataSource.live, true), (119, .live, true), (120, .live, false),
    (0, .cache, false), (0, .sample, false),
  ])
  func onlyLiveDataYoungerThanTwoMinutesFires(age: Double, source: DataSource, fires: Bool) {
    var book = AlertBook(rules: [rule("1", Self.bitcoin, .above(45_000))])
    let outcome = AlertCheck.run(
      &book, markets: ["usd": market(age: age, source: source)], portfolio: nil, now: Self.now,
      spread: OneCore())
    expectEqual(outcome.fired.count, (fires ? 1 : 0))
    expectEqual(
      book.rules[0].state, (fires ? .fired(at: Self.now.addingTimeInterval(-age)) : .armed))
  }

  @Test func aRuleInACurrencyWithoutAMarketIsNotChecked() {
    var book = AlertBook(rules: [rule("1", Self.bitcoin, .above(1), currency: "eur")])
    let outcome = AlertCheck.run(
      &book, markets: ["usd": market()], portfolio: nil, now: Self.now, spread: OneCore())
    #expect(outcome.fired.isEmpty)
    expectEqual(outcome.checked, 0)
    expectEqual(outcome.unchecked.map(\.id), ["1"])
  }

  /// The portfolio's rule checks the total `portfolio value` shows: a held coin without a
  /// price is left out of it and named, as `value` leaves it out, and the rule is checked.
  @Test func aPortfolioWithAnUnpricedCoinIsCheckedOnTheTotalValueShows() {
    var book = AlertBook(rules: [
      rule("1", .portfolio, .below(40_000)), rule("2", Self.bitcoin, .above(45_000)),
    ])
    var portfolio = PortfolioFixtures.threeHoldings
    portfolio.holdings.append(Holding(id: "nowhere-coin", lots: [PortfolioFixtures.lot("1")]))
    let outcome = AlertCheck.run(
      &book, markets: ["usd": market()], portfolio: portfolio, now: Self.now,
      spread: OneCore())
    // 0.5 × 50,000 + 2 × 3,000 + 10 × 150 = 32,500, below 40,000; nowhere-coin left out.
    expectEqual(outcome.fired.map(\.rule.id), ["1", "2"])
    expectEqual(outcome.fired.first?.value, 32_500)
    expectEqual(outcome.checked, 2)
    #expect(outcome.unchecked.isEmpty)
    expectEqual(outcome.leftOut, ["1": ["nowhere-coin"]])
  }

  /// Not one held coin priced: there is no total to check.
  @Test func aPortfolioWithNoPricedCoinIsNotChecked() {
    var book = AlertBook(rules: [rule("1", .portfolio, .below(1_000_000))])
    let portfolio = Portfolio(holdings: [
      Holding(id: "nowhere-coin", lots: [PortfolioFixtures.lot("1")])
    ])
    let outcome = AlertCheck.run(
      &book, markets: ["usd": market()], portfolio: portfolio, now: Self.now, spread: OneCore())
    #expect(outcome.fired.isEmpty)
    expectEqual(outcome.unchecked.count, 1)
    #expect(outcome.leftOut.isEmpty)
  }
}
