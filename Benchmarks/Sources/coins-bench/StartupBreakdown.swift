import CBenchClock
import Foundation

/// One step of a traced run: the marks it lies between and what happens in it.
typealias TraceStep = (from: String, to: String, what: String)

/// The steps every traced `coins top 20` starts with.
private let startSteps: [TraceStep] = [
  ("spawn", "main", "exec → main: process start, dynamic loading, library initialisers"),
  ("main", "parsed", "reading the command line (main thread): context, config file, arguments"),
  ("parsed", "command-started", "the command's thread starting (held back while libcurl loads)"),
  ("command-started", "cache-open", "command set-up: service, client, request"),
]

/// The steps every traced `coins top 20` ends with, after the command logic that leads to
/// `render`; `end` says what happens between the output and `exit`.
private func endSteps(_ end: String) -> [TraceStep] {
  [
    ("render", "rendered", "rendering: the table"),
    ("rendered", "written", "writing output: joining the lines, write(2)"),
    ("written", "exit", end),
    ("exit", "reaped", "exit: exit(3), the kernel tearing down, the parent reaping"),
    ("spawn", "reaped", "whole process, traced"),
  ]
}

/// The marks `coins top 20` writes from a fresh cache when `COINS_STARTUP_TRACE` is set, in
/// order, between coins-bench's own `spawn` (before `posix_spawn`) and `reaped` (after `wait4`),
/// and what each step between two marks is.
let traceSteps: [TraceStep] =
  startSteps + [
    ("cache-open", "cache-read", "cache read: the file into memory"),
    ("cache-read", "decoded", "decoding: the binary cache into coins"),
    ("decoded", "render", "command logic: freshness, the top 20, their order"),
  ] + endSteps("end of the command: its task done, back in main")

/// The marks of `coins top 20` with no cache: the same start (libcurl starting to load once the
/// command line is read), then the request — the transfer, the answer read into coins, the
/// cache written for the next run — and the table.
let coldTraceSteps: [TraceStep] =
  startSteps + [
    ("cache-open", "decoded", "looking for a cache: there is none"),
    ("decoded", "transport", "deciding to ask the server: the request and its deadline"),
    (
      "transport", "libcurl-ready",
      "the end of libcurl's load (curl_global_init), on the transfer's thread"
    ),
    ("libcurl-ready", "answered", "the transfer: the top-250 answer"),
    ("answered", "answer-decoded", "reading the answer into coins (two halves at once)"),
    ("answer-decoded", "cache-written", "writing the cache for the next run"),
    ("cache-written", "render", "command logic: the top 20, their order"),
  ] + endSteps("end of the command: back in main")

/// Splits `coins top 20` from a fresh cache into its steps: `processRuns` traced runs (after
/// a warm-up), each step's median across them, and the dynamic loader's own share of exec →
/// main from `LD_DEBUG=statistics`; then the same for a cold run.
@MainActor
func printStartupBreakdown(baseURL: String, untraced: Sample?, untracedCold: Sample?) throws {
  let home = try BenchHome(baseURL: baseURL)
  defer { home.remove() }
  try printSteps(
    of: Row.freshTop20, traceSteps, environment: home.warm, home: home, untraced: untraced,
    loader: try loaderStatistics(home: home))
  try printSteps(
    of: Row.coldTop20 + ", replayed answers", coldTraceSteps, environment: home.cold,
    home: home, untraced: untracedCold, loader: nil)
}

