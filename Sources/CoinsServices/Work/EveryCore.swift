import CoinsModel
import CoinsSupport

/// The domain's independent work spread over the machine's cores (``Parallel``): a history of
/// 100,000 transactions has its ledgers and figures worked out in about half the time on two.
/// What the commands and services hand the domain; its tests use `OneCore`.
public struct EveryCore: WorkSpread {
  /// Work spread over every active core.
  public init() {}

  /// `transform` of each of `items`, in their order: on every core when their total `weight`
  /// reaches `threshold` (``Parallel/map(_:weight:threshold:_:)``).
  public func map<Item: Sendable, Result>(
    _ items: [Item], weight: (Item) -> Int, threshold: Int,
    _ transform: @Sendable (Item) -> Result
  ) -> [Result] {
    Parallel.map(items, weight: weight, threshold: threshold, transform)
  }

  /// `transform` of the runs of `0..<count`, one per core from `threshold` on
  /// (``Parallel/runs(of:threshold:_:)``).
  public func runs<Result>(
    of count: Int, threshold: Int, _ transform: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    Parallel.runs(of: count, threshold: threshold, transform)
  }
}
