#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension HistoryListing {
  /// A part of the listing: the transactions of a run of whole days, which come after those of
  /// the parts before it and before those of the parts after it, so parts listed on different
  /// cores and written one after another give the listing.
  public struct Part: Sendable {
    /// For each of the listing's runs, its steps in the part.
    let ranges: [Range<Int>]
    /// How many transactions the part has before the wallet is chosen.
    public let count: Int
  }

  /// The listing in about `wanted` parts of about equal length, cut between days (a day's
  /// transactions are never cut apart); one part when `wanted` is 1 or less. No part is
  /// empty, and an empty listing has one part.
  public func parts(_ wanted: Int) -> [Part] {
    var cuts = [runs.map(\.steps.lowerBound)]
    for part in 1..<max(1, wanted) {
      let cut = cutBefore(firstDayOfTransaction: count * part / wanted)
      if cut != cuts[cuts.count - 1] { cuts.append(cut) }
    }
    let end = runs.map(\.steps.upperBound)
    if end != cuts[cuts.count - 1] || cuts.count == 1 { cuts.append(end) }
    return zip(cuts, cuts.dropFirst()).map { from, to in
      let ranges = zip(from, to).map { $0..<$1 }
      return Part(ranges: ranges, count: ranges.reduce(0) { $0 + $1.count })
    }
  }

  /// Where each run's steps of days before the day of the listing's `position`th transaction
  /// end (for `position` 0, where the runs start).
  private func cutBefore(firstDayOfTransaction position: Int) -> [Int] {
    // The least day with at least `position` transactions before it (or the last day), searched
    // between the first and the last as unsigned numbers in the same order (undated ones are on
    // Int.min).
    func key(_ day: Int) -> UInt64 { UInt64(bitPattern: Int64(day)) ^ (1 << 63) }
    func day(_ key: UInt64) -> Int { Int(Int64(bitPattern: key ^ (1 << 63))) }
    let listed = runs.filter { !$0.steps.isEmpty }
    guard let first = listed.map({ steps[$0.steps.lowerBound].day }).min(),
      let last = listed.map({ steps[$0.steps.upperBound - 1].day }).max()
    else { return runs.map(\.steps.lowerBound) }
    var (low, high) = (key(first), key(last))
    while low < high {
      let middle = low + (high - low) / 2
      if before(day: day(middle)).reduce(0, +) >= position {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return zip(before(day: day(low)), runs).map { $0 + $1.steps.lowerBound }
  }

  /// How many of each run's steps fall on days before `day`.
  private func before(day: Int) -> [Int] {
    runs.map { run in
      var (low, high) = (run.steps.lowerBound, run.steps.upperBound)
      while low < high {
        let middle = (low + high) / 2
        if steps[middle].day < day { low = middle + 1 } else { high = middle }
      }
      return low - run.steps.lowerBound
    }
  }

  /// `body` of each transaction of `part` in the listing's order, with its coin's id and, for a
  /// sale, its gain; each read where it is (not copied).
  public func forEach(
    in part: Part,
    _ body: (_ coin: String, _ transaction: Transaction, _ realized: RealizedGain?) -> Void
  ) {
    // The runs with steps left, as a heap of what their next steps are ordered by (and where
    // they are): the one that comes first on top.
    var heap: [(day: Int, order: Int, run: Int, position: Int)] = part.ranges.indices
      .compactMap { run in
        let position = part.ranges[run].lowerBound
        guard !part.ranges[run].isEmpty else { return nil }
        return (steps[position].day, steps[position].order, run, position)
      }
    func precedes(_ left: Int, _ right: Int) -> Bool {
      (heap[left].day, heap[left].order, heap[left].run)
        < (heap[right].day, heap[right].order, heap[right].run)
    }
    func siftDown(_ start: Int) {
      var parent = start
      while true {
        var least = parent
        let (left, right) = (2 * parent + 1, 2 * parent + 2)
        if left < heap.count, precedes(left, least) { least = left }
        if right < heap.count, precedes(right, least) { least = right }
        if least == parent { return }
        heap.swapAt(parent, least)
        parent = least
      }
    }
    for start in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(start) }
    while let first = heap.first {
      let step = steps[first.position]
      let holding = runs[first.run].holding
      portfolio.holdings[holding].transactions.withUnsafeBufferPointer { transactions in
        let index = Int(step.index)
        guard wallet == nil || transactions[index].wallet == wallet else { return }
        body(
          portfolio.holdings[holding].id, transactions[index],
          step.sale < 0
            ? nil : runs[first.run].gains[transactions[index].priceCurrency]?[Int(step.sale)])
      }
      let position = first.position + 1
      if position == part.ranges[first.run].upperBound {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
      } else {
        heap[0] = (steps[position].day, steps[position].order, first.run, position)
      }
      siftDown(0)
    }
  }

  /// The listing's transactions as entries, made in one pass: each part's made on a core of
  /// its own would have to be copied into one array after (every transaction's strings retained
  /// once more), which cost `history --csv` more than it saved.
  public var entries: [HistoryEntry] {
    var entries: [HistoryEntry] = []
    entries.reserveCapacity(count)
    for part in parts(1) {
      forEach(in: part) { coin, transaction, realized in
        entries.append(HistoryEntry(coin: coin, transaction: transaction, realized: realized))
      }
    }
    return entries
  }

  /// How many parts a long listing is cut into to be spread over the cores: a few for each,
  /// so a core that finishes first takes another.
  public static let partsToSpread = 16
}