/// Traces `coins top 20` in the environment `environment` gives, `processRuns` times after a
/// warm-up, and prints each step's median; the runs must write exactly the marks of `steps`.
@MainActor
private func printSteps(
  of name: String, _ traceSteps: [TraceStep],
  environment makeEnvironment: () throws -> [String: String], home: BenchHome,
  untraced: Sample?, loader: (median: Double, spread: Double, megahertz: Double)?
) throws {
  let trace = home.path("trace")
  let errors = home.path("stderr")
  var steps = [[Double]](repeating: [], count: traceSteps.count)
  for run in 0...processRuns {
    try? FileManager.default.removeItem(atPath: trace)
    var environment = try makeEnvironment()
    environment["COINS_STARTUP_TRACE"] = trace
    let result = runChild(
      [coinsPath, "top", "20"], environment: environment, stderrPath: errors)
    guard result.status == 0, fileText(errors).isEmpty else {
      throw BenchError("traced `coins top 20` exited with \(result.status): \(fileText(errors))")
    }
    var marks = ["spawn": result.started, "reaped": result.reaped]
    var order = ["spawn"]
    for line in fileText(trace).split(separator: "\n") {
      let fields = line.split(separator: "\t")
      // A mark met again (a second cache load) keeps its first time.
      guard fields.count == 2, let time = Int64(fields[1]), marks[String(fields[0])] == nil
      else { continue }
      order.append(String(fields[0]))
      marks[String(fields[0])] = time
    }
    // Every mark a step needs.
    let missing = Set(traceSteps.flatMap { [$0.from, $0.to] }).subtracting(marks.keys)
    guard missing.isEmpty else {
      throw BenchError("the trace's marks were \(order), missing \(missing.sorted())")
    }
    guard run > 0 else { continue }
    for (index, step) in traceSteps.enumerated() {
      steps[index].append(Double(marks[step.to]! - marks[step.from]!) / 1e9)
    }
  }
  let whole = Sample(name: "", seconds: steps[steps.count - 1]).median
  emit("\n## Where \(name) spends its time; \(processRuns) traced runs after 1 warm-up\n")
  emit("| step | marks | median | ± MAD | share |")
  emit("|---|---|---:|---:|---:|")
  for (index, step) in traceSteps.enumerated() {
    let sample = Sample(name: step.what, seconds: steps[index])
    emit(
      "| \(step.what) | \(step.from) → \(step.to) | \(duration(sample.median)) | "
        + "\(duration(sample.spread)) | \(String(format: "%.0f %%", sample.median / whole * 100)) |"
    )
    if index == 0, let loader {
      emit(
        "| ↳ of which the dynamic loader: mapping and relocating (`LD_DEBUG=statistics`) | "
          + "separate runs | \(duration(loader.median)) | \(duration(loader.spread)) | "
          + "\(String(format: "%.0f %%", loader.median / whole * 100)) |")
    }
  }
  emit(
    "\nThe marks are `coins`'s own (`COINS_STARTUP_TRACE`, CLOCK_MONOTONIC); spawn and reaped "
      + "are coins-bench's readings of the same clock around posix_spawn and wait4. Step medians "
      + "need not add up to the whole's.")
  if let untraced {
    emit(
      "Untraced, in the replay section's table: \(duration(untraced.median)) (median): the "
        + "marks' own cost is the difference.")
  }
  if let loader {
    emit(
      String(
        format:
          "The loader's figure is its own count of time-stamp-counter cycles, at %.0f MHz "
          + "(measured here against CLOCK_MONOTONIC); it leaves out the libraries' initialisers, "
          + "which run after it, inside exec → main.", loader.megahertz))
  } else if name == Row.freshTop20 {
    emit("The dynamic loader's own figure is not available here (`LD_DEBUG=statistics`, x86-64).")
  }
}

/// The dynamic loader's own time at start-up (`LD_DEBUG=statistics`: "total startup time in
/// dynamic loader", mapping and relocating the objects, in time-stamp-counter cycles) for
/// `processRuns` runs of `coins top 20` from a fresh cache, in seconds; `nil` where the
/// counter or the statistics are not available.
@MainActor
func loaderStatistics(home: BenchHome) throws -> (
  median: Double, spread: Double, megahertz: Double
)? {
  guard let perNanosecond = cyclesPerNanosecond() else { return nil }
  var seconds: [Double] = []
  for _ in 0..<processRuns {
    let folder = home.path("ld-statistics")
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var environment = try home.warm()
    environment["LD_DEBUG"] = "statistics"
    environment["LD_DEBUG_OUTPUT"] = folder + "/ld"
    _ = runChild([coinsPath, "top", "20"], environment: environment)
    let text = try FileManager.default.contentsOfDirectory(atPath: folder)
      .map { fileText(folder + "/" + $0) }.joined()
    guard
      let line = text.split(separator: "\n").first(where: {
        $0.contains("total startup time in dynamic loader:")
      }),
      let cycles = line.split(separator: " ").compactMap({ Double($0) }).last
    else { return nil }
    seconds.append(cycles / perNanosecond / 1e9)
  }
  let sample = Sample(name: "", seconds: seconds)
  return (sample.median, sample.spread, perNanosecond * 1e3)
}

/// Time-stamp-counter cycles per nanosecond, counted over 200 ms of CLOCK_MONOTONIC; `nil`
/// where there is no counter to read.
func cyclesPerNanosecond() -> Double? {
  let startCycles = bench_cycles()
  let start = monotonicNanoseconds()
  usleep(200_000)
  let endCycles = bench_cycles()
  let end = monotonicNanoseconds()
  guard endCycles > startCycles, end > start else { return nil }
  return Double(endCycles - startCycles) / Double(end - start)
}
