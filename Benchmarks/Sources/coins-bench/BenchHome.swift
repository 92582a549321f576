import Foundation

/// A temporary home for the processes one part of the benchmark runs: environments that point
/// `coins` at one loopback server, with a new empty cache (cold) or a warm one kept fresh.
@MainActor
final class BenchHome {
  /// The loopback server cold runs ask.
  let baseURL: String
  /// A loopback URL nothing listens on, for the runs that must not make a request.
  let refusedURL: String
  /// The temporary folder: caches, data, trace and loader output.
  let folder: URL
  private var coldCount = 0
  private var warmedAt = -Double.infinity

  /// The warm cache is refilled when older than this: half the `--max-age` default (60 s), so
  /// a fresh-cache run never finds it stale however long a section takes.
  static let rewarmAfter = 30.0

  /// Creates the folder and finds a refused port.
  init(baseURL: String) throws {
    self.baseURL = baseURL
    refusedURL = try refusedBaseURL()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("coins-bench-home-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Removes the folder.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A path inside the folder.
  func path(_ name: String) -> String {
    folder.appendingPathComponent(name).path
  }

  private var warmCache: String { path("warm") }

  /// The environment of every process: no colour, 120 columns, this folder as home.
  func environment(cache: String, url: String) -> [String: String] {
    [
      "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_CACHE_HOME": cache,
      "XDG_DATA_HOME": path("data"), "COINGECKO_BASE_URL": url, "COLUMNS": "120",
      "LANG": "C.UTF-8", "NO_COLOR": "1",
    ]
  }

  /// The server's URL and the warm cache folder as it is: for curl, Python and the hellos.
  func plain() -> [String: String] {
    environment(cache: warmCache, url: baseURL)
  }

  /// A new, empty cache: the run must ask the server.
  func cold() -> [String: String] {
    coldCount += 1
    return environment(cache: path("cold-\(coldCount)"), url: baseURL)
  }

  /// The warm cache (the top 250 and bitcoin's price, fetched from the server at most
  /// ``rewarmAfter`` seconds ago) and the refused URL: a run that tried a request would fail
  /// and fall back, saying so on standard error, which the quiet rows check.
  func warm() throws -> [String: String] {
    if now() - warmedAt > Self.rewarmAfter {
      for arguments in [["top", "20"], ["price", "btc"]] {
        let errors = path("warm.stderr")
        let result = runChild([coinsPath] + arguments, environment: plain(), stderrPath: errors)
        guard result.status == 0, fileText(errors).isEmpty else {
          throw BenchError(
            "warming the cache: coins \(arguments) exited with \(result.status): "
              + fileText(errors))
        }
      }
      warmedAt = now()
    }
    return environment(cache: warmCache, url: refusedURL)
  }
}
