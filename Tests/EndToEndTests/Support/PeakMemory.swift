import Foundation

/// Runs `coins` and reports its peak resident memory exactly, however short the run: the
/// command runs under a small Python parent that reads the child's `ru_maxrss` once it has
/// exited (sampling `/proc` misses a process that ends within a few milliseconds).
enum PeakMemory {
  /// What a run printed, how it ended, and its peak resident set in bytes.
  struct Measured {
    var result: CoinsBinary.Result
    var peakBytes: Int
  }

  private static let wrapper = """
    import resource, subprocess, sys
    status = subprocess.run(sys.argv[1:]).returncode
    sys.stderr.write("coins-peak-rss-kb=%d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    sys.exit(status if status >= 0 else 128 - status)
    """

  /// Runs `coins arguments` for `coins`' environment and measures it.
  static func run(_ coins: CoinsBinary, _ arguments: [String]) async throws -> Measured {
    var result = try await coins.run(
      ["python3", "-c", wrapper, CoinsBinary.executableURL.path] + arguments, timeout: 120,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    var lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    let marker = "coins-peak-rss-kb="
    guard let last = lines.last, last.hasPrefix(marker),
      let kilobytes = Int(last.dropFirst(marker.count))
    else { return Measured(result: result, peakBytes: 0) }
    lines.removeLast()
    result.stderr = lines.map { $0 + "\n" }.joined()
    return Measured(result: result, peakBytes: kilobytes * 1024)
  }
}
