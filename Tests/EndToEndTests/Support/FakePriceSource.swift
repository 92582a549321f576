import CoinsTestSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loopback fake of another price source (`FakeCoinGecko/fake_coinbase.py`,
/// `fake_binance.py`, `fake_ecb.py`), started for one test with its clock frozen at
/// 2026-11-29 12:00 UTC (so its daily opens are the same on every run) and stopped by
/// ``stop()``.
final class FakePriceSource: @unchecked Sendable {
  let port: Int
  private let child: ChildProcess
  private let directory: TemporaryDirectory

  private init(port: Int, child: ChildProcess, directory: TemporaryDirectory) {
    self.port = port
    self.child = child
    self.directory = directory
  }

  /// `fake_<name>.py` answering in `mode` (`ok`, `451`, …) with `params` (`unlisted=ETH`);
  /// with `count`, only the first `count` requests in `mode`, the rest "ok".
  static func start(
    _ name: String, mode: String = "ok", count: Int? = nil, params: [String: String] = [:]
  ) async throws -> FakePriceSource {
    let script = FakeCoinGecko.scriptURL.deletingLastPathComponent()
      .appendingPathComponent("fake_\(name).py")
    let directory = try TemporaryDirectory()
    let errorURL = directory.file("stderr")
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let announcements = Pipe()
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", script.path, "--port", "0", "--lifetime", "0", "--fixed-time",
        "2026-11-29T12:00:00Z", "--mode", mode,
      ] + (count.map { ["--count", String($0)] } ?? [])
        + params.sorted { $0.key < $1.key }.flatMap { ["--param", "\($0.key)=\($0.value)"] },
      environment: nil, stdout: announcements, stderr: try FileHandle(forWritingTo: errorURL))
    try? announcements.fileHandleForWriting.close()
    let killer = Task {
      try await Task.sleep(for: .seconds(FakeCoinGecko.startDeadline))
      child.send(SIGKILL)
    }
    defer { killer.cancel() }
    guard let port = await PortAnnouncement.read(from: announcements.fileHandleForReading) else {
      child.send(SIGKILL)
      _ = await child.exit()
      let stderr = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
      directory.remove()
      throw FakeCoinGecko.FakeError.didNotStart("fake_\(name).py: " + stderr)
    }
    return FakePriceSource(port: port, child: child, directory: directory)
  }

  /// `http://127.0.0.1:<port>`.
  var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The paths of the data requests it was sent, in order.
  func requestPaths() async throws -> [String] {
    try await requests().map(\.path)
  }

  /// The data requests it was sent, in order: each one's path and query.
  func requests() async throws -> [(path: String, query: [String: String])] {
    let url = URL(string: baseURL + "/__control/requests")!
    let data: Data = try await withCheckedThrowingContinuation { continuation in
      URLSession.shared.dataTask(with: url) { data, _, error in
        if let data {
          continuation.resume(returning: data)
        } else {
          continuation.resume(throwing: error ?? FakeCoinGecko.FakeError.badAnswer)
        }
      }.resume()
    }
    let log = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return log.compactMap { entry in
      guard let path = entry["path"] as? String else { return nil }
      return (path, entry["query"] as? [String: String] ?? [:])
    }
  }

  /// Kills the fake and removes its files.
  func stop() {
    child.send(SIGKILL)
    directory.remove()
  }
}
