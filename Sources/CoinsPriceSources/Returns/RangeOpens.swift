import CoinsModel

/// The daily opens a measurement of returns needs, from the price chain: for each coin, every
/// day of the range and the day after it (a day's end value is the next day's open), gaps
/// filled from the last earlier open for up to 7 days (``CarriedOpens``), each source used
/// named; what stays unknown is kept with each source's reason.
package struct RangeOpens: Sendable {
  /// Each coin's opens by UTC day number, gaps filled.
  package var opens: [String: [Int: ExactDecimal]] = [:]
  /// The days carried forward: coin, day and how many days back its open comes from.
  package var carried: [(coin: String, day: UTCDay, daysBack: Int)] = []
  /// Why each unknown day of each coin has no price, by coin and day.
  package var reasons: [String: [UTCDay: [SourceReason]]] = [:]
  /// The sources (and pairs) that priced some day: `coingecko`, `coinbase (BTC-USD)`.
  package var sources: Set<String> = []
  /// The days (UTC day numbers, in the range and the day after, from a coin's first day) each
  /// source priced, by the names of ``sources``.
  package var coverage: [String: Set<Int>] = [:]

  /// Asks `chain` for `coins` in `currency` over `days` (and the day after the last), a coin
  /// in `firstDays` only from that day on (its first transaction: no day before it is valued,
  /// so none is asked); each coin done is told to `progress`.
  package static func fetch(
    _ coins: [PricedCoin], in currency: String, days: ClosedRange<UTCDay>, chain: PriceChain,
    firstDays: [String: UTCDay] = [:], progress: FetchProgress? = nil
  ) async -> RangeOpens {
    var result = RangeOpens()
    progress?.start(total: coins.count)
    let last = days.upperBound.adding(days: 1)
    for coin in coins {
      let first = min(max(days.lowerBound, firstDays[coin.id] ?? days.lowerBound), last)
      // The week before too, for a first day to carry an open from.
      let asked = Set(
        (first.number - CarriedOpens.limit...last.number).map(UTCDay.init(number:)))
      let answers = await chain.prices(of: coin, in: currency, on: asked)
      progress?.itemDone()
      var known: [Int: ExactDecimal] = [:]
      known.reserveCapacity(answers.count)
      // The days run in the same source (and pair) for long: its name is made once a run.
      var named: (source: PriceSourceName, pair: String?, name: String)?
      for (day, pricing) in answers {
        guard let price = pricing.price else { continue }
        known[day.number] = price.price
        guard day >= first else { continue }
        let provenance = price.provenance
        if named?.source != provenance.source || named?.pair != provenance.pair {
          let pair = provenance.pair.map { " (\($0))" } ?? ""
          named = (provenance.source, provenance.pair, provenance.source.rawValue + pair)
          result.sources.insert(provenance.source.rawValue + pair)
        }
        let source = named?.name ?? ""
        result.coverage[source, default: []].insert(day.number)
        if price.provenance.carriedForwardDays > 0 {
          result.carried.append((coin.id, day, price.provenance.carriedForwardDays))
        }
      }
      let filled = CarriedOpens(known: known, days: days.lowerBound.number...last.number)
      result.opens[coin.id] = filled.opens
      for (day, back) in filled.carried.sorted(by: { $0.key < $1.key }) where day >= first.number {
        result.carried.append((coin.id, UTCDay(number: day), back))
      }
      for day in filled.unknown {
        let utcDay = UTCDay(number: day)
        if case .unknown(let why)? = answers[utcDay] {
          result.reasons[coin.id, default: [:]][utcDay] = why
        }
      }
    }
    result.carried.sort { ($0.coin, $0.day) < ($1.coin, $1.day) }
    return result
  }
}
