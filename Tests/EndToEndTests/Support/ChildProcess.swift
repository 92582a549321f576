import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn` and reaped by a thread of its own blocked in
/// `waitpid`, whose exit is awaited through a continuation — never by polling, so a waiting
/// test holds no thread of the cooperative pool.
///
/// Not Foundation's `Process`: on Linux it learns of an exit from the end of a socket pair whose
/// other end the child holds, and a child spawned at the same moment from another thread can
/// inherit that end too. When that second child lives long (a fake CoinGecko lives for the
/// whole suite) the first one's exit is never reported and its test waits for ever, however it
/// is killed: a CI run hung so, and a stress run (8 threads spawning `/bin/true` beside a thread
/// spawning `sleep`) lost 31 of 4,800 exits. Here the child gets only its standard input, output
/// and error (`posix_spawn_file_actions_addclosefrom_np`), and `waitpid` reports every exit.
final class ChildProcess: Sendable {
  /// How a process ended.
  struct Exit: Sendable {
    /// The exit status, or the signal's number when a signal ended it.
    var status: Int32
    /// Whether `exit(killingAfter:)` had to kill it.
    var wasKilled: Bool
  }

  /// Why a process could not be started.
  struct SpawnFailed: Error, CustomStringConvertible {
    var executable: String
    var code: Int32
    var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
  }

  /// The process's id.
  let pid: Int32
  private let exitEvent: OneShot<Int32>
  private let killedByTimeout = Mutex(false)

  /// Starts `executable` with `arguments` and `environment` (`nil`: the test's own), in a
  /// process group of its own; standard input, output and error are the `FileHandle`s or the
  /// `Pipe`s' ends the caller gives (the null device when `nil`).
  init(
    executable: URL, arguments: [String], environment: [String: String]?,
    stdin: Any? = nil, stdout: Any? = nil, stderr: Any? = nil
  ) throws {
    let descriptors = [
      Self.descriptor(stdin, reading: true) ?? Self.nullDevice,
      Self.descriptor(stdout, reading: false) ?? Self.nullDevice,
      Self.descriptor(stderr, reading: false) ?? Self.nullDevice,
    ]
    // Structs on Linux, pointers that `init` allocates on Darwin, where the spawn flag
    // POSIX_SPAWN_CLOEXEC_DEFAULT does what `addclosefrom` does here.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
      let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_CLOEXEC_DEFAULT
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
      let flags = POSIX_SPAWN_SETPGROUP
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in descriptors.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
    }
    #if !canImport(Darwin)
      guard let closeFrom = Self.closeFrom, closeFrom(&actions, 3) == 0 else {
        throw SpawnFailed(executable: executable.path, code: ENOSYS)
      }
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let path = executable.path
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp =
      (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
      + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard code == 0 else { throw SpawnFailed(executable: path, code: code) }
    self.pid = pid
    let event = OneShot<Int32>()
    exitEvent = event
    let spawned = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(spawned, &status, 0) == -1 && errno == EINTR {}
      let signal = status & 0x7f
      event.fulfil(signal == 0 ? (status >> 8) & 0xff : signal)
    }
  }

  /// The descriptor the child gets for a `FileHandle`, or for the end of a `Pipe` it uses.
  private static func descriptor(_ channel: Any?, reading: Bool) -> Int32? {
    switch channel {
    case let handle as FileHandle: handle.fileDescriptor
    case let pipe as Pipe:
      reading ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
    default: nil
    }
  }

  #if !canImport(Darwin)
    private typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare: the child closes every descriptor from the given one up
    /// as it starts, so nothing another thread opens meanwhile leaks into it.
    private static let closeFrom: CloseFrom? = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: CloseFrom.self) }
  #endif

  /// `/dev/null`, opened once for every child that is given no channel (close-on-exec: the
  /// children get it through `dup2` only).
  private static let nullDevice = open("/dev/null", O_RDWR | O_CLOEXEC)

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
