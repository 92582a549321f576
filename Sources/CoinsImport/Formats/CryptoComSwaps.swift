import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The crypto.com rows that make one exchange between them: `dust_conversion_debited` rows
/// (the coins given) and a `dust_conversion_credited` row (the CRO received), likewise the
/// `…_swap_debited` / `…_swap_credited` pairs, sharing a timestamp.
///
/// One coin out and one in is one trade. Several coins out for one in (dust) are one trade
/// each, the coins received shared among them by their Native Amounts (the last takes what is
/// left, so the parts add up exactly); one out for several in likewise.
enum CryptoComSwaps {
  /// The swaps an MCO/CRO `dynamic_coin_swap` at the same second is the sum of.
  static let restatedFamilies = ["lockup_swap", "crypto_wallet_swap"]

  /// `dust_conversion` for `dust_conversion_debited`, `nil` for a kind that is not one side.
  static func family(_ kind: String) -> String? {
    let lower = kind.lowercased()
    for side in ["_debited", "_credited"] where lower.hasSuffix(side) {
      let family = String(lower.dropLast(side.count))
      if family.hasSuffix("dust_conversion") || family.hasSuffix("swap") { return family }
    }
    return nil
  }

  static func read(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    var outs: [(SourceRow, ImportedAmount, Decimal)] = []
    var ins: [(SourceRow, ImportedAmount, Decimal)] = []
    for row in rows {
      let amount = ImportedAmount(
        abs(try row.number("Amount")), TickerRules.plain(row.text("Currency")))
      let weight = try CryptoComFormat.value(row)?.amount ?? 0
      if row.text("Transaction Kind").lowercased().hasSuffix("_debited") {
        outs.append((row, amount, weight))
      } else {
        ins.append((row, amount, weight))
      }
    }
    let date = try first.date("Timestamp (UTC)")
    if outs.count == 1 || ins.count == 1, !outs.isEmpty, !ins.isEmpty {
      let single = outs.count == 1 ? outs[0] : ins[0]
      let many = outs.count == 1 ? ins : outs
      let weights = many.map(\.2)
      let total = weights.reduce(0, +)
      var left = single.1.amount
      for (index, part) in many.enumerated() {
        let share: Decimal
        if index == many.count - 1 {
          share = left
        } else {
          let fraction = total > 0 ? weights[index] / total : Decimal(1) / Decimal(many.count)
          share = single.1.amount * fraction
        }
        left -= share
        let piece = ImportedAmount(share, single.1.asset)
        let origin = EventOrigin(
          lines: [single.0.line, part.0.line], date: date, value: try CryptoComFormat.value(part.0))
        if outs.count == 1 {
          try log.exchange(origin, spent: piece, received: part.1)
        } else {
          try log.exchange(origin, spent: part.1, received: piece)
        }
      }
      return
    }
    throw first.fail(
      "Transaction Kind",
      "the \(first.text("Transaction Kind")) rows at \(first.text("Timestamp (UTC)")) need coins out and coins in"
    )
  }
}
