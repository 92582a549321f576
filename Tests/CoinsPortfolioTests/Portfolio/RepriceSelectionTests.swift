import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// Which transactions `coins portfolio reprice` values, and that a price once there is never
/// overwritten.
@Suite struct RepriceSelectionTests {
  static func date(_ text: String) -> Date {
    Date(timeIntervalSince1970: Double(UTCDays.number(text)) * 86_400)
  }

  /// 1 a buy without a price, 2 a buy at 100, 3 a deposit of unknown cost, 4 income without a
  /// value, 5 an undated sale without a price, 6 a transfer out, 7 a transfer in at a cost of 0.
  static let portfolio = Portfolio(holdings: [
    Holding(
      id: "bitcoin",
      transactions: [
        Transaction(id: "1", kind: .buy, amount: 1, date: date("2021-05-01")),
        Transaction(
          id: "2", kind: .buy, amount: 1, price: 100, currency: "usd", date: date("2021-05-02")),
        Transaction(
          id: "3", kind: .transferIn, amount: 1, date: date("2021-05-03"), costUnknown: true),
        Transaction(
          id: "4", kind: .transferIn, amount: 1, date: date("2021-05-04"), isIncome: true,
          costUnknown: true),
        Transaction(id: "5", kind: .sell, amount: 1),
        Transaction(id: "6", kind: .transferOut, amount: 1, date: date("2021-05-06")),
        Transaction(id: "7", kind: .transferIn, amount: 1, date: date("2021-05-07")),
      ])
  ])

  @Test func everyUnknownPriceButADepositIsValuedAndWhatCannotBeIsSaid() throws {
    let (candidates, left) = try RepriceSelection.select(in: Self.portfolio, ids: nil)

    expectEqual(candidates.map(\.transaction.id), ["1", "4"])
    // The undated sale first (undated sorts first), then the deposit; the transfer out and the
    // transfer in at 0 never needed a price and are not listed.
    expectEqual(left.map(\.transaction.id), ["5", "3"])
    expectEqual(left.map(\.reason)[0], "no date to price it on")
    #expect(left.map(\.reason)[1].hasPrefix("a deposit from outside"))
  }

  @Test func namedTransactionsAreValuedOrLeftWithTheirReason() throws {
    let (candidates, left) = try RepriceSelection.select(
      in: Self.portfolio, ids: ["2", "3", "6", "7", "3"])

    expectEqual(candidates.map(\.transaction.id), ["3"])
    #expect(
      left.map(\.reason) == [
        "has a price (given by you or the export); left as it is",
        "a transfer out needs no price",
        "a transfer in recorded at a cost of 0; give one with coins portfolio edit",
      ])
    #expect(throws: PortfolioError.noSuchTransaction("99")) {
      try RepriceSelection.select(in: Self.portfolio, ids: ["1", "99"])
    }
  }

  @Test func aPriceIsWrittenOnlyWhereItIsStillUnknown() {
    var portfolio = Self.portfolio

    let first = RepriceSelection.apply(
      price: 55247.02, currency: "USD", source: "coinbase", to: "3", of: "bitcoin",
      in: &portfolio)
    let given = RepriceSelection.apply(
      price: 1, currency: "usd", source: "coinbase", to: "2", of: "bitcoin", in: &portfolio)

    #expect(first)
    #expect(!given)
    let deposit = portfolio.holdings[0].transactions[2]
    expectEqual(deposit.price, Decimal(string: "55247.02"))
    expectEqual(deposit.currency, "usd")
    expectEqual(deposit.priceSource, "coinbase")
    #expect(!deposit.costUnknown)
    expectEqual(portfolio.holdings[0].transactions[1], Self.portfolio.holdings[0].transactions[1])
  }
}

/// Day numbers of `YYYY-MM-DD` dates, for fixtures.
enum UTCDays {
  static func number(_ text: String) -> Int {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    var components = DateComponents()
    (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return Int(calendar.date(from: components)!.timeIntervalSince1970 / 86_400)
  }
}
