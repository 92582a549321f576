import CoinsModel
import Foundation

/// Days, transactions and opens for the returns tests, written the way they are worked by hand.
enum ReturnsFixtures {
  /// 2026-03-01, the first day of most ranges here (UTC day number).
  static let march1 = ISO8601Timestamp.daysFromCivil(year: 2026, month: 3, day: 1)

  /// The day `offset` days after 2026-03-01.
  static func day(_ offset: Int) -> Int { march1 + offset }

  /// 01:00 UTC of that day.
  static func date(_ offset: Int) -> Date {
    Date(timeIntervalSince1970: Double(day(offset)) * 86_400 + 3_600)
  }

  /// A transaction on day `offset`.
  static func transaction(
    _ id: String, _ kind: TransactionKind, _ amount: Decimal, at price: Decimal? = nil,
    fee: Decimal? = nil, on offset: Int, wallet: String = "default", movedFrom: String? = nil,
    income: Bool = false
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: amount, price: price, currency: price == nil ? nil : "usd",
      fee: fee, date: date(offset), isIncome: income, wallet: wallet, movedFrom: movedFrom)
  }

  /// Opens by day number from opens by offset.
  static func opens(_ byOffset: [Int: Decimal]) -> [Int: ExactDecimal] {
    Dictionary(uniqueKeysWithValues: byOffset.map { (day($0.key), ExactDecimal($0.value)) })
  }

  /// The measured figures, or a failed expectation's stand-in.
  static func measured(
    _ holdings: [Holding], scope: ReturnsScope = .portfolio, days: ClosedRange<Int>,
    opens: [String: [Int: Decimal]]
  ) -> Performance? {
    let outcome = Performance.measure(
      holdings, scope: scope, days: day(days.lowerBound)...day(days.upperBound), currency: "usd",
      opens: opens.mapValues { Self.opens($0) })
    if case .measured(let performance) = outcome { return performance }
    return nil
  }
}
