import CoinsModel

/// Fills a ledger's ``CurrencyRates`` with the ECB's euro reference rates of the past days it
/// converts on, so that one report converts past days at one source: every currency the ECB
/// publishes, each day at its own fixing or (a weekend, a holiday) the last one before it.
package enum ECBCurrencyRates {
  /// What the ECB gave.
  package struct Outcome: Equatable, Sendable {
    /// The days that took an earlier day's fixing.
    package var carriedBack: Int = 0
    /// Why the ECB's rates could not be had, when they could not (then nothing was filled).
    package var problem: String?

    /// Each member as given.
    package init(carriedBack: Int = 0, problem: String? = nil) {
      self.carriedBack = carriedBack
      self.problem = problem
    }
  }

  /// Fills `rates.euroRates` for `currencies` (lower-case codes; coins and EUR are left out)
  /// on `days`, before `today`, with one request of `ecb`.
  package static func fill(
    _ rates: inout CurrencyRates, currencies: Set<String>, days: Set<UTCDay>, today: UTCDay,
    ecb: ECBRates
  ) async -> Outcome {
    let fiat = Set(
      currencies.map { $0.lowercased() }.filter {
        $0 != "eur" && !ConversionTerm.cryptoCurrencyCodes.contains($0)
      })
    let past = days.filter { $0 < today }
    guard !fiat.isEmpty, let first = past.min(), let last = past.max() else { return Outcome() }
    let fixings: ECBFixings
    do {
      fixings = try await ecb.fixings(of: Set(fiat.map { $0.uppercased() }), days: first...last)
    } catch {
      return Outcome(problem: error.reason)
    }
    var outcome = Outcome()
    var carried: Set<UTCDay> = []
    for code in fiat.sorted() {
      for day in past {
        guard let rate = fixings.rate(from: "EUR", to: code, on: day) else { continue }
        rates.euroRates[code, default: [:]][day.number] = rate.rate.decimal
        if rate.fixingDay != day { carried.insert(day) }
      }
    }
    outcome.carriedBack = carried.count
    return outcome
  }
}
