import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Work on a large portfolio spread over the machine's cores: a history of 100,000
/// transactions is read, and its ledgers worked out, in about half the time on two.
package enum Parallel {
  /// The cores this process may run on.
  package static let cores = ProcessInfo.processInfo.activeProcessorCount

  /// `transform` of each of `items`, in their order. With a total `weight` of at least
  /// `threshold`, the items are cut into contiguous runs of about equal weight — up to
  /// ``runsPerCore`` for each active core — which the cores take one after another as they
  /// finish, so a run that costs more than its weight said leaves no core idle for long; below
  /// it (or on one core), in this thread, one by one.
  package static func map<Item: Sendable, Result>(
    _ items: [Item], weight: (Item) -> Int, threshold: Int,
    _ transform: @Sendable (Item) -> Result
  ) -> [Result] {
    let weights = items.map(weight)
    let total = weights.reduce(0, +)
    guard min(Self.cores, items.count) > 1, total >= threshold else {
      return items.map(transform)
    }
    let pieces = min(Self.cores * runsPerCore, items.count)
    // Where each run starts: after about a `pieces`th of the weight.
    var starts = [0]
    var sum = 0
    for (index, weight) in weights.enumerated() where starts.count < pieces {
      if sum >= total * starts.count / pieces, index > starts[starts.count - 1] {
        starts.append(index)
      }
      sum += weight
    }
    starts.append(items.count)
    let runs = starts
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
      let slots = UnsafeSlots(base: buffer.baseAddress)
      DispatchQueue.concurrentPerform(iterations: runs.count - 1) { run in
        for index in runs[run]..<runs[run + 1] {
          slots.initialize(index, to: transform(items[index]))
        }
      }
      initialized = items.count
    }
  }
}

extension Parallel {
  /// How many runs ``map(_:weight:threshold:_:)`` cuts its items into for each core: the 50
  /// ledgers of a 100,000-transaction portfolio cost unevenly for their weight, and with one
  /// run per core the last ledgers were worked on one core while the other waited.
  static let runsPerCore = 4

  /// `transform` of the runs of `0..<count`, in their order: one run per core when `count` is
  /// at least `threshold`, each on a thread of its own; else one run, in this thread. For work
  /// over the rows of something long (a table, a history), each run making its own part.
  package static func runs<Result>(
    of count: Int, threshold: Int, _ transform: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let parts = count >= threshold ? max(1, min(cores, count)) : 1
    let runs = (0..<parts).map { count * $0 / parts..<count * ($0 + 1) / parts }
    return map(runs, weight: \.count, threshold: threshold, transform)
  }
}

/// The result array's memory, each slot initialized by one run only.
private struct UnsafeSlots<Value>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Value>?

  func initialize(_ index: Int, to value: Value) {
    base?.advanced(by: index).initialize(to: value)
  }
}
