#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HistoryCheck {
  /// The buys, sales and valued deposits of `portfolio` whose price (or fee) is in another
  /// currency than `currency` and was converted at today's rate because `rates` had none for
  /// its day — a figure assumed, not known; accepted transactions left out. The fix gives the
  /// price (or fee) in `currency`: `coins portfolio edit 7 --price <price> --currency usd`.
  public static func conversionsAtTodaysRate(
    of portfolio: Portfolio, in currency: String, rates: CurrencyRates
  ) -> [OpenItem] {
    let currency = currency.lowercased()
    let accepted = Set(portfolio.accepted.map(\.transaction))
    var items: [OpenItem] = []
    for holding in portfolio.holdings {
      var found: [(date: Date, item: OpenItem)] = []
      for transaction in holding.transactions where !accepted.contains(transaction.id) {
        func atTodaysRate(_ source: String?) -> Bool {
          guard let source, source.lowercased() != currency else { return false }
          return rates.convert(1, from: source, to: currency, on: transaction.date)?.atTodaysRate
            == true
        }
        let priceSource = transaction.price == nil ? nil : transaction.priceCurrency
        let feeSource = (transaction.fee ?? 0) == 0 ? nil : transaction.feeCurrencyOrDefault
        let fix: String
        let source: String
        if atTodaysRate(priceSource), let priceSource {
          (source, fix) = (priceSource, "--price <price> --currency \(currency)")
        } else if atTodaysRate(feeSource), let feeSource {
          (source, fix) = (feeSource, "--fee <fee> --fee-currency \(currency)")
        } else {
          continue
        }
        let on = transaction.date.map { " on \(DateInput.dayText($0))" } ?? ""
        found.append(
          (
            transaction.date ?? .distantPast,
            OpenItem(
              transaction: transaction.id, coin: holding.id, reason: .todaysRate,
              lead:
                "\(kindWords(transaction.kind)) of \(DecimalInput.text(transaction.amount))",
              rest:
                "\(on) is converted from \(source.uppercased()) to "
                + "\(currency.uppercased()) at today's rate (no rate for its day)",
              fix: "coins portfolio edit \(transaction.id) \(fix)")
          ))
      }
      // Oldest first, as the other items (a stable sort keeps one date's in file order).
      items += found.enumerated().sorted {
        ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
      }
      .map(\.element.item)
    }
    return items
  }

  private static func kindWords(_ kind: TransactionKind) -> String {
    switch kind {
    case .buy: "buy"
    case .sell: "sale"
    case .transferIn: "deposit"
    case .transferOut: "withdrawal"
    }
  }
}
