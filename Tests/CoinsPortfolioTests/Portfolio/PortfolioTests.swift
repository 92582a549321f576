import CoinsModel
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioTests {
  private func lot(
    _ amount: String, cost: String? = nil, currency: String? = nil, date: String? = nil
  ) -> Lot {
    PortfolioFixtures.lot(amount, cost: cost, currency: currency, date: date)
  }

  private func decimal(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  /// The error `change` throws, or `nil`.
  private func failure(_ change: () throws(PortfolioError) -> Void) -> PortfolioError? {
    do {
      try change()
      return nil
    } catch {
      return error
    }
  }

  @Test func addCreatesAHoldingThenAppendsLots() {
    var portfolio = Portfolio()
    portfolio.add(lot("0.5", cost: "42000", currency: "usd", date: nil), to: "bitcoin")
    portfolio.add(lot("2"), to: "ethereum")
    portfolio.add(lot("0.25"), to: "bitcoin")
    expectEqual(portfolio.holdings.map(\.id), ["bitcoin", "ethereum"])
    #expect(
      portfolio.holding(id: "bitcoin")?.lots == [
        lot("0.5", cost: "42000", currency: "usd", date: nil), lot("0.25"),
      ])
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, decimal("0.75"))
    #expect(portfolio.holding(id: "solana") == nil)
  }

  @Test func holdingAmountSumsLotsExactly() {
    let holding = Holding(id: "bitcoin", lots: [lot("0.1"), lot("0.2")])
    expectEqual(holding.amount, decimal("0.3"))
    expectEqual(DecimalInput.text(holding.amount), "0.3")
    expectEqual(Holding(id: "bitcoin", lots: []).amount, 0)
  }

  @Test func removeTakesTheNewestLotsFirstByDate() throws {
    var portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        lots: [
          lot("1", cost: "60000", currency: "usd", date: "2026-03-01T00:00:00Z"),
          lot("2", cost: "20000", currency: "usd", date: "2026-01-01T00:00:00Z"),
          lot("4", cost: "30000", currency: "usd", date: "2026-02-01T00:00:00Z"),
        ])
    ])
    try portfolio.remove(decimal("2.5"), of: "bitcoin")
    #expect(
      portfolio.holdings == [
        Holding(
          id: "bitcoin",
          lots: [  // March's goes whole, then 1.5 of February's; the file's order stays
            lot("2", cost: "20000", currency: "usd", date: "2026-01-01T00:00:00Z"),
            lot("2.5", cost: "30000", currency: "usd", date: "2026-02-01T00:00:00Z"),
          ])
      ])
  }

  @Test func lotsWithTheSameDateGoInTheOrderAdded() throws {
    let day = "2026-01-01T00:00:00Z"
    var portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin", lots: [lot("1", cost: "1", date: day), lot("1", cost: "2", date: day)])
    ])
    // The one added last is the newer: it goes whole, then half of the first.
    try portfolio.remove(decimal("1.5"), of: "bitcoin")
    expectEqual(portfolio.holdings[0].lots, [lot("0.5", cost: "1", date: day)])
  }

  @Test func lotsWithoutADateCountAsOldest() throws {
    var portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", lots: [lot("1", date: "2026-01-01T00:00:00Z"), lot("1", cost: "7")])
    ])
    // The dated lot is the newer: 0.4 of it goes.
    try portfolio.remove(decimal("0.4"), of: "bitcoin")
    #expect(
      portfolio.holdings[0].lots == [lot("1", cost: "7"), lot("0.6", date: "2026-01-01T00:00:00Z")])
  }

  @Test func partialRemovalIsExact() throws {
    var portfolio = Portfolio(holdings: [Holding(id: "bitcoin", lots: [lot("0.3")])])
    try portfolio.remove(decimal("0.1"), of: "bitcoin")
    try portfolio.remove(decimal("0.1"), of: "bitcoin")
    expectEqual(portfolio.holding(id: "bitcoin")?.amount, decimal("0.1"))
    expectEqual(DecimalInput.text(portfolio.holding(id: "bitcoin")?.amount ?? 0), "0.1")
  }

  @Test func removingMoreThanHeldThrowsAndChangesNothing() {
    let original = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        lots: [lot("2", date: "2026-02-01T00:00:00Z"), lot("1", date: "2026-01-01T00:00:00Z")]),
      Holding(id: "ethereum", lots: [lot("1")]),
    ])
    var portfolio = original
    let error = failure { () throws(PortfolioError) in
      try portfolio.remove(decimal("3.000001"), of: "bitcoin")
    }
    #expect(
      error == .removingMoreThanHeld(id: "bitcoin", held: decimal("3"), asked: decimal("3.000001")))
    #expect(
      error?.message
        == "Cannot remove 3.000001 bitcoin: the portfolio holds only 3. Nothing was changed.")
    expectEqual(portfolio, original)
  }

  @Test func removingExactlyAllDropsTheHolding() throws {
    var portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", lots: [lot("0.1"), lot("0.2")]),
      Holding(id: "ethereum", lots: [lot("1")]),
    ])
    try portfolio.remove(decimal("0.3"), of: "bitcoin")
    expectEqual(portfolio.holdings, [Holding(id: "ethereum", lots: [lot("1")])])
  }

  @Test func removingWithoutAnAmountDropsTheWholeHolding() throws {
    var portfolio = Portfolio(
      holdings: [
        Holding(id: "bitcoin", lots: [lot("1"), lot("2")]),
        Holding(id: "ethereum", lots: [lot("1")]),
      ], extra: [KeptMember("owner", json: #""me""#)])
    try portfolio.remove(nil, of: "bitcoin")
    #expect(
      portfolio
        == Portfolio(
          holdings: [Holding(id: "ethereum", lots: [lot("1")])],
          extra: [KeptMember("owner", json: #""me""#)]))
  }

  @Test func removingACoinNotHeldThrows() {
    var portfolio = Portfolio(holdings: [Holding(id: "bitcoin", lots: [lot("1")])])
    let error = failure { () throws(PortfolioError) in
      try portfolio.remove(decimal("1"), of: "ethereum")
    }
    expectEqual(error, .notHeld("ethereum"))
    expectEqual(error?.message, "The portfolio holds no ethereum.")
    #expect(
      failure { () throws(PortfolioError) in try portfolio.remove(nil, of: "eth") }
        == .notHeld("eth"))
    expectEqual(portfolio.holdings.count, 1)
  }

  @Test func lotExtrasSurviveAPartialRemoval() throws {
    var kept = lot("2")
    kept.extra = [KeptMember("exchange", json: #""kraken""#)]
    var portfolio = Portfolio(holdings: [Holding(id: "bitcoin", lots: [kept])])
    try portfolio.remove(decimal("0.5"), of: "bitcoin")
    expectEqual(portfolio.holdings[0].lots[0].extra, [KeptMember("exchange", json: #""kraken""#)])
    expectEqual(portfolio.holdings[0].lots[0].amount, decimal("1.5"))
  }
}
