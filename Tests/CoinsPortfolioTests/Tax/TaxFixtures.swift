import CoinsModel
import Foundation

/// Transactions for the tax rule sets' tests, in pounds or euros, by moment or by day.
enum TaxFixtures {
  /// A moment, `2024-06-23T10:00:00Z`; a bare day is noon UTC.
  static func at(_ text: String) -> Date {
    ISO8601Timestamp.parse(text.count == 10 ? text + "T12:00:00Z" : text)!
  }

  static func d(_ text: String) -> Decimal { Decimal(string: text)! }

  /// The local day number of `YYYY-MM-DD`.
  static func day(_ text: String) -> Int {
    let parts = text.split(separator: "-").map { Int($0)! }
    return ISO8601Timestamp.daysFromCivil(year: parts[0], month: parts[1], day: parts[2])
  }

  /// A buy of `amount` for `total` (plus `fee`). Where total ÷ amount has no exact decimal
  /// (14,000 for £200,000), the price is cut to a penny and the rest of the total is paid as a
  /// fee, so the cost is still exactly the total.
  static func buy(
    _ id: String, _ amount: String, for total: String, on date: String, fee: String? = nil,
    currency: String = "gbp", wallet: String = Transaction.defaultWallet
  ) -> Transaction {
    var price = d(total) / d(amount)
    var extra: Decimal = 0
    if price * d(amount) != d(total) {
      var exact = price
      NSDecimalRound(&price, &exact, 2, .down)
      extra = d(total) - price * d(amount)
    }
    let fees = (fee.map(d) ?? 0) + extra
    return Transaction(
      id: id, kind: .buy, amount: d(amount), price: price, currency: currency,
      fee: fees == 0 ? nil : fees, date: at(date), wallet: wallet)
  }

  static func sell(
    _ id: String, _ amount: String, for total: String, on date: String, fee: String? = nil,
    currency: String = "gbp", wallet: String = Transaction.defaultWallet
  ) -> Transaction {
    Transaction(
      id: id, kind: .sell, amount: d(amount), price: d(total) / d(amount), currency: currency,
      fee: fee.map(d), date: at(date), wallet: wallet)
  }

  static func income(
    _ id: String, _ amount: String, worth total: String, on date: String,
    currency: String = "gbp", wallet: String = Transaction.defaultWallet
  ) -> Transaction {
    Transaction(
      id: id, kind: .transferIn, amount: d(amount), price: d(total) / d(amount),
      currency: currency, date: at(date), isIncome: true, wallet: wallet)
  }

  /// A move of `amount` from wallet `from` to wallet `to`: the transfer out `id` and the
  /// transfer in `id`b that received `arrived` of it.
  static func move(
    _ id: String, _ amount: String, arrived: String? = nil, from: String, to: String,
    on date: String
  ) -> [Transaction] {
    [
      Transaction(id: id, kind: .transferOut, amount: d(amount), date: at(date), wallet: from),
      Transaction(
        id: id + "b", kind: .transferIn, amount: d(arrived ?? amount), date: at(date),
        wallet: to, movedFrom: id),
    ]
  }
}
