import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the user's `--exec` command for a fired alert: `/bin/sh -c COMMAND` with the alert's
/// facts in environment variables only — never spliced into the command text, so a hostile
/// coin name cannot inject anything.
///
/// The hook runs in a process group of its own with stdin from `/dev/null` and its stdout sent
/// to our stderr (a `--json` stream stays clean). One that is still running after ``timeout``
/// gets SIGTERM, its whole group SIGKILL ``graceAfterTerm`` later: nothing is left running.
package struct AlertHook: Sendable {
  /// How a hook run ended.
  package enum Outcome: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It ran past the timeout and was stopped.
    case timedOut
    /// It could not be started.
    case notStarted(String)

    /// Whether the hook did its job (exit status 0).
    package var succeeded: Bool { self == .exited(0) }
  }

  /// The shell command.
  package var command: String
  /// How long a hook may run.
  package var timeout: Duration = .seconds(10)
  /// How long after SIGTERM the group gets SIGKILL.
  package var graceAfterTerm: Duration = .seconds(2)

  /// A hook running `command`.
  package init(command: String) {
    self.command = command
  }

  /// The variables a hook gets for `alert`, by name.
  package static func variables(for alert: FiredAlert, message: String) -> [String: String] {
    let rule = alert.rule
    var symbol = ""
    var coin = "portfolio"
    if case .coin(let id, let coinSymbol, _) = rule.target {
      coin = id
      symbol = coinSymbol
    }
    return [
      "COINS_ALERT_ID": rule.id,
      "COINS_ALERT_COIN": Sanitizer.printable(coin),
      "COINS_ALERT_SYMBOL": Sanitizer.printable(symbol.uppercased()),
      "COINS_ALERT_RULE": rule.condition.kind,
      "COINS_ALERT_PRICE": JSONText.exact(alert.price ?? alert.value) ?? "",
      "COINS_ALERT_CURRENCY": rule.currency,
      "COINS_ALERT_MESSAGE": message,
    ]
  }

  /// Runs the hook with `environment` plus `variables` and waits for it (at most the timeout
  /// and the grace period).
  package func run(environment: [String: String], variables: [String: String]) async -> Outcome {
    let merged = environment.merging(variables) { _, new in new }
    let pid: pid_t
    switch spawn(environment: merged) {
    case .success(let started): pid = started
    case .failure(let reason): return .notStarted(reason.description)
    }
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
      if let outcome = reap(pid) { return outcome }
      try? await Task.sleep(for: .milliseconds(10))
    }
    // A busy machine may wake us late: a hook that ended in time is not called hung.
    if let outcome = reap(pid) { return outcome }
    killpg(pid, SIGTERM)
    let killAt = clock.now + graceAfterTerm
    while clock.now < killAt, reap(pid) == nil {
      try? await Task.sleep(for: .milliseconds(10))
    }
    // Whatever of the group is still there — the shell or what it started — goes now.
    killpg(pid, SIGKILL)
    while reap(pid) == nil, kill(pid, 0) == 0 {
      try? await Task.sleep(for: .milliseconds(10))
    }
    return .timedOut
  }

  private struct SpawnFailure: Error, CustomStringConvertible {
    var description: String
  }

  private func spawn(environment: [String: String]) -> Result<pid_t, SpawnFailure> {
    // Structs on Linux, pointers that `init` allocates on Darwin.
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var attributes = posix_spawnattr_t()
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    let arguments = ["/bin/sh", "-c", command]
    let environmentLines = environment.map { "\($0.key)=\($0.value)" }.sorted()
    var pid: pid_t = 0
    let status = withCStrings(arguments) { argv in
      withCStrings(environmentLines) { envp in
        posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
      }
    }
    guard status == 0 else {
      return .failure(SpawnFailure(description: String(cString: strerror(status))))
    }
    return .success(pid)
  }

  /// The outcome when `pid` has ended (and is reaped now), else `nil`.
  private func reap(_ pid: pid_t) -> Outcome? {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    guard result == pid else { return nil }
    let signal = status & 0x7f
    if signal == 0 { return .exited((status >> 8) & 0xff) }
    return .signalled(signal)
  }

  private func withCStrings<R>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
  }
}
