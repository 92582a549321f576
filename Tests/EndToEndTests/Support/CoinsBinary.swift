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
  }

  /// The executable next to the test bundle.
  static var executableURL: URL {
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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    let outURL = home.file("stdout-\(UUID().uuidString)")
    let errURL = home.file("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    while process.isRunning && Date().timeIntervalSince(start) < timeout {
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      while process.isRunning { try await Task.sleep(nanoseconds: 10_000_000) }
    }
    try out.close()
    try err.close()
    let seconds = Date().timeIntervalSince(start)
    let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
    let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    try? FileManager.default.removeItem(at: outURL)
    try? FileManager.default.removeItem(at: errURL)
    return Result(
      status: process.terminationStatus, stdout: stdout, stderr: stderr, seconds: seconds)
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
final class RunningCoins: @unchecked Sendable {
  let process: Process
  let stdoutURL: URL
  let stderrURL: URL

  init(
    binary: CoinsBinary, arguments: [String], executable: URL = CoinsBinary.executableURL,
    input: Pipe? = nil
  ) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = binary.environment
    stdoutURL = binary.home.file("running-out-\(UUID().uuidString)")
    stderrURL = binary.home.file("running-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
  }

  var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

  /// Complete lines of standard output so far.
  var lines: [String] {
    let text = stdout
    guard let end = text.lastIndex(of: "\n") else { return [] }
    return text[..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Waits until `condition` holds or `timeout` passes; returns whether it held.
  func wait(upTo timeout: Double, until condition: () -> Bool) async throws -> Bool {
    let start = Date()
    while Date().timeIntervalSince(start) < timeout {
      if condition() { return true }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    return condition()
  }

  /// Sends `signal` and waits for the exit; returns the status and how long the exit took, or
  /// `nil` (after a SIGKILL) when it did not exit within `timeout`.
  func stop(with signal: Int32, timeout: Double = 5) async throws -> (
    status: Int32, seconds: Double
  )? {
    let start = Date()
    kill(process.processIdentifier, signal)
    let exited = try await wait(upTo: timeout) { !process.isRunning }
    guard exited else {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    return (process.terminationStatus, Date().timeIntervalSince(start))
  }
}
