#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CurrencyRates {
  /// Whether `transaction`'s price or non-zero fee, in another currency than `currency`, is
  /// converted at today's rate (the day's out of reach): what its provenance's
  /// ``FigureProvenance/atTodaysRate`` says, without working the provenance out.
  package func convertsAtTodaysRate(_ transaction: Transaction, into currency: String) -> Bool {
    let target = currency.lowercased()
    func atTodaysRate(_ source: String) -> Bool {
      source.lowercased() != target
        && convert(1, from: source, to: target, on: transaction.date)?.atTodaysRate == true
    }
    if transaction.price != nil, atTodaysRate(transaction.priceCurrency) { return true }
    guard let fee = transaction.fee, fee != 0 else { return false }
    return atTodaysRate(transaction.feeCurrencyOrDefault)
  }
}
