import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic time in seconds.
func now() -> Double {
  Double(monotonicNanoseconds()) / 1e9
}

/// `CLOCK_MONOTONIC` in nanoseconds: the clock `coins` traces its steps with
/// (`COINS_STARTUP_TRACE`), so the two can be subtracted.
func monotonicNanoseconds() -> Int64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// The timings of one benchmark: every run after the warm-up, in seconds.
struct Sample {
  var name: String
  var seconds: [Double]
  /// Bytes processed per run, for a throughput column.
  var bytes: Int?

  var median: Double { percentile(0.5) }
  var minimum: Double { seconds.min() ?? .nan }
  var maximum: Double { seconds.max() ?? .nan }
  /// Median absolute deviation from the median: the spread, robust to the odd slow run.
  var spread: Double {
    let center = median
    return Sample(name: "", seconds: seconds.map { abs($0 - center) }).median
  }

  func percentile(_ fraction: Double) -> Double {
    let sorted = seconds.sorted()
    guard !sorted.isEmpty else { return .nan }
    let position = fraction * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }
}

/// Runs `body` `warmUp` times untimed, then `runs` times timed.
func measure(
  _ name: String, warmUp: Int = 3, runs: Int, bytes: Int? = nil, _ body: () throws -> Void
) rethrows -> Sample {
  for _ in 0..<warmUp { try body() }
  var seconds: [Double] = []
  seconds.reserveCapacity(runs)
  for _ in 0..<runs {
    let start = now()
    try body()
    seconds.append(now() - start)
  }
  return Sample(name: name, seconds: seconds, bytes: bytes)
}

/// Formats seconds with a unit that keeps three significant digits.
func duration(_ seconds: Double) -> String {
  if seconds >= 1 { return String(format: "%.2f s", seconds) }
  if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
  return String(format: "%.1f µs", seconds * 1e6)
}

/// Prints the results as a Markdown table.
func printTable(_ samples: [Sample]) {
  emit("| benchmark | median | ± MAD | min | max | runs | throughput |")
  emit("|---|---:|---:|---:|---:|---:|---:|")
  for sample in samples {
    let throughput =
      sample.bytes.map {
        String(format: "%.0f MB/s", Double($0) / sample.median / 1e6)
      } ?? ""
    emit(
      "| \(sample.name) | \(duration(sample.median)) | \(duration(sample.spread)) | "
        + "\(duration(sample.minimum)) | \(duration(sample.maximum)) | \(sample.seconds.count) | "
        + "\(throughput) |")
  }
}

/// Resident set size of this process in bytes, from `/proc/self/status`.
func residentBytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return 0
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return digits * 1024
  }
  return 0
}

/// Writes a line to standard output at once (no buffering: progress shows when piped too).
func emit(_ line: String = "") {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
