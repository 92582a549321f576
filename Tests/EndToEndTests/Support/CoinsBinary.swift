import CoinsTestSupport
import Foundation

/// The built `coins` executable, run as a user would: a fresh HOME, its own cache and data
/// folders, UTC, a fixed width, and whatever the test adds to the environment.
struct CoinsBinary {
  /// What one run printed and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    var stdoutLines: [String] {
      stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  let home: TemporaryDirectory
  var environment: [String: String]

  /// A run setup with its own HOME; `baseURL` points it at a fake (or anywhere).
  init(baseURL: String?) throws {
    home = try TemporaryDirectory()
    environment = [
      "HOME": home.path,
      "XDG_CACHE_HOME": home.path + "/cache",
      "XDG_DATA_HOME": home.path + "/data",
      "PATH": "/usr/bin:/bin",
      "TZ": "UTC",
      "COLUMNS": "120",
    ]
    if let baseURL { environment["COINGECKO_BASE_URL"] = baseURL }
    // The other price sources are never asked on the internet: a refused port stands in
    // unless a test points them at its fakes.
    for variable in ["COINS_COINBASE_BASE_URL", "COINS_BINANCE_BASE_URL", "COINS_ECB_BASE_URL"] {
      environment[variable] = "http://127.0.0.1:9"
    }
  }

  /// The `coins` the tests run: the one `COINS_BINARY` names (`Tests/test-release.sh` points
  /// it at a plain `swift build -c release` binary, the one people install), else the
  /// executable next to the test bundle. A `COINS_BINARY` that names no executable stops the
  /// run rather than testing some other build.
  static let executableURL: URL = {
    if let named = ProcessInfo.processInfo.environment["COINS_BINARY"], !named.isEmpty {
      let url = URL(fileURLWithPath: named).standardizedFileURL
      precondition(
        FileManager.default.isExecutableFile(atPath: url.path),
        "COINS_BINARY=\(named) is not an executable")
      return url
    }
    return builtNextToTheTests
  }()

  /// The executable next to the test bundle.
  private static var builtNextToTheTests: URL {
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ].compactMap { $0 }
    for directory in candidates {
      let url = directory.appendingPathComponent("coins")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug/coins")
  }

  /// Runs `coins` with `arguments`, killing it after `timeout` seconds.
  func run(
    _ arguments: [String], extraEnvironment: [String: String] = [:], timeout: Double = 60,
    executable: URL = CoinsBinary.executableURL
  ) async throws -> Result {
    let outURL = home.file("stdout-\(UUID().uuidString)")
    let errURL = home.file("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let start = Date()
    let child = try ChildProcess(
      executable: executable, arguments: arguments,
      environment: environment.merging(extraEnvironment) { $1 }, stdout: out, stderr: err)
    let exit = await child.exit(killingAfter: timeout)
    let seconds = Date().timeIntervalSince(start)
    try out.close()
    try err.close()
    let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    try? FileManager.default.removeItem(at: outURL)
    try? FileManager.default.removeItem(at: errURL)
    return Result(status: exit.status, stdout: stdout, stderr: stderr, seconds: seconds)
  }

  func cleanUp() {
    home.remove()
  }
}

/// A port on 127.0.0.1 where nothing listens (connections are refused).
func refusedPortURL() -> String {
  "http://127.0.0.1:9/api/v3"
}

/// A `coins` process left running, its output going to files the test can read as it grows.
final class RunningCoins: Sendable {
  let child: ChildProcess
  let stdoutURL: URL
  let stderrURL: URL

  init(
    binary: CoinsBinary, arguments: [String], executable: URL = CoinsBinary.executableURL,
    input: Pipe? = nil
  ) throws {
    stdoutURL = binary.home.file("running-out-\(UUID().uuidString)")
    stderrURL = binary.home.file("running-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    child = try ChildProcess(
      executable: executable, arguments: arguments, environment: binary.environment,
      stdin: input, stdout: try FileHandle(forWritingTo: stdoutURL),
      stderr: try FileHandle(forWritingTo: stderrURL))
  }

  var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

  /// Complete lines of standard output so far.
  var lines: [String] {
    let text = stdout
    guard let end = text.lastIndex(of: "\n") else { return [] }
    return text[..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Waits until `condition` holds, the process exits or `timeout` passes (a generous bound:
  /// a loaded machine is slow, and a condition that holds ends the wait at once); returns
  /// whether it held. Checks every 50 ms without holding a thread.
  func wait(upTo timeout: Double = 60, until condition: () -> Bool) async throws -> Bool {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < .seconds(timeout) {
      if condition() { return true }
      if !child.isRunning { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    return condition()
  }

  /// Sends `signal` and waits for the exit; returns the status and how long the exit took, or
  /// `nil` (after a SIGKILL) when it did not exit within `timeout`.
  func stop(with signal: Int32, timeout: Double = 30) async -> (status: Int32, seconds: Double)? {
    let start = Date()
    child.send(signal)
    let exit = await child.exit(killingAfter: timeout)
    return exit.wasKilled ? nil : (exit.status, Date().timeIntervalSince(start))
  }
}
