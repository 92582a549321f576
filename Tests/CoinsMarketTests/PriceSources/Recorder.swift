import Synchronization

/// What a callback was handed, in order.
final class Recorder<Item: Sendable>: Sendable {
  private let recorded = Mutex<[Item]>([])

  func record(_ item: Item) { recorded.withLock { $0.append(item) } }

  var items: [Item] { recorded.withLock { $0 } }
}
