import Foundation

/// Times whole commands as processes against one loopback server: `coins top 20` cold (a new
/// empty cache each run) and from a fresh cache, `coins top 250`, curl as the floor, and the
/// Python pipelines when `python` is given; prints the tables, peak memory and the ratios.
@MainActor
func processBenchmarks(title: String, baseURL: String, python: String?) throws {
  let home = FileManager.default.temporaryDirectory
    .appendingPathComponent("coins-bench-home-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  defer { try? FileManager.default.removeItem(at: home) }
  func environment(cache: String) -> [String: String] {
    [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": cache,
      "XDG_DATA_HOME": home.path + "/data", "COINGECKO_BASE_URL": baseURL, "COLUMNS": "120",
      "LANG": "C.UTF-8", "NO_COLOR": "1",
    ]
  }
  var coldCount = 0
  func freshCache() -> [String: String] {
    coldCount += 1
    return environment(cache: home.appendingPathComponent("cold-\(coldCount)").path)
  }
  let warmCache = home.appendingPathComponent("warm").path
  func warm() -> [String: String] { environment(cache: warmCache) }
  _ = runChild([coinsPath, "top", "20"], environment: warm())

  /// Runs a command `processRuns` times after one warm-up run.
  func time(_ name: String, _ arguments: [String], prepare: () -> [String: String]) throws
    -> Sample
  {
    var seconds: [Double] = []
    for run in 0...processRuns {
      let result = runChild(arguments, environment: prepare())
      guard result.status == 0 else { throw BenchError("\(name) exited with \(result.status)") }
      if run > 0 { seconds.append(result.seconds) }
    }
    return Sample(name: name, seconds: seconds)
  }

  let url =
    baseURL
    + "/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=250&page=1&sparkline=true"
    + "&price_change_percentage=1h,24h,7d"
  let cold = try time("`coins top 20`, cold cache", [coinsPath, "top", "20"], prepare: freshCache)
  let fresh = try time("`coins top 20`, fresh cache", [coinsPath, "top", "20"], prepare: warm)
  var samples = [
    cold, fresh,
    try time("`coins top 250`, cold cache", [coinsPath, "top", "250"], prepare: freshCache),
    try time("`coins top 250`, fresh cache", [coinsPath, "top", "250"], prepare: warm),
    try time(
      "curl, the same top-250 answer (floor)", ["/usr/bin/curl", "-sf", "-o", "/dev/null", url],
      prepare: warm),
  ]
  var pipelines: [(String, Sample)] = []
  if let python {
    for (label, script) in [
      ("pycoingecko", "pycoingecko_top20.py"), ("coingecko-sdk", "sdk_top20.py"),
    ] {
      let path = root.appendingPathComponent("Benchmarks/python/\(script)").path
      let sample = try time(
        "Python \(label): top 250, print top 20", [python, path], prepare: warm)
      pipelines.append((label, sample))
      samples.append(sample)
    }
  }
  emit("\n## Whole processes \(title); \(processRuns) runs after 1 warm-up\n")
  printTable(samples)
  let floor = samples[4].median
  emit("")
  for (label, sample) in pipelines {
    emit(
      String(
        format:
          "ratio: %@ pipeline / `coins top 20` cold = %.1f× (server and transfer time (curl) subtracted from both: %.1f×)",
        label, sample.median / cold.median, (sample.median - floor) / max(cold.median - floor, 1e-6)
      ))
  }
  emit(
    String(
      format: "`coins top 20` from a fresh cache: %.1f ms (target ≤ 25 ms)", fresh.median * 1e3))
  emit("\n| process | peak RSS (GNU time) |")
  emit("|---|---:|")
  for (name, arguments, prepare) in [
    ("`coins top 250`, cold cache", [coinsPath, "top", "250"], freshCache),
    ("`coins top 250`, fresh cache", [coinsPath, "top", "250"], warm),
    ("`coins top 20`, cold cache", [coinsPath, "top", "20"], freshCache),
    ("`coins top 20`, fresh cache", [coinsPath, "top", "20"], warm),
  ] as [(String, [String], () -> [String: String])] {
    let peaks = (0..<3).compactMap { _ in peakResidentBytes(arguments, environment: prepare()) }
    emit(String(format: "| %@ | %.1f MB |", name, Double(peaks.max() ?? 0) / 1_048_576))
  }
  for (label, _) in pipelines {
    let script = label == "pycoingecko" ? "pycoingecko_top20.py" : "sdk_top20.py"
    let path = root.appendingPathComponent("Benchmarks/python/\(script)").path
    let peak = peakResidentBytes([python!, path], environment: warm()) ?? 0
    emit(String(format: "| Python %@ pipeline | %.1f MB |", label, Double(peak) / 1_048_576))
  }
}
