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
  /// on `days`, before `today`: closed years from `cache` where kept, the rest with one request
  /// of `ecb` (whose closed years are then kept).
  package static func fill(
    _ rates: inout CurrencyRates, currencies: Set<String>, days: Set<UTCDay>, today: UTCDay,
    ecb: ECBRates, cache: ECBYearCache? = nil
  ) async -> Outcome {
    let fiat = Set(
      currencies.map { $0.uppercased() }.filter {
        $0 != "EUR" && !ConversionTerm.cryptoCurrencyCodes.contains($0.lowercased())
      })
    let past = days.filter { $0 < today }
    guard !fiat.isEmpty, let first = past.min(), let last = past.max() else { return Outcome() }
    // The years whose fixings the days need: a day early in January may take December's.
    let years = Set(past.map(\.year) + [first.adding(days: -ECBRates.carryBackLimit).year])
    var known: [String: [UTCDay: ExactDecimal]] = [:]
    var missing: [String: Set<Int>] = [:]
    for code in fiat {
      for year in years {
        if year < today.year, let kept = cache?.load(code, year: year) {
          known[code, default: [:]].merge(kept) { $1 }
        } else {
          missing[code, default: []].insert(year)
        }
      }
    }
    if let earliest = missing.values.flatMap({ $0 }).min(),
      let latest = missing.values.flatMap({ $0 }).max()
    {
      // Whole years, so that each closed one can be kept; never past yesterday.
      let from = max(UTCDay(year: earliest), first.adding(days: -ECBRates.carryBackLimit))
      let start = cache == nil ? from : UTCDay(year: earliest)
      let end = min(UTCDay(year: latest + 1).adding(days: -1), today.adding(days: -1))
      let to = cache == nil ? min(end, last) : end
      // `fixings` asks from a week before its first day: the request starts at `start`.
      let lower = start.adding(days: ECBRates.carryBackLimit)
      let fetched: ECBFixings
      do {
        fetched = try await ecb.fixings(of: Set(missing.keys), days: lower...max(to, lower))
      } catch {
        return Outcome(problem: error.reason)
      }
      for (code, wanted) in missing {
        let series = fetched.rates[code] ?? [:]
        known[code, default: [:]].merge(series) { $1 }
        for year in wanted where year < today.year && cache != nil {
          cache?.store(code, year: year, series.filter { $0.key.year == year })
        }
      }
    }
    let fixings = ECBFixings(rates: known)
    var carried: Set<UTCDay> = []
    for code in fiat.sorted() {
      for day in past {
        guard let rate = fixings.rate(from: "EUR", to: code, on: day) else { continue }
        rates.euroRates[code.lowercased(), default: [:]][day.number] = rate.rate.decimal
        if rate.fixingDay != day { carried.insert(day) }
      }
    }
    return Outcome(carriedBack: carried.count)
  }
}
