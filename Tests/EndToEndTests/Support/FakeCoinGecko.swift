import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback fake CoinGecko (`FakeCoinGecko/fake_coingecko.py`), started on an ephemeral
/// port for one test and stopped by `stop()`; it also ends by itself after `lifetime` seconds.
final class FakeCoinGecko: @unchecked Sendable {
  /// One request the fake received.
  struct LoggedRequest: Decodable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
  }

  let port: Int
  private let process: Process
  private let directory: TemporaryDirectory

  private init(port: Int, process: Process, directory: TemporaryDirectory) {
    self.port = port
    self.process = process
    self.directory = directory
  }

  static var scriptURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FakeCoinGecko/fake_coingecko.py")
  }

  /// Starts the fake, optionally in a failure mode for the next `count` data requests.
  static func start(
    mode: String? = nil, count: Int? = nil, params: [String: String] = [:], lifetime: Int = 120
  ) async throws -> FakeCoinGecko {
    let directory = try TemporaryDirectory()
    let portFile = directory.file("port")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = [
      "python3", Self.scriptURL.path, "--port", "0", "--port-file", portFile.path,
      "--lifetime", String(lifetime),
    ]
    if let mode { arguments += ["--mode", mode] }
    if let count { arguments += ["--count", String(count)] }
    for (key, value) in params.sorted(by: { $0.key < $1.key }) {
      arguments += ["--param", "\(key)=\(value)"]
    }
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(15)
    var found: Int?
    while Date() < deadline {
      if let text = try? String(contentsOf: portFile, encoding: .utf8),
        let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        found = value
        break
      }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    guard let found else {
      process.terminate()
      throw FakeError.didNotStart
    }
    return FakeCoinGecko(port: found, process: process, directory: directory)
  }

  enum FakeError: Error { case didNotStart, badAnswer }

  /// `http://127.0.0.1:<port>/api/v3`.
  var baseURL: String { "http://127.0.0.1:\(port)/api/v3" }

  /// Stops the server and removes its files.
  ///
  /// SIGKILL, because a child started by `Process` may inherit a signal mask that blocks
  /// SIGTERM; the fake keeps nothing worth a clean shutdown.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    directory.remove()
  }

  /// Every data request received so far.
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

  private func call(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = method
    request.httpBody = body
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
