import CoinsSupport
import Synchronization
import Testing

/// `LetGo.atExit`: the value is kept until the process ends, never freed.
@Suite struct LetGoTests {
  /// Whether a `Watched` was freed.
  final class Record: Sendable {
    let freed = Mutex(false)
  }

  /// Says when it is freed.
  final class Watched: Sendable {
    let record: Record

    init(record: Record) { self.record = record }

    deinit { record.freed.withLock { $0 = true } }
  }

  @Test func theValueIsNotFreedWhenTheLastReferenceGoes() {
    let record = Record()
    do {
      let watched = Watched(record: record)
      LetGo.atExit(consume watched)
    }
    // Freed by the call or when its scope ended, it would have said so by now: freeing is
    // synchronous in Swift.
    #expect(record.freed.withLock { $0 } == false)
  }

  @Test func aValueNotLetGoIsFreedWhenItsScopeEnds() {
    let record = Record()
    do {
      let watched = Watched(record: record)
      _ = watched
    }
    #expect(record.freed.withLock { $0 } == true)
  }
}
