import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

// coins-bench: times the steps of `coins top` in process, then whole commands as processes
// against the loopback fake CoinGecko, next to the hello floors and the Python pipelines when a
// Python is given; then issue 17's targets, the shared objects loaded and a per-step breakdown
// of `coins top 20` from a fresh cache. The hellos are found next to this benchmark's binary,
// `coins` (unless `--coins` says) in the product's release build, `.build/release/coins`.
// Usage: coins-bench [--quick] [--coins PATH] [--fake PATH] [--python PATH] [--watch-ticks N]
//        [--watch-only]
//        coins-bench --variant LABEL=PATH --variant LABEL=PATH [...] [--quick] [--rounds N]
//        [--replay-only]
// With `--variant`s it only compares those `coins` binaries (an A/B of whole processes, the
// first the reference), against the replay and against the fake.

let options = BenchOptions(CommandLine.arguments.dropFirst())
let variants = options.values("--variant").compactMap(Variant.init)
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../..").standardizedFileURL
let executableFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let coinsPath =
  options.value("--coins") ?? variants.first?.path
  ?? root.appendingPathComponent(".build/release/coins").path
let fakePath =
  options.value("--fake")
  ?? root.appendingPathComponent("Tests/EndToEndTests/FakeCoinGecko/fake_coingecko.py").path
let quick = options.flag("--quick")
let runs = quick ? 10 : 50
let processRuns = Int(options.value("--rounds") ?? "") ?? (quick ? 5 : 20)

emit("# coins-bench\n")
emit("machine: \(machineDescription())\n")

// MARK: A/B

if variants.count > 1 {
  try compareVariants(variants)
  exit(0)
}

// MARK: In process

let body = MarketFixture.top250()
let snapshot = MarketSnapshot(
  coins: try MarketsDecoder.decode(body), currency: "usd", asOf: Date(), source: .live)
emit(
  "fixture: top 250 with 168-point sparklines, \(body.count) bytes; fast path accepts it: "
    + "\(MarketsDecoder.decodeFast(body) != nil)\n")
guard try MarketsDecoder.decode(body) == MarketsDecoder.decodeWithFoundation(body)
else { throw BenchError("the fast decoder and JSONDecoder disagree on the fixture") }

let cacheDirectory = FileManager.default.temporaryDirectory
  .appendingPathComponent("coins-bench-cache-\(getpid())")
defer { try? FileManager.default.removeItem(at: cacheDirectory) }
let cache = MarketCache(directory: cacheDirectory)
try cache.store(snapshot)
let cacheBytes =
  (try? Data(contentsOf: cache.fileURL(currency: "usd")).count) ?? 0

var portfolio = Portfolio()
for coin in snapshot.coins.prefix(100) {
  portfolio.holdings.append(
    Holding(
      id: coin.id,
      lots: [Lot(amount: Decimal(string: "1.25")!, cost: 100, costCurrency: "usd"), Lot(amount: 2)])
  )
}
let table = MarketTable(
  currency: CurrencyStyle(code: "usd"), sparkline: .blocks, style: TextStyle(enabled: false))
let top20 = snapshot.top(20)
let top250 = snapshot.top(250)
let series = snapshot.coins.map { ($0.sparkline ?? []).compactMap { $0 } }

var samples: [Sample] = []
samples.append(
  try measure("decode top 250 (fast decoder)", runs: runs, bytes: body.count) {
    _ = try MarketsDecoder.decode(body)
  })
samples.append(
  measure("read top 250 into coins (fast reader)", runs: runs, bytes: body.count) {
    _ = MarketsDecoder.decodeFast(body)
  })
samples.append(
  try measure("decode top 250 (JSONDecoder)", runs: max(5, runs / 5), bytes: body.count) {
    _ = try MarketsDecoder.decodeWithFoundation(body)
  })
samples.append(
  measure("cache load (top 250, \(cacheBytes) bytes)", runs: runs) {
    _ = cache.load(currency: "usd")
  })
