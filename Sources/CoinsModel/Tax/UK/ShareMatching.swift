#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// HMRC's share matching for one coin (TCGA 1992 ss. 104–106A; Cryptoassets Manual CRYPTO22200
/// onwards): all of the coin's acquisitions on one local day are one acquisition and all its
/// disposals one disposal; a disposal is matched first with the same day's acquisitions, then
/// with those of the 30 days after it (earliest first, earlier disposals first), and the rest
/// with the section 104 pool of everything acquired before at its average cost. Acquisitions
/// the first two rules match never enter the pool.
package enum ShareMatching {
  /// One local day's events of the coin, and how much of them is still unmatched.
  private struct Day {
    let day: Int
    var acquired = ExactDecimal.zero
    var acquiredCost: ExactDecimal? = .zero
    var acquiredLeft = ExactDecimal.zero
    var acquiredCostLeft: ExactDecimal? = .zero
    /// Whether an acquisition's cost was converted at today's rate.
    var acquiredAtTodaysRate = false
    var disposed = ExactDecimal.zero
    var disposedLeft = ExactDecimal.zero
    var proceeds: ExactDecimal? = .zero
    var fees: ExactDecimal? = .zero
    var removed = ExactDecimal.zero
    var saleIDs: [String] = []
    var saleProvenance: [FigureProvenance?] = []
    /// Whether a sale's proceeds or fee were converted at today's rate.
    var disposedAtTodaysRate = false
    var matches: [ShareMatch] = []

    init(day: Int) { self.day = day }

    /// Takes `part` of the day's unmatched acquisitions: their share of the cost (the part that
    /// uses them up costs what is left, so the parts add up to the day's cost).
    mutating func takeAcquired(_ part: ExactDecimal) -> ExactDecimal? {
      let cost: ExactDecimal? =
        part == acquiredLeft
        ? acquiredCostLeft : acquiredCost.map { ($0 * part).divided(by: acquired) ?? .zero }
      acquiredLeft -= part
      acquiredCostLeft = acquiredCostLeft.flatMap { left in cost.map { left - $0 } }
      return cost
    }
  }

  /// The coin's disposals, oldest first, its pool at the end of each tax year of `calendar`
  /// in which it had an event, and, by local day, the pool a disposal of that day took from as
  /// it stood then (the day's unmatched acquisitions in it). `events` are one coin's, in the
  /// order they count.
  package static func match(_ events: [TaxEvent], coin: String, calendar: TaxYearCalendar)
    -> (
      disposals: [UKDisposal], pools: [Int: Section104Pool],
      poolsAtDisposal: [Int: Section104Pool]
    )
  {
    var days = grouped(events)
    // 1. The same day.
    for index in days.indices where days[index].acquired > .zero && days[index].disposed > .zero {
      let matched = min(days[index].acquired, days[index].disposed)
      let cost = days[index].takeAcquired(matched)
      days[index].disposedLeft -= matched
      days[index].matches.append(
        ShareMatch(
          rule: .sameDay, amount: matched.decimal, cost: cost?.decimal,
          acquiredDay: days[index].day, atTodaysRate: days[index].acquiredAtTodaysRate))
    }
    // 2. The 30 days after, earliest first; earlier disposals first.
    for index in days.indices where days[index].disposedLeft > .zero {
      let last = days[index].day == Int.min ? Int.min : days[index].day + 30
      var later = index + 1
      while later < days.count, days[later].day <= last, days[index].disposedLeft > .zero {
        let matched = min(days[index].disposedLeft, days[later].acquiredLeft)
        if matched > .zero {
          let cost = days[later].takeAcquired(matched)
          days[index].disposedLeft -= matched
          days[index].matches.append(
            ShareMatch(
              rule: .thirtyDay, amount: matched.decimal, cost: cost?.decimal,
              acquiredDay: days[later].day, atTodaysRate: days[later].acquiredAtTodaysRate))
        }
        later += 1
      }
    }
    // 3. The section 104 pool, day by day.
    var pool = PoolArithmetic()
    var pools: [Int: Section104Pool] = [:]
    var poolsAtDisposal: [Int: Section104Pool] = [:]
    var disposals: [UKDisposal] = []
    for var day in days {
      pool.add(day.acquiredLeft, cost: day.acquiredCostLeft, atTodaysRate: day.acquiredAtTodaysRate)
      if day.disposedLeft > .zero {
        poolsAtDisposal[day.day] = pool.pool
        let poolAtTodaysRate = pool.atTodaysRate
        let (taken, cost) = pool.take(day.disposedLeft)
        if taken > .zero {
          day.matches.append(
            ShareMatch(
              rule: .section104, amount: taken.decimal, cost: cost?.decimal,
              atTodaysRate: poolAtTodaysRate))
        }
        let unmatched = day.disposedLeft - taken
        if unmatched > .zero {
          day.matches.append(ShareMatch(rule: .unmatched, amount: unmatched.decimal, cost: 0))
        }
      }
      _ = pool.take(day.removed)
      if day.disposed > .zero {
        disposals.append(
          UKDisposal(
            coin: coin, day: day.day, transactionIDs: day.saleIDs, amount: day.disposed.decimal,
            proceeds: day.proceeds?.decimal, fees: day.fees?.decimal, matches: day.matches,
            provenance: day.saleProvenance.contains { $0 != nil } ? day.saleProvenance : [],
            atTodaysRate: day.disposedAtTodaysRate || day.matches.contains(where: \.atTodaysRate)))
      }
      pools[calendar.year(ofDay: day.day)] = pool.pool
    }
    return (disposals, pools, poolsAtDisposal)
  }

  /// The events by local day, in order. The holding's order is by UTC day (and on one UTC
  /// day the order entered), so a local day's events need not be next to each other: they
  /// are sorted by local day first, keeping that order within a day.
  private static func grouped(_ events: [TaxEvent]) -> [Day] {
    var days: [Day] = []
    let ordered = events.indices.sorted { (events[$0].day, $0) < (events[$1].day, $1) }
    for event in ordered.lazy.map({ events[$0] }) {
      if days.last?.day != event.day { days.append(Day(day: event.day)) }
      let index = days.count - 1
      switch event.kind {
      case .acquisition:
        days[index].acquired += event.amount
        days[index].acquiredLeft += event.amount
        let cost = event.cost
        days[index].acquiredCost = days[index].acquiredCost.flatMap { a in cost.map { a + $0 } }
        days[index].acquiredCostLeft = days[index].acquiredCost
        if event.atTodaysRate { days[index].acquiredAtTodaysRate = true }
      case .disposal:
        days[index].disposed += event.amount
        days[index].disposedLeft += event.amount
        let (value, fee) = (event.value, event.fee)
        days[index].proceeds = days[index].proceeds.flatMap { p in value.map { p + $0 } }
        days[index].fees = days[index].fees.flatMap { f in fee.map { f + $0 } }
        days[index].saleIDs.append(event.transactionID)
        days[index].saleProvenance.append(event.provenance)
        if event.atTodaysRate { days[index].disposedAtTodaysRate = true }
      case .removal:
        days[index].removed += event.amount
      }
    }
    return days
  }
}
