import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a child process went: its wall time, exit status and peak resident memory.
struct ChildResult {
  var seconds: Double
  var status: Int32
  var peakBytes: Int
  /// `CLOCK_MONOTONIC` in nanoseconds right before `posix_spawn` and right after `wait4`.
  var started: Int64 = 0
  var reaped: Int64 = 0
}

/// Runs `arguments[0]` (an absolute path) with `environment`, output to /dev/null (or to
/// `stdoutPath` and `stderrPath`), and waits with `wait4` to get its resource usage.
func runChild(
  _ arguments: [String], environment: [String: String], stdoutPath: String = "/dev/null",
  stderrPath: String = "/dev/null"
) -> ChildResult {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let started = monotonicNanoseconds()
  let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
  guard spawned == 0 else { return ChildResult(seconds: .nan, status: -1, peakBytes: 0) }
  var status: Int32 = 0
  var usage = rusage()
  _ = wait4(pid, &status, 0, &usage)
  let reaped = monotonicNanoseconds()
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return ChildResult(
    seconds: Double(reaped - started) / 1e9, status: exitStatus, peakBytes: usage.ru_maxrss * 1024,
    started: started, reaped: reaped)
}

/// A loopback base URL nothing listens on (a port just bound and released): a command pointed
/// at it that tries a request fails at once, and falls back saying so on standard error.
func refusedBaseURL() throws -> String {
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard socket >= 0 else { throw BenchError("no socket for the refused URL") }
  defer { close(socket) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
    }
  }
  guard bound else { throw BenchError("cannot bind a loopback port for the refused URL") }
  return "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/api/v3"
}

/// The text of a file, or "" when it cannot be read.
func fileText(_ path: String) -> String {
  (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

/// Peak resident memory of a command, measured by GNU time (which forks from a small process,
/// so the figure is the command's own, not inherited from this benchmark's address space).
func peakResidentBytes(_ arguments: [String], environment: [String: String]) -> Int? {
  let output = FileManager.default.temporaryDirectory
    .appendingPathComponent("coins-bench-time-\(getpid())").path
  defer { try? FileManager.default.removeItem(atPath: output) }
  let result = runChild(
    ["/usr/bin/time", "-f", "%M", "-o", output] + arguments, environment: environment)
  guard result.status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8),
    let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  else { return nil }
  return kilobytes * 1024
}

/// A Python loopback server (the fake CoinGecko or the replay), for the benchmark's duration.
final class LoopbackServer {
  let process = Process()
  let port: Int
  let directory: URL

  init(script: String, arguments: [String]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-bench-server-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let portFile = directory.appendingPathComponent("port")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--port-file", portFile.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var found: Int?
    for _ in 0..<200 {
      if let text = try? String(contentsOf: portFile, encoding: .utf8),
        let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        found = value
        break
      }
      usleep(25_000)
    }
    guard let found else { throw BenchError("\(script) did not start") }
    port = found
  }

  /// Loopback only.
  var baseURL: String { "http://127.0.0.1:\(port)/api/v3" }

  func stop() {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
