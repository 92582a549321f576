import Foundation

/// `coins` running in a pseudo-terminal of its own tmux server: keys typed with `send-keys`,
/// the screen read with `capture-pane` — a person at a terminal, as a test drives one.
///
/// The command runs inside `sh`, which records `stty -g` before and after it and its exit
/// status, so a test can check the terminal was put back exactly as it was.
final class TmuxSession: Sendable {
  /// The tmux program (`.ci/run` installs Debian's `tmux` when missing).
  static let tmuxPath = "/usr/bin/tmux"

  private let socket = "coins-test-\(UUID().uuidString.prefix(8))"
  private let folder: URL

  /// Starts `arguments` of the built `coins` in a `columns`×`rows` terminal with `binary`'s
  /// environment (plus `TERM`).
  init(
    binary: CoinsBinary, arguments: [String], columns: Int = 100, rows: Int = 30
  ) async throws {
    folder = binary.home.url.appendingPathComponent("tmux-\(socket)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var environment = binary.environment
    environment["TERM"] = "xterm-256color"
    environment.removeValue(forKey: "COLUMNS")
    let exports = environment.sorted { $0.key < $1.key }
      .map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
    let coins = ([CoinsBinary.executableURL.path] + arguments).map(Self.quoted)
      .joined(separator: " ")
    let record = Self.quoted(folder.path)
    // `trap : INT` keeps the shell alive through Ctrl-C (a trapped signal is not inherited:
    // coins starts with the default).
    let script =
      "trap : INT; stty -g > \(record)/before; env -i \(exports) \(coins); echo $? > \(record)/status; "
      + "stty -g > \(record)/after; sleep 120"
    try await tmux([
      "new-session", "-d", "-x", String(columns), "-y", String(rows), "sh", "-c", script,
    ])
  }

  /// Types `keys` (tmux key names: `j`, `Enter`, `Escape`, `C-c`, `PageDown`, …).
  func send(_ keys: String...) async throws {
    try await tmux(["send-keys", "-t", "0"] + keys)
  }

  /// Types `text` literally, character by character.
  func type(_ text: String) async throws {
    try await tmux(["send-keys", "-t", "0", "-l", text])
  }

  /// The screen's lines now.
  func screen() async throws -> [String] {
    let text = try await tmux(["capture-pane", "-p", "-t", "0"])
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The pane's title, as the program in it set it (OSC 0 or 2) or tmux's default.
  func paneTitle() async throws -> String {
    try await tmux(["display-message", "-p", "-t", "0", "#{pane_title}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the terminal.
  func resize(columns: Int, rows: Int) async throws {
    try await tmux(["resize-window", "-t", "0", "-x", String(columns), "-y", String(rows)])
  }

  /// Waits (generously: a loaded machine is slow) until the screen satisfies `condition` and
  /// has settled — the same in two captures 50 ms apart, so that a frame caught half drawn
  /// (its top lines new, the rest not yet) is never the one returned; returns the screen it
  /// last saw and whether the condition held.
  @discardableResult
  func waitForScreen(timeout: Double = 30, _ condition: ([String]) -> Bool) async throws
    -> (lines: [String], held: Bool)
  {
    let deadline = Date().addingTimeInterval(timeout)
    var lines = try await screen()
    while true {
      if condition(lines) {
        try await Task.sleep(for: .milliseconds(50))
        let again = try await screen()
        if again == lines { return (lines, true) }
        lines = again
        if Date() >= deadline { return (lines, condition(lines)) }
        continue
      }
      guard Date() < deadline else { return (lines, false) }
      try await Task.sleep(for: .milliseconds(100))
      lines = try await screen()
    }
  }

  /// The exit status of `coins`, once it has exited (waiting up to `timeout`).
  func exitStatus(timeout: Double = 30) async throws -> Int32? {
    let file = folder.appendingPathComponent("status")
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n"),
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("after").path)
      {
        try await Task.sleep(for: .milliseconds(100))  // let `stty -g` finish its line
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    return nil
  }

  /// The terminal settings before `coins` started and after it ended.
  func terminalSettings() -> (before: String?, after: String?) {
    let read = { (name: String) in
      try? String(contentsOf: self.folder.appendingPathComponent(name), encoding: .utf8)
    }
    return (read("before"), read("after"))
  }

  /// The pid of the `coins` process in the pane.
  func coinsPID() async throws -> Int32? {
    let shell = try await tmux(["list-panes", "-t", "0", "-F", "#{pane_pid}"])
    guard let parent = Int32(shell.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      return nil
    }
    let children =
      (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8))
      ?? ""
    return children.split(separator: " ").compactMap { Int32($0) }.first { pid in
      let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
      return command.hasPrefix("env") || command.hasPrefix("coins")
    }
  }

  /// Stops the tmux server and everything in it.
  func stop() async {
    _ = try? await tmux(["kill-server"])
  }

  /// Runs tmux and returns what it printed. Spawned and reaped here (`posix_spawn`, `waitpid`
  /// polled without holding a thread): tmux's client forks the server and exits at once.
  @discardableResult
  private func tmux(_ arguments: [String]) async throws -> String {
    let output = folder.appendingPathComponent("out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = [Self.tmuxPath, "-L", socket] + arguments
    var pointers: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    var environment: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
    defer {
      for pointer in pointers + environment { free(pointer) }
    }
    var pid: pid_t = 0
    // tmux's server outlives this call and its panes inherit from it: start it with no signal
    // blocked and every signal at its default, not with the test runner's thread mask (a
    // server that cannot get SIGHUP survives `kill-server`, and so does what runs in it).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let spawned = posix_spawn(&pid, Self.tmuxPath, &actions, &attributes, &pointers, &environment)
    guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
    let deadline = Date().addingTimeInterval(30)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        break
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
