import Foundation

/// The rows of a process section, by name (`readme_table.py` reads them by these names).
enum Row {
  static let coldTop20 = "`coins top 20`, cold cache"
  static let freshTop20 = "`coins top 20`, fresh cache"
  static let freshPrice = "`coins price btc`, fresh price cache"
  static let coldTop250 = "`coins top 250`, cold cache"
  static let freshTop250 = "`coins top 250`, fresh cache"
  static let helloBare = "hello-bare (imports nothing)"
  static let helloEssentials = "hello-essentials (FoundationEssentials)"
  static let helloFoundation = "hello-foundation (Foundation)"
  static let helloEssentialsStatic = "hello-essentials, runtime linked in as in coins"
  static let curl = "curl, the same top-250 answer (floor)"

  /// A Python pipeline's row.
  static func python(_ label: String) -> String { "Python \(label): top 250, print top 20" }
}

/// The Python pipelines: their labels and scripts (`Benchmarks/python/`).
let pythonPipelines = [("pycoingecko", "pycoingecko_top20.py"), ("coingecko-sdk", "sdk_top20.py")]

/// The hello floors: row name and product (built next to `coins-bench` by `Benchmarks/run.sh`).
let helloFloors = [
  (Row.helloBare, "hello-bare"), (Row.helloEssentials, "hello-essentials"),
  (Row.helloFoundation, "hello-foundation"),
  (Row.helloEssentialsStatic, "hello-essentials-static"),
]

/// The path of a hello floor's binary: next to this benchmark's.
@MainActor
func helloPath(_ product: String) -> String {
  executableFolder.appendingPathComponent(product).path
}

/// What one process section measured: each row's timings and peak memory (bytes), by name.
struct SectionResult {
  var samples: [String: Sample] = [:]
  var peaks: [String: Int] = [:]
}

/// One command a section times.
struct TimedCommand {
  var name: String
  var arguments: [String]
  /// The environment of one run (a cold row makes a new empty cache each time).
  var prepare: () throws -> [String: String]
  /// Whether standard error must stay empty: `coins` says there why it fell back (a request
  /// that failed), so a cold run that got no answer or a fresh-cache run that tried a request
  /// stops the benchmark instead of timing the wrong thing.
  var mustBeQuiet = true
}

/// Times `commands` round-robin — one run of each in turn, `processRuns` + 1 rounds, the first
/// a warm-up — so every row meets the same load on a shared machine.
@MainActor
func timeInterleaved(_ commands: [TimedCommand], home: BenchHome) throws -> [Sample] {
  var seconds = [[Double]](repeating: [], count: commands.count)
  let errors = home.path("stderr")
  for round in 0...processRuns {
    for (index, command) in commands.enumerated() {
      let result = runChild(
        command.arguments, environment: try command.prepare(),
        stderrPath: command.mustBeQuiet ? errors : "/dev/null")
      guard result.status == 0 else {
        throw BenchError("\(command.name) exited with \(result.status): \(fileText(errors))")
      }
      if command.mustBeQuiet, !fileText(errors).isEmpty {
        throw BenchError("\(command.name) wrote to standard error: \(fileText(errors))")
      }
      if round > 0 { seconds[index].append(result.seconds) }
    }
  }
  return zip(commands, seconds).map { Sample(name: $0.name, seconds: $1) }
}

/// Times whole commands as processes against one loopback server: `coins top 20` cold (a new
/// empty cache each run) and from a fresh cache, `coins price btc` from a fresh price cache,
/// `coins top 250`, the hello floors, curl, and the Python pipelines when `python` is given;
/// prints the table, the ratios and peak memory.
@MainActor
func processBenchmarks(title: String, baseURL: String, python: String?) throws -> SectionResult {
  let home = try BenchHome(baseURL: baseURL)
  defer { home.remove() }
  let url =
    baseURL
    + "/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=250&page=1&sparkline=true"
    + "&price_change_percentage=1h,24h,7d"
  let coins =
    [
      (Row.coldTop20, ["top", "20"], home.cold), (Row.freshTop20, ["top", "20"], home.warm),
      (Row.freshPrice, ["price", "btc"], home.warm), (Row.coldTop250, ["top", "250"], home.cold),
      (Row.freshTop250, ["top", "250"], home.warm),
    ] as [(String, [String], () throws -> [String: String])]
  var commands = coins.map { TimedCommand(name: $0, arguments: [coinsPath] + $1, prepare: $2) }
  commands += helloFloors.map {
    TimedCommand(name: $0, arguments: [helloPath($1)], prepare: home.plain)
  }
  commands.append(
    TimedCommand(
      name: Row.curl, arguments: ["/usr/bin/curl", "-sf", "-o", "/dev/null", url],
      prepare: home.plain))
  if let python {
    commands += pythonPipelines.map { label, script in
      TimedCommand(
        name: Row.python(label),
        arguments: [python, root.appendingPathComponent("Benchmarks/python/\(script)").path],
        prepare: home.plain, mustBeQuiet: false)
    }
  }
  emit("\n## Whole processes \(title); \(processRuns) runs each after 1 warm-up, interleaved\n")
  let samples = try timeInterleaved(commands, home: home)
  printTable(samples)
  var result = SectionResult()
  for sample in samples { result.samples[sample.name] = sample }
  let cold = result.samples[Row.coldTop20]!
  let floor = result.samples[Row.curl]!.median
  emit("")
  for (label, _) in pythonPipelines {
    guard let sample = result.samples[Row.python(label)] else { continue }
    emit(
      String(
        format:
          "ratio: %@ pipeline / `coins top 20` cold = %.1f× (server and transfer time (curl) subtracted from both: %.1f×)",
        label, sample.median / cold.median, (sample.median - floor) / max(cold.median - floor, 1e-6)
      ))
  }
  emit("\n| process | peak RSS (GNU time) |")
  emit("|---|---:|")
  let memory = commands.filter { $0.name != Row.curl && !$0.name.hasPrefix("`coins top 250`") }
  for command in commands.filter({ $0.name.hasPrefix("`coins top 250`") }) + memory {
    let runs = command.name.hasPrefix("Python") ? 1 : 3
    let peaks = try (0..<runs).compactMap { _ in
      peakResidentBytes(command.arguments, environment: try command.prepare())
    }
    result.peaks[command.name] = peaks.max() ?? 0
    emit(String(format: "| %@ | %.1f MB |", command.name, Double(peaks.max() ?? 0) / 1_048_576))
  }
  return result
}