samples.append(
  try measure("cache store (top 250)", runs: runs) { try cache.store(snapshot) })
samples.append(
  measure("render top-20 table", runs: runs) { _ = table.render(top20, width: 120) })
samples.append(
  measure("render top-250 table", runs: runs) { _ = table.render(top250, width: 120) })
samples.append(
  measure("portfolio join, 100 holdings", runs: runs) {
    _ = PortfolioValuation.value(portfolio, in: snapshot)
  })
samples.append(
  measure("sparkline resampling, 250 × 168 → 24", runs: runs) {
    for points in series { _ = SparklineRenderer.resample(points, to: 24) }
  })
printTable(samples)
let fast = samples[0]
let foundation = samples[3]
emit(
  String(
    format: "\nfast decoder: %.0f MB/s; JSONDecoder: %.0f MB/s; %.1f× faster\n",
    Double(body.count) / fast.median / 1e6, Double(body.count) / foundation.median / 1e6,
    foundation.median / fast.median))

// MARK: Processes

guard FileManager.default.isExecutableFile(atPath: coinsPath) else {
  emit("(no coins binary at \(coinsPath): process benchmarks skipped)")
  exit(0)
}
let fake = try LoopbackServer(
  script: fakePath, arguments: ["--port", "0", "--lifetime", "3600"])
defer { fake.stop() }
let replay = try LoopbackServer(
  script: root.appendingPathComponent("Benchmarks/python/replay_server.py").path,
  arguments: ["--upstream", fake.baseURL])
defer { replay.stop() }
let python = options.value("--python")
if !options.flag("--watch-only") {
  _ = try processBenchmarks(
    title: "against the fake CoinGecko (it spends ~80 ms generating each top-250 answer)",
    baseURL: fake.baseURL, python: python)
  let replayed = try processBenchmarks(
    title: "against a replay of the fake's answers (server time ≈ 0: the clients' own cost)",
    baseURL: replay.baseURL, python: python)
  printTargets(replayed)
  try printSharedObjects(baseURL: replay.baseURL)
  try printStartupBreakdown(
    baseURL: replay.baseURL, untraced: replayed.samples[Row.freshTop20],
    untracedCold: replayed.samples[Row.coldTop20])
}

// MARK: Watch

let ticks = Int(options.value("--watch-ticks") ?? "") ?? (quick ? 100 : 1000)
let watch = try await watchBenchmark(baseURL: fake.baseURL, ticks: ticks)
emit(
  String(
    format:
      "\nwatch: %d refresh ticks in %.1f s (%.1f ms each, %d live snapshots seen); RSS after "
      + "warm-up %.1f MB, after %d ticks %.1f MB",
    ticks, watch.seconds, watch.seconds / Double(ticks) * 1e3, watch.live,
    Double(watch.before) / 1_048_576, ticks, Double(watch.after) / 1_048_576))
emit(
  "watch: RSS after each tenth of the ticks (MB): "
    + watch.samples.map { String(format: "%.1f", Double($0) / 1_048_576) }.joined(separator: ", "))

func machineDescription() -> String {
  let cpu =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("model name") }?
    .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
  let memory = ProcessInfo.processInfo.physicalMemory / 1_048_576
  return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) MB RAM, "
    + ProcessInfo.processInfo.operatingSystemVersionString
}

/// `--name value` and `--flag` arguments.
struct BenchOptions {
  var arguments: [String]
  init(_ arguments: ArraySlice<String>) { self.arguments = Array(arguments) }
  func value(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
      return nil
    }
    return arguments[index + 1]
  }
  /// Every value of a repeated `--name value`.
  func values(_ name: String) -> [String] {
    arguments.indices.dropLast().filter { arguments[$0] == name }.map { arguments[$0 + 1] }
  }
  func flag(_ name: String) -> Bool { arguments.contains(name) }
}
