import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a child process went: its wall time, exit status and peak resident memory.
struct ChildResult {
  var seconds: Double
  var status: Int32
  var peakBytes: Int
}

/// Runs `arguments[0]` (an absolute path) with `environment`, output to /dev/null (or to
/// `stdoutPath`), and waits with `wait4` to get its resource usage.
func runChild(
  _ arguments: [String], environment: [String: String], stdoutPath: String = "/dev/null"
) -> ChildResult {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let start = now()
  let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
  guard spawned == 0 else { return ChildResult(seconds: .nan, status: -1, peakBytes: 0) }
  var status: Int32 = 0
  var usage = rusage()
  _ = wait4(pid, &status, 0, &usage)
  let seconds = now() - start
  let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return ChildResult(seconds: seconds, status: exitStatus, peakBytes: usage.ru_maxrss * 1024)
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
