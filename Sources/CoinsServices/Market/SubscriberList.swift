/// The subscribers of a broadcast: one `AsyncStream` and continuation per subscriber, each
/// buffering only the newest element (latest state wins), removed when its stream ends.
///
/// Owned by an actor, which calls ``remove(_:)`` from the termination handler it passes in.
package struct SubscriberList<Element: Sendable>: Sendable {
  private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
  private var nextID = 0

  /// How many subscribers are listening.
  package var count: Int { continuations.count }

  /// Registers a subscriber and returns its stream, already holding `initial` when given.
  package mutating func add(
    initial: Element?, onTermination: @escaping @Sendable (Int) -> Void
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: .bufferingNewest(1))
    let id = nextID
    nextID += 1
    continuations[id] = continuation
    continuation.onTermination = { _ in onTermination(id) }
    if let initial { continuation.yield(initial) }
    return stream
  }

  /// Forgets a subscriber whose stream has ended.
  package mutating func remove(_ id: Int) {
    continuations.removeValue(forKey: id)
  }

  /// Sends an element to every subscriber.
  package func yield(_ element: Element) {
    for continuation in continuations.values { continuation.yield(element) }
  }

  /// Ends every subscriber's stream.
  package mutating func finishAll() {
    let ending = continuations.values
    continuations.removeAll()
    for continuation in ending { continuation.finish() }
  }

  /// Each member as given.
  package init() {
  }
}
