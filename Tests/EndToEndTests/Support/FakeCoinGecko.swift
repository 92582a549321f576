import CoinsTestSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback fake CoinGecko (`FakeCoinGecko/fake_coingecko.py`) on an ephemeral port.
///
/// Inside a test that holds a ``ProcessSlots`` slot, ``start(mode:count:params:)`` leases the
/// slot's fake — started once, then reset (empty request log, mode `ok`) for each test — and
/// ``stop()`` hands it back. Elsewhere it starts a fake of its own, stopped by ``stop()``.
final class FakeCoinGecko: @unchecked Sendable {
  /// One request the fake received.
  struct LoggedRequest: Decodable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
  }

  enum FakeError: Error, CustomStringConvertible {
    /// The fake exited, or did not say its port within the deadline; with what it printed.
    case didNotStart(String)
    case badAnswer

    var description: String {
      switch self {
      case .didNotStart(let stderr): "the fake CoinGecko did not start: \(stderr)"
      case .badAnswer: "the fake CoinGecko's control API gave a bad answer"
      }
    }
  }

  let port: Int
  private let child: ChildProcess
  private let directory: TemporaryDirectory
  private let isLeased: Bool

  private init(port: Int, child: ChildProcess, directory: TemporaryDirectory, isLeased: Bool) {
    self.port = port
    self.child = child
    self.directory = directory
    self.isLeased = isLeased
  }

  static var scriptURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FakeCoinGecko/fake_coingecko.py")
  }

  /// How long a fake may take to say its port, counted from its start: generous, because a
  /// loaded two-core machine can take seconds to start Python.
  static let startDeadline: Double = 60

  /// A fake answering normally, or in `mode` (for the next `count` data requests, when given).
  static func start(
    mode: String? = nil, count: Int? = nil, params: [String: String] = [:]
  ) async throws -> FakeCoinGecko {
    let fake: FakeCoinGecko
    if let slot = ProcessSlots.current, !slot.fakeIsLeased {
      if let running = slot.fake, running.child.isRunning {
        fake = running
      } else {
        fake = try await launch(leased: true)
        slot.fake = fake
      }
      slot.fakeIsLeased = true
      try await fake.reset()
    } else {
      fake = try await launch(leased: false)
    }
    if let mode { try await fake.setMode(mode, count: count, params: params) }
    return fake
  }

  /// A fake of the test's own serving HTTPS with `certificate` and `key` (PEM files), in
  /// `mode` from the start (the control endpoints speak HTTPS too, so the mode cannot change).
  static func startTLS(certificate: String, key: String, mode: String = "ok") async throws
    -> FakeCoinGecko
  {
    try await launch(
      leased: false, extraArguments: ["--tls-cert", certificate, "--tls-key", key, "--mode", mode])
  }

  /// Starts a fake process and waits until it says its port or exits.
  private static func launch(leased: Bool, extraArguments: [String] = []) async throws
    -> FakeCoinGecko
  {
    let directory = try TemporaryDirectory()
    let errorURL = directory.file("stderr")
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let announcements = Pipe()
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["python3", scriptURL.path, "--port", "0", "--lifetime", "0"] + extraArguments,
      environment: nil, stdout: announcements,
      stderr: try FileHandle(forWritingTo: errorURL))
    try? announcements.fileHandleForWriting.close()
    let killer = Task {
      try await Task.sleep(for: .seconds(startDeadline))
      child.send(SIGKILL)
    }
    defer { killer.cancel() }
    guard let port = await PortAnnouncement.read(from: announcements.fileHandleForReading) else {
      child.send(SIGKILL)
      _ = await child.exit()
      let stderr = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
      directory.remove()
      throw FakeError.didNotStart(stderr)
    }
    return FakeCoinGecko(port: port, child: child, directory: directory, isLeased: leased)
  }

  /// `http://127.0.0.1:<port>/api/v3`.
  var baseURL: String { "http://127.0.0.1:\(port)/api/v3" }

  /// `https://localhost:<port>/api/v3`, for a fake started with ``startTLS(certificate:key:mode:)``.
  var tlsBaseURL: String { "https://localhost:\(port)/api/v3" }

  /// Ends the test's use of the fake: a leased fake goes back to its slot (the next test resets
  /// it); a fake of the test's own is killed and its files removed.
  ///
  /// SIGKILL, because a child started by `Process` may inherit a signal mask that blocks
  /// SIGTERM; the fake keeps nothing worth a clean shutdown (and dies with the test process).
  func stop() {
    guard !isLeased else { return }
    child.send(SIGKILL)
    directory.remove()
  }

  /// Every data request received since the test started.
  func requests() async throws -> [LoggedRequest] {
    let data = try await call("GET", "/__control/requests")
    return try JSONDecoder().decode([LoggedRequest].self, from: data)
  }

  /// The data requests to `/coins/markets` received so far.
  func marketRequests() async throws -> [LoggedRequest] {
    try await requests().filter { $0.path.hasSuffix("/coins/markets") }
  }

  /// Switches the failure mode (for the next `count` data requests, when given).
  func setMode(_ mode: String, count: Int? = nil, params: [String: String] = [:]) async throws {
    var body: [String: Any] = ["mode": mode]
    if let count { body["count"] = count }
    for (key, value) in params { body[key] = Double(value) ?? value }
    _ = try await call(
      "POST", "/__control/mode", body: JSONSerialization.data(withJSONObject: body))
  }

  /// Freezes the fake's "now" at an ISO 8601 time (so its histories are the same on every
  /// run), or lets it run again with `nil`; ``reset()`` lets it run again too.
  func setTime(_ time: String?) async throws {
    let body: [String: Any] = ["time": time ?? NSNull()]
    _ = try await call(
      "POST", "/__control/time", body: JSONSerialization.data(withJSONObject: body))
  }

  /// Empties the request log and goes back to answering normally.
  func reset() async throws {
    _ = try await call("POST", "/__control/reset")
  }

  private func call(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 60
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    return try await withCheckedThrowingContinuation { continuation in
      URLSession.shared.dataTask(with: request) { data, response, error in
        if let error {
          continuation.resume(throwing: error)
        } else if let data, (response as? HTTPURLResponse)?.statusCode == 200 {
          continuation.resume(returning: data)
        } else {
          continuation.resume(throwing: FakeError.badAnswer)
        }
      }.resume()
    }
  }
}

/// Reads the fake's `PORT <n>` line on a thread of its own (never on the cooperative pool),
/// then drains the pipe until the fake exits, so its later prints never block it.
enum PortAnnouncement {
  /// The announced port, or `nil` when the pipe closed (the fake exited) first.
  static func read(from handle: FileHandle) async -> Int? {
    let announced = OneShot<Int?>()
    let reader = Thread {
      var line = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        guard !announced.isFulfilled else { continue }
        line.append(chunk)
        if let newline = line.firstIndex(of: UInt8(ascii: "\n")) {
          let text = String(decoding: line[..<newline], as: UTF8.self)
          announced.fulfil(text.hasPrefix("PORT ") ? Int(text.dropFirst(5)) : nil)
        }
      }
      announced.fulfil(nil)
      try? handle.close()
    }
    reader.start()
    return await announced.value
  }
}
