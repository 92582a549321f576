import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `explain --rules uk|de`: a sale by HMRC's share matching or by § 23 EStG, as lines or JSON
/// members, with the figures `gains` by those rules gives.
extension ExplanationView {
  static func ukSaleLines(_ sale: UKSaleExplanation, rules: String, names: CoinNames)
    -> [String]
  {
    let figures = TaxReportText(currency: sale.currency)
    let disposal = sale.disposal
    let symbol = names.symbol(of: disposal.coin)
    let others = disposal.transactionIDs.filter { $0 != sale.transactionID }
    var lines = [
      "Sale \(sale.transactionID): disposal of \(DecimalInput.text(disposal.amount)) \(symbol) on "
        + TaxReportText.date(disposal.day)
        + (others.isEmpty
          ? ""
          : " (with sale\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")) the "
            + "same day: one disposal)"),
      "Rules: \(rules); figures in \(sale.currency.uppercased()); days in \(sale.zone)",
      "Proceeds \(figures.money(sale.proceeds)) (before the fees); fees \(figures.money(sale.fees))",
    ]
    for explained in sale.matches {
      let match = explained.match
      var line =
        "\(match.rule.title.prefix(1).uppercased())\(match.rule.title.dropFirst()): "
        + "\(DecimalInput.text(match.amount)) \(symbol) costing \(figures.money(explained.cost))"
      switch match.rule {
      case .sameDay, .thirtyDay:
        let ids = explained.acquisitionIDs.joined(separator: ", ")
        line +=
          " (acquired \(TaxReportText.date(match.acquiredDay)) by transaction"
          + "\(explained.acquisitionIDs.count == 1 ? "" : "s") \(ids))"
      case .section104:
        if let pool = explained.pool {
          line +=
            " (the pool then: \(DecimalInput.text(pool.amount)) \(symbol) costing "
            + "\(figures.money(pool.cost)))"
        }
      case .unmatched:
        line += " (no acquisition covers them)"
      }
      lines.append(line)
    }
    lines.append(
      "Allowable costs \(figures.money(sale.allowableCost)) = fees and the costs above (each "
        + "rounded, the last taking what is left); gain \(figures.signed(sale.gain))")
    return lines
  }

  static func germanSaleLines(_ explained: GermanSaleExplanation, rules: String, names: CoinNames)
    -> [String]
  {
    let figures = TaxReportText(currency: explained.currency)
    let sale = explained.sale
    let symbol = names.symbol(of: sale.coin)
    var lines = [
      "Sale \(sale.transactionID): \(DecimalInput.text(sale.amount)) \(symbol) from "
        + "\(sale.wallet) on \(TaxReportText.date(sale.day))",
      "Rules: \(rules); first in, first out, scope \(explained.scope.rawValue) "
        + "(\(explained.scope.name)); figures in \(explained.currency.uppercased()); days in "
        + explained.zone,
    ]
    for (index, lot) in explained.lots.enumerated() {
      let kind = lot.acquiredKind == .buy ? "buy" : "transfer in"
      lines.append(
        "Lot \(index + 1): \(kind) \(lot.lot.acquiredID) in \(lot.acquiredWallet) on "
          + "\(TaxReportText.date(lot.lot.acquiredDay)), \(DecimalInput.text(lot.lot.amount)) "
          + symbol)
      lines.append(
        "  cost \(figures.money(lot.cost)), proceeds \(figures.money(lot.proceeds)), gain "
          + figures.signed(lot.gain))
      if let days = lot.lot.daysHeld, let ends = lot.periodEnds {
        lines.append(
          "  held \(days) day\(days == 1 ? "" : "s"): acquired "
            + "\(TaxReportText.date(lot.lot.acquiredDay)), one year ends "
            + "\(TaxReportText.date(ends)), sold \(TaxReportText.date(sale.day)) → "
            + (lot.lot.taxFree ? "tax-free" : "taxable"))
      } else {
        lines.append("  held: undated → taxable")
      }
      for move in lot.moves {
        lines.append(
          "  moved \(move.from) → \(move.to)\(on(move.date)) (transfer \(move.outID) → "
            + "\(move.inID))")
      }
    }
    lines.append(
      "Proceeds \(figures.money(explained.proceeds)) (after the fee), cost "
        + "\(figures.money(explained.cost)): taxable gain \(figures.signed(explained.taxableGain)), "
        + "tax-free gain \(figures.signed(explained.taxFreeGain)) (the lots' sums)")
    return lines
  }

  /// The JSON members of a UK sale after `rules`: `"kind","id","coin","date","amount","ids",
  /// "currency","zone","proceeds","fees","allowableCosts","gain","matches":[{"rule","amount",
  /// "cost","acquired","acquisitionIds","pool":{"amount","cost"}}]`.
  static func ukSaleMembers(_ sale: UKSaleExplanation) -> [(String, String)] {
    let figures = TaxReportText(currency: sale.currency)
    let disposal = sale.disposal
    return [
      ("kind", JSONText.string("sale")), ("id", JSONText.string(sale.transactionID)),
      ("coin", JSONText.string(disposal.coin)),
      ("date", JSONText.string(TaxReportText.date(disposal.day))),
      ("amount", DecimalInput.text(disposal.amount)),
      ("ids", JSONText.array(disposal.transactionIDs.map(JSONText.string))),
      ("currency", JSONText.string(sale.currency)), ("zone", JSONText.string(sale.zone)),
      ("proceeds", figures.json(sale.proceeds)), ("fees", figures.json(sale.fees)),
      ("allowableCosts", figures.json(sale.allowableCost)), ("gain", figures.json(sale.gain)),
      (
        "matches",
        JSONText.array(
          sale.matches.map { explained in
            JSONText.object([
              ("rule", JSONText.string(explained.match.rule.rawValue)),
              ("amount", DecimalInput.text(explained.match.amount)),
              ("cost", figures.json(explained.cost)),
              (
                "acquired",
                explained.match.acquiredDay.map { JSONText.string(TaxReportText.date($0)) }
                  ?? "null"
              ),
              ("acquisitionIds", JSONText.array(explained.acquisitionIDs.map(JSONText.string))),
              (
                "pool",
                explained.pool.map {
                  JSONText.object([
                    ("amount", DecimalInput.text($0.amount)), ("cost", figures.json($0.cost)),
                  ])
                } ?? "null"
              ),
            ])
          })
      ),
    ]
  }

  /// The JSON members of a German sale after `rules`: `"kind","id","coin","wallet","date",
  /// "amount","currency","zone","scope","proceeds","cost","taxableGain","taxFreeGain","lots":[{
  /// "acquiredId","acquiredKind","acquiredWallet","acquired","amount","proceeds","cost","gain",
  /// "daysHeld","periodEnds","taxFree"}]`.
  static func germanSaleMembers(_ explained: GermanSaleExplanation) -> [(String, String)] {
    let figures = TaxReportText(currency: explained.currency)
    let sale = explained.sale
    return [
      ("kind", JSONText.string("sale")), ("id", JSONText.string(sale.transactionID)),
      ("coin", JSONText.string(sale.coin)), ("wallet", JSONText.string(sale.wallet)),
      ("date", JSONText.string(TaxReportText.date(sale.day))),
      ("amount", DecimalInput.text(sale.amount)),
      ("currency", JSONText.string(explained.currency)),
      ("zone", JSONText.string(explained.zone)),
      ("scope", JSONText.string(explained.scope.rawValue)),
      ("proceeds", figures.json(explained.proceeds)), ("cost", figures.json(explained.cost)),
      ("taxableGain", figures.json(explained.taxableGain)),
      ("taxFreeGain", figures.json(explained.taxFreeGain)),
      (
        "lots",
        JSONText.array(
          explained.lots.map { lot in
            JSONText.object([
              ("acquiredId", JSONText.string(lot.lot.acquiredID)),
              ("acquiredKind", JSONText.string(lot.acquiredKind.rawValue)),
              ("acquiredWallet", JSONText.string(lot.acquiredWallet)),
              (
                "acquired",
                lot.lot.acquiredDay.map { JSONText.string(TaxReportText.date($0)) } ?? "null"
              ),
              ("amount", DecimalInput.text(lot.lot.amount)),
              ("proceeds", figures.json(lot.proceeds)), ("cost", figures.json(lot.cost)),
              ("gain", figures.json(lot.gain)), ("daysHeld", JSONText.number(lot.lot.daysHeld)),
              (
                "periodEnds",
                lot.periodEnds.map { JSONText.string(TaxReportText.date($0)) } ?? "null"
              ),
              ("taxFree", lot.lot.taxFree ? "true" : "false"),
            ])
          })
      ),
    ]
  }
}
