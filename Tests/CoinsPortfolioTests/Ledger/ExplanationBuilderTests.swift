import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins portfolio explain`'s rules: a sale's lots, their share of the buys' fees, their
/// holding periods, and their figures shared out so that they add up to the sale's exactly.
@Suite struct ExplanationBuilderTests {
  static func day(_ text: String) -> Date {
    ISO8601Timestamp.parse(text + "T12:00:00Z")!
  }

  static func sale(_ explanation: TransactionExplanation?) -> SaleExplanation? {
    guard case .sale(let sale) = explanation else { return nil }
    return sale
  }

  static let usd = ExplanationBuilder(currency: "usd", method: .fifo, scope: .universal)

  /// Buy 1: 3 BTC at $100 + $1 fee (2024-01-10); buy 2: 1 BTC at $130 (2024-06-01); sale 3:
  /// 3.5 BTC at $200 − $1 fee (2025-01-11). FIFO takes all of buy 1 and 0.5 of buy 2.
  @Test func aSaleOverTwoLotsWithABuyFee() throws {
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Transaction(
            id: "1", kind: .buy, amount: 3, price: 100, fee: 1, date: Self.day("2024-01-10")),
          Transaction(id: "2", kind: .buy, amount: 1, price: 130, date: Self.day("2024-06-01")),
          Transaction(
            id: "3", kind: .sell, amount: Decimal(string: "3.5")!, price: 200, fee: 1,
            date: Self.day("2025-01-11")),
        ])
    ])
    let sale = try #require(Self.sale(Self.usd.explain("3", in: portfolio)))
    // Proceeds 3.5 × 200 − 1 = 699; cost 3 × 100 + 1 = 301 and 0.5 × 130 = 65, 366 in all;
    // gain 699 − 366 = 333.
    #expect(sale.proceeds == 699 && sale.costBasis == 366 && sale.gain == 333 && sale.fee == 1)
    expectEqual(sale.lots.map(\.acquiredID), ["1", "2"])
    expectEqual(sale.lots.map(\.amount), [3, Decimal(string: "0.5")!])
    // Buy 1's whole fee goes with its 3 coins; buy 2 had none.
    expectEqual(sale.lots.map(\.feeShare), [1, 0])
    expectEqual(sale.lots.map(\.costBasis), [301, 65])
    // Proceeds by amount: 699 × 3 ÷ 3.5 = 599.142857… → 599.14; the last takes
    // 699 − 599.14 = 99.86. Gains: 599.142857… − 301 = 298.142857… → 298.14; the last
    // 333 − 298.14 = 34.86.
    expectEqual(sale.lots.map(\.proceeds), [Decimal(string: "599.14")!, Decimal(string: "99.86")!])
    expectEqual(sale.lots.map(\.gain), [Decimal(string: "298.14")!, Decimal(string: "34.86")!])
    // Acquired 2024-01-10: its first year ends 2025-01-10, sold the day after → long; bought
    // 2024-06-01 → its year ends 2025-06-01 → short.
    #expect(
      sale.lots.map { $0.firstYearEnds.map(DateInput.dayText) } == ["2025-01-10", "2025-06-01"])
    expectEqual(sale.lots.map(\.term), [.long, .short])
    #expect(sale.lots.allSatisfy { $0.conversion == nil && $0.moves.isEmpty })
  }

  /// Three buys of 1 BTC at $10 + $0.005 fee; one sale of the 3 at $33.34 − $0.02 fee = $100.00.
  /// Each lot's exact share is a third: proceeds 33.3333… (33.33 rounded, 99.99 for three),
  /// cost 10.005 (10.00 half to even, 30.00 for three), gain 23.328333… (23.33, 69.99 for
  /// three) — while the sale's are 100.00, 30.015 → 30.02 and 69.985 → 69.98.
  @Test func aThirdEachAddsUpToTheSaleToTheCent() throws {
    let buys = (1...3).map { index in
      Transaction(
        id: "\(index)", kind: .buy, amount: 1, price: 10, fee: Decimal(string: "0.005")!,
        date: Self.day("2024-01-0\(index)"))
    }
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: buys + [
          Transaction(
            id: "4", kind: .sell, amount: 3, price: Decimal(string: "33.34")!,
            fee: Decimal(string: "0.02")!, date: Self.day("2024-12-31"))
        ])
    ])
    let sale = try #require(Self.sale(Self.usd.explain("4", in: portfolio)))
    let cents = { (text: String) in Decimal(string: text)! }
    expectEqual(sale.proceeds, cents("100.00"))
    expectEqual(sale.costBasis, cents("30.02"))
    expectEqual(sale.gain, cents("69.98"))
    // The last lot takes what is left: 100.00 − 66.66 = 33.34; 30.02 − 20.00 = 10.02;
    // 69.98 − 46.66 = 23.32.
    expectEqual(sale.lots.map(\.proceeds), [cents("33.33"), cents("33.33"), cents("33.34")])
    expectEqual(sale.lots.map(\.costBasis), [cents("10.00"), cents("10.00"), cents("10.02")])
    expectEqual(sale.lots.map(\.gain), [cents("23.33"), cents("23.33"), cents("23.32")])
    expectEqual(sale.lots.map(\.feeShare), [cents("0.005"), cents("0.005"), cents("0.005")])
    // Bought 2024-01-01…03, sold 2024-12-31: within the first year → short.
    expectEqual(sale.lots.map(\.term), [.short, .short, .short])
  }

  /// A buy names the sales that took from it; a buy none took from says so; an unknown id is
  /// `nil`; income carries its value and the price chain's label.
  @Test func buysIncomeAndUnknownTransactions() throws {
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Transaction(id: "1", kind: .buy, amount: 2, price: 100, date: Self.day("2024-01-10")),
          Transaction(id: "2", kind: .buy, amount: 1, price: 100, date: Self.day("2024-01-11")),
          Transaction(
            id: "3", kind: .transferIn, amount: Decimal(string: "0.5")!, price: 40,
            date: Self.day("2024-02-01"), isIncome: true, priceSource: "coinbase"),
          Transaction(
            id: "4", kind: .sell, amount: Decimal(string: "1.5")!, price: 120,
            date: Self.day("2024-03-01")),
        ])
    ])
    guard case .acquisition(let first) = Self.usd.explain("1", in: portfolio),
      case .acquisition(let second) = Self.usd.explain("2", in: portfolio),
      case .income(let income) = Self.usd.explain("3", in: portfolio)
    else {
      Issue.record("not explained as a buy, a buy and income")
      return
    }
    #expect(first.takenBy.map(\.sale) == ["4"] && first.takenBy.map(\.amount) == [1.5])
    #expect(second.takenBy.isEmpty)
    // 0.5 × 40 = 20.
    #expect(income.value == 20 && income.valueInCurrency == 20)
    expectEqual(income.priceSource, "coinbase")
    #expect(Self.usd.explain("9", in: portfolio) == nil)
  }

  /// A buy in euros explained in dollars: one bitcoin was €50,000 and $60,000 on 2024-01-10
  /// (UTC day 19,732: 54 years and 13 leap days to 2024-01-01 = 19,723, plus 9), so €1 = $1.2;
  /// 1 BTC at €100 cost $120, sold at $150 → gain $30.
  @Test func aConversionNamesItsRateAndDay() throws {
    let portfolio = Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        transactions: [
          Transaction(
            id: "1", kind: .buy, amount: 1, price: 100, currency: "eur",
            date: Self.day("2024-01-10")),
          Transaction(id: "2", kind: .sell, amount: 1, price: 150, date: Self.day("2024-02-10")),
        ])
    ])
    let rates = CurrencyRates(dailyBitcoinPrices: [
      "usd": [19_732: 60_000], "eur": [19_732: 50_000],
    ])
    let builder = ExplanationBuilder(
      currency: "usd", method: .fifo, scope: .universal, rates: rates)
    let sale = try #require(Self.sale(builder.explain("2", in: portfolio)))
    #expect(sale.conversion == nil)
    let conversion = try #require(sale.lots.first?.conversion)
    #expect(conversion.from == "eur" && conversion.to == "usd")
    #expect(conversion.rate == Decimal(string: "1.2")! && !conversion.atTodaysRate)
    expectEqual(conversion.day.map(DateInput.dayText), "2024-01-10")
    #expect(sale.costBasis == 120 && sale.gain == 30)
    expectEqual(sale.lots.map(\.costBasis), [120])
  }
}
