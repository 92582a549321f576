import CoinsTestSupport
import Foundation

/// The tests' CONNECT proxy (`FakeCoinGecko/connect_proxy.py`) on an ephemeral loopback port;
/// it logs every tunnel it opens.
final class ConnectProxy: Sendable {
  let port: Int
  private let child: ChildProcess
  private let directory: TemporaryDirectory

  private init(port: Int, child: ChildProcess, directory: TemporaryDirectory) {
    self.port = port
    self.child = child
    self.directory = directory
  }

  /// Starts a proxy and waits until it says its port.
  static func start() async throws -> ConnectProxy {
    let directory = try TemporaryDirectory()
    let script = FakeCoinGecko.scriptURL.deletingLastPathComponent()
      .appendingPathComponent("connect_proxy.py")
    let announcements = Pipe()
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["python3", script.path, "--log", directory.file("log").path],
      environment: nil, stdout: announcements)
    try? announcements.fileHandleForWriting.close()
    guard let port = await PortAnnouncement.read(from: announcements.fileHandleForReading) else {
      child.send(SIGKILL)
      directory.remove()
      throw FakeCoinGecko.FakeError.didNotStart("the CONNECT proxy exited before its port")
    }
    return ConnectProxy(port: port, child: child, directory: directory)
  }

  /// `http://127.0.0.1:<port>`, for `HTTPS_PROXY`.
  var url: String { "http://127.0.0.1:\(port)" }

  /// The tunnels opened so far, e.g. `CONNECT localhost:43211`.
  var connections: [String] {
    let text = (try? String(contentsOf: directory.file("log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// Stops the proxy and removes its files.
  func stop() {
    child.send(SIGKILL)
    directory.remove()
  }
}
