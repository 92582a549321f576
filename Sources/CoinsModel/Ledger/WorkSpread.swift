/// How the domain's independent pieces of work are run: one after another (``OneCore``), or
/// spread over the machine's cores (CoinsServices' `EveryCore`). The domain says which pieces
/// are independent and how heavy each is; the layer that runs it chooses, so the domain makes
/// no threads of its own.
public protocol WorkSpread: Sendable {
  /// `transform` of each of `items`, in their order. Items whose total `weight` is below
  /// `threshold` are not worth spreading.
  func map<Item: Sendable, Result>(
    _ items: [Item], weight: (Item) -> Int, threshold: Int,
    _ transform: @Sendable (Item) -> Result
  ) -> [Result]

  /// `transform` of contiguous runs of `0..<count`, in their order, together covering it: one
  /// run when `count` is below `threshold`. For work over the rows of something long, each run
  /// making its own part.
  func runs<Result>(
    of count: Int, threshold: Int, _ transform: @Sendable (Range<Int>) -> Result
  ) -> [Result]
}

/// Every piece in the calling thread, one after another: what the domain's tests and a small
/// portfolio need.
public struct OneCore: WorkSpread {
  /// Work done in the calling thread.
  public init() {}

  /// `transform` of each of `items`, in this thread.
  public func map<Item: Sendable, Result>(
    _ items: [Item], weight: (Item) -> Int, threshold: Int,
    _ transform: @Sendable (Item) -> Result
  ) -> [Result] {
    items.map(transform)
  }

  /// One run of all of `0..<count`, in this thread.
  public func runs<Result>(
    of count: Int, threshold: Int, _ transform: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    [transform(0..<count)]
  }
}
