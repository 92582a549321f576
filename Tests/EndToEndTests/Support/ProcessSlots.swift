import Foundation
import Testing

/// The one limiter every end-to-end test goes through: at most `count` tests that start
/// processes (the fake CoinGecko, `coins`, `script`) run at once, so a parameterized matrix
/// cannot pile dozens of processes onto two cores.
///
/// Each slot owns one fake CoinGecko, started on first use and reset for every test that
/// leases it (``FakeCoinGecko/start(mode:count:params:)``), so the suite starts a handful of
/// fakes instead of one per test.
actor ProcessSlots {
  /// The suite's limiter: three slots per core (most of an end-to-end test waits on a deadline,
  /// a retry or a refresh rather than computing), or `COINS_TEST_PROCESS_SLOTS`.
  static let shared = ProcessSlots(count: slotCount(ProcessInfo.processInfo.environment))

  /// One slot: its number and the fake it owns once a test has asked for one.
  final class Slot: @unchecked Sendable {
    let number: Int
    /// Only the test holding the slot touches it.
    var fake: FakeCoinGecko?
    /// Whether the running test has leased ``fake`` already (a second fake is its own).
    var fakeIsLeased = false

    init(number: Int) {
      self.number = number
    }
  }

  /// The slot held by the running test, if any.
  @TaskLocal static var current: Slot?

  private var free: [Slot]
  private var waiting: [CheckedContinuation<Slot, Never>] = []

  init(count: Int) {
    free = (0..<max(1, count)).map(Slot.init(number:))
  }

  /// `COINS_TEST_PROCESS_SLOTS` when it is a positive number, else three per active core.
  static func slotCount(_ environment: [String: String]) -> Int {
    if let text = environment["COINS_TEST_PROCESS_SLOTS"], let value = Int(text), value > 0 {
      return value
    }
    return 3 * max(1, ProcessInfo.processInfo.activeProcessorCount)
  }

  /// Runs `body` holding a slot, which is `current` inside it.
  func run(_ body: @Sendable () async throws -> Void) async throws {
    let slot = await acquire()
    defer {
      slot.fakeIsLeased = false
      release(slot)
    }
    try await Self.$current.withValue(slot) { try await body() }
  }

  private func acquire() async -> Slot {
    if let slot = free.popLast() { return slot }
    return await withCheckedContinuation { waiting.append($0) }
  }

  private func release(_ slot: Slot) {
    if waiting.isEmpty {
      free.append(slot)
    } else {
      waiting.removeFirst().resume(returning: slot)
    }
  }
}

/// `@Suite(.spawnsProcesses)`: every test of the suite (each case of a parameterized test
/// apart) runs inside a slot of ``ProcessSlots/shared``.
struct SpawnsProcessesTrait: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await ProcessSlots.shared.run {
      let start = ContinuousClock.now
      defer {
        if let path = ProcessInfo.processInfo.environment["COINS_TEST_SLOT_LOG"] {
          let line = "\(ContinuousClock.now - start) \(test.name)\n"
          if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(line.utf8))
            try? handle.close()
          }
        }
      }
      try await function()
    }
  }
}

extension Trait where Self == SpawnsProcessesTrait {
  /// The test starts processes: it waits for a slot of the shared limiter.
  static var spawnsProcesses: Self { Self() }
}
