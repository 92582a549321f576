import CoinsModel
import Foundation

/// Transactions for the ledger tests, written as briefly as the textbook cases they come from.
enum LedgerFixtures {
  /// An exact decimal.
  static func d(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  /// Midnight UTC of a `YYYY-MM-DD` day in 2026.
  static func day(_ text: String) -> Date { PortfolioFixtures.date("2026-\(text)T00:00:00Z") }

  /// The UTC day number of a `MM-DD` day in 2026.
  static func dayNumber(_ text: String) -> Int {
    Int(day(text).timeIntervalSince1970 / 86_400)
  }

  /// A transaction on a day of 2026 (`MM-DD`).
  static func tx(
    _ kind: TransactionKind, _ amount: String, at price: String? = nil, _ currency: String? = nil,
    fee: String? = nil, on date: String, id: String = ""
  ) -> Transaction {
    Transaction(
      id: id, kind: kind, amount: d(amount), price: price.map(d), currency: currency,
      fee: fee.map(d), date: day(date))
  }

  /// The ledger of one holding of these transactions (with every figure's provenance unless
  /// told otherwise).
  static func ledger(
    _ transactions: [Transaction], _ method: CostBasisMethod = .fifo, in currency: String = "usd",
    rates: CurrencyRates = CurrencyRates(), provenance: Bool = true
  ) -> HoldingLedger {
    LedgerBuilder.ledger(
      of: Holding(id: "bitcoin", transactions: transactions), in: currency, method: method,
      rates: rates, provenance: provenance)
  }
}
