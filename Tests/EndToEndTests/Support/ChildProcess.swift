import Foundation
import Synchronization

/// A child process whose exit is awaited through `terminationHandler` and a continuation —
/// never by polling `isRunning`, `waitUntilExit` or a blocking read, so a waiting test holds no
/// thread of the cooperative pool.
final class ChildProcess: Sendable {
  /// How a process ended.
  struct Exit: Sendable {
    /// The exit status, or the signal's number when a signal ended it.
    var status: Int32
    /// Whether `exit(killingAfter:)` had to kill it.
    var wasKilled: Bool
  }

  /// The process's id.
  let pid: Int32
  /// Kept so that Foundation keeps watching it until the exit is reported.
  private let process: Process
  private let exitEvent: OneShot<Int32>
  private let killedByTimeout = Mutex(false)

  /// Starts `executable` with `arguments` and `environment` (`nil`: the test's own); standard
  /// input, output and error go where the caller says (the null device when `nil`).
  init(
    executable: URL, arguments: [String], environment: [String: String]?,
    stdin: Any? = nil, stdout: Any? = nil, stderr: Any? = nil
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = stdin ?? FileHandle.nullDevice
    process.standardOutput = stdout ?? FileHandle.nullDevice
    process.standardError = stderr ?? FileHandle.nullDevice
    let event = OneShot<Int32>()
    process.terminationHandler = { event.fulfil($0.terminationStatus) }
    try process.run()
    self.process = process
    pid = process.processIdentifier
    exitEvent = event
  }

  /// Whether the process has not exited yet.
  var isRunning: Bool { !exitEvent.isFulfilled }

  /// Sends `signal` to the process (nothing once it has exited).
  func send(_ signal: Int32) {
    if isRunning { kill(pid, signal) }
  }

  /// Waits for the exit; after `timeout` seconds the process is killed (SIGKILL) and the wait
  /// goes on until the kernel reports it gone.
  func exit(killingAfter timeout: Double) async -> Exit {
    let killer = Task {
      try await Task.sleep(for: .seconds(timeout))
      self.killedByTimeout.withLock { $0 = true }
      kill(self.pid, SIGKILL)
    }
    let status = await exitEvent.value
    killer.cancel()
    return Exit(status: status, wasKilled: killedByTimeout.withLock { $0 })
  }

  /// Waits for the exit, however long it takes (the caller has made sure it comes).
  func exit() async -> Int32 {
    await exitEvent.value
  }
}

/// A value that arrives once; every waiter, earlier or later, gets it.
final class OneShot<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiters: [CheckedContinuation<Value, Never>] = []
  }
  private let state = Mutex(State())

  /// Whether the value has arrived.
  var isFulfilled: Bool { state.withLock { $0.value != nil } }

  /// Delivers `value` to every waiter; later calls are ignored.
  func fulfil(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value, once it has arrived.
  var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        let now = state.withLock { state -> Value? in
          if let value = state.value { return value }
          state.waiters.append(continuation)
          return nil
        }
        if let now { continuation.resume(returning: now) }
      }
    }
  }
}
