import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio explain`: how one transaction's figures were made, as lines or JSON. Money
/// is rounded to the currency's minor unit; amounts, prices and rates are exact.
package enum ExplanationView {
  /// The explanation as lines of text, the rules named first for a sale; coins by `names`.
  package static func text(
    _ explanation: TransactionExplanation, rules: String, names: CoinNames
  ) -> String {
    var lines: [String] = []
    switch explanation {
    case .sale(let sale):
      lines = saleLines(sale, rules: rules, names: names)
    case .ukSale(let sale):
      lines = ukSaleLines(sale, rules: rules, names: names)
    case .germanSale(let sale):
      lines = germanSaleLines(sale, rules: rules, names: names)
    case .income(let income):
      let style = CurrencyStyle(code: income.currency)
      lines.append(
        "Income \(income.transactionID): \(DecimalInput.text(income.amount)) "
          + "\(names.symbol(of: income.coin))\(on(income.date))")
      if let price = income.price, let value = income.value {
        lines.append(
          "Fair value: \(DecimalInput.text(income.amount)) × \(DecimalInput.text(price)) "
            + "\(income.priceCurrency.uppercased()) = \(DecimalInput.text(value)) "
            + "\(income.priceCurrency.uppercased())")
        if let conversion = income.conversion {
          lines.append("  " + converted(conversion))
          lines.append("  = \(MoneyFormat.text(income.valueInCurrency, currency: style))")
        }
        lines.append(
          "Value from: "
            + (income.priceSource.map { "\($0) (looked up by coins)" }
              ?? "the price given (by you or the export)"))
      } else {
        lines.append(
          "Fair value: unknown (no price). Value it with coins portfolio reprice --transactions "
            + "\(income.transactionID), or coins portfolio edit \(income.transactionID) --price …")
      }
    case .acquisition(let acquisition):
      let word = acquisition.kind == .buy ? "a buy" : "a transfer in"
      lines.append(
        "Transaction \(acquisition.transactionID) is \(word): \(DecimalInput.text(acquisition.amount)) "
          + "\(names.symbol(of: acquisition.coin))\(on(acquisition.date)); it realizes nothing.")
      if acquisition.takenBy.isEmpty {
        lines.append("No sale took from it.")
      } else {
        for taken in acquisition.takenBy {
          lines.append(
            "Sale \(taken.sale) took \(DecimalInput.text(taken.amount)) "
              + "(coins portfolio explain \(taken.sale))")
        }
      }
    case .transferOut(let id, let coin, let amount, let date, let movedTo):
      lines.append(
        "Transaction \(id) is a transfer out: \(DecimalInput.text(amount)) "
          + "\(names.symbol(of: coin))\(on(date)); it realizes nothing"
          + (movedTo.map { ", moved to your transfer in \($0)." } ?? "."))
    }
    // Names come from the file (wallets, the price chain's labels): cleaned, the indent kept.
    return lines.map { line in
      let indent = line.prefix { $0 == " " }
      return indent + Sanitizer.clean(String(line.dropFirst(indent.count)))
    }.joined(separator: "\n") + "\n"
  }

  static func saleLines(_ sale: SaleExplanation, rules: String, names: CoinNames) -> [String] {
    let style = CurrencyStyle(code: sale.currency)
    let money = { (value: Decimal?) in MoneyFormat.text(value, currency: style) }
    let symbol = names.symbol(of: sale.coin)
    var lines = [
      "Sale \(sale.transactionID): \(DecimalInput.text(sale.amount)) \(symbol) from "
        + "\(sale.wallet)\(on(sale.date))"
        + (sale.price.map { " at \(DecimalInput.text($0)) \(sale.priceCurrency.uppercased())" }
          ?? " at an unknown price")
        + (sale.price == nil ? "" : sale.priceSource.map { " (from \($0))" } ?? " (given)"),
      "Rules: \(rules); method \(sale.method.rawValue.uppercased()), scope \(sale.scope.rawValue) "
        + "(\(sale.scope.name)); figures in \(sale.currency.uppercased())",
    ]
    if let conversion = sale.conversion { lines.append("  " + converted(conversion)) }
    lines.append("Proceeds \(money(sale.proceeds)) (after the fee of \(money(sale.fee)))")
    lines.append("Cost basis \(money(sale.costBasis)), gain \(money(sale.gain))")
    if sale.lots.isEmpty {
      lines.append("By average cost there are no lots: the cost basis is the average cost.")
      return lines
    }
    for (index, lot) in sale.lots.enumerated() {
      let kind = lot.acquiredKind == .buy ? "buy" : "transfer in"
      lines.append(
        "Lot \(index + 1): \(kind) \(lot.acquiredID) in \(lot.acquiredWallet)\(on(lot.acquired)), "
          + "\(DecimalInput.text(lot.amount)) of \(DecimalInput.text(lot.acquiredAmount)) \(symbol)"
      )
      let price =
        lot.price.map { "\(DecimalInput.text($0)) \(lot.priceCurrency.uppercased())" }
        ?? "unknown"
      lines.append(
        "  price \(price) per coin"
          + (lot.priceSource.map { " (from \($0))" } ?? (lot.price == nil ? "" : " (given)"))
          + ", share of the fee \(DecimalInput.text(lot.feeShare)) "
          + lot.feeCurrency.uppercased())
      if let conversion = lot.conversion { lines.append("  " + converted(conversion)) }
      lines.append(
        "  cost basis \(money(lot.costBasis)), proceeds \(money(lot.proceeds)), "
          + "gain \(money(lot.gain))")
      if let acquired = lot.acquired, let ends = lot.firstYearEnds, let sold = sale.date {
        lines.append(
          "  held: acquired \(DateInput.dayText(acquired)), first year ends "
            + "\(DateInput.dayText(ends)), sold \(DateInput.dayText(sold)) → "
            + "\(lot.term?.rawValue ?? "unknown") term")
      } else {
        lines.append("  held: undated, term unknown")
      }
      for move in lot.moves {
        lines.append(
          "  moved \(move.from) → \(move.to)\(on(move.date)) (transfer \(move.outID) → "
            + "\(move.inID))")
      }
    }
    lines.append(
      "The lots add up to the sale: proceeds \(money(sale.proceeds)), cost basis "
        + "\(money(sale.costBasis)), gain \(money(sale.gain)) (each lot rounded, the last "
        + "taking what is left).")
    return lines
  }

  static func on(_ date: Date?) -> String {
    date.map { " on \(DateInput.dayText($0))" } ?? " (undated)"
  }

  static func converted(_ rate: RateUsed) -> String {
    guard let value = rate.rate else {
      return "no rate from \(rate.from.uppercased()) to \(rate.to.uppercased()): unknown"
    }
    let when =
      rate.atTodaysRate
      ? "today's rate (the day's was out of reach)"
      : rate.day.map { "the rate of \(DateInput.dayText($0))" } ?? "the rate"
    return "converted from \(rate.from.uppercased()) at 1 \(rate.from.uppercased()) = "
      + "\(DecimalInput.text(value)) \(rate.to.uppercased()), \(when), from CoinGecko's "
      + "bitcoin prices"
  }
}
