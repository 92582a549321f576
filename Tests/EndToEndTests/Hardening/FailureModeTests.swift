import Foundation
import Testing

/// Every command against every failure mode of the fake, through the built binary: no crash,
/// no hang, no raw control bytes, no key, stale data labelled, exit codes as documented.
@Suite(.spawnsProcesses) struct HardeningFailureModeTests {
  @Test(arguments: HardeningFault.all)
  func topSurvivesTheFault(_ fault: HardeningFault) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let secret = HardeningOutput.makeSecret()
    coins.environment["COINGECKO_DEMO_API_KEY"] = secret
    let options = ["--timeout", String(fault.timeout), "--max-age", "0"]

    try await fault.engage(fake, &coins)
    let cold = try await coins.run(["top", "12", "--json"] + options, timeout: 60)
    Self.check(cold, .json, fault, secret, source: fault.expectedSource(cacheIsWarm: false))

    try await fault.disengage(fake, &coins)
    let warm = try await coins.run(["top", "12", "--json", "--max-age", "0"], timeout: 60)
    expectEqual(HardeningOutput.source(ofJSONLine: warm.stdout), "live")
    try await fault.engage(fake, &coins)
    let source = fault.expectedSource(cacheIsWarm: true)
    let formats = [HardeningFormat.json, .table, .csv]
    let runs = try await fault.runAll(
      formats.map { ["top", "12"] + $0.flags + options } + [["top", "12", "--live"] + options],
      with: coins)
    for (format, result) in zip(formats, runs) {
      Self.check(result, format, fault, secret, source: source)
    }
    Self.checkLiveOnly(runs[3], fault, secret)
  }

  @Test(arguments: HardeningFault.all)
  func portfolioValueSurvivesTheFault(_ fault: HardeningFault) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let secret = HardeningOutput.makeSecret()
    coins.environment["COINGECKO_DEMO_API_KEY"] = secret
    try HardeningPortfolio.write(HardeningPortfolio.threeCoins, for: coins)
    let options = ["--timeout", String(fault.timeout), "--max-age", "0"]

    try await fault.engage(fake, &coins)
    let cold = try await coins.run(["portfolio", "value", "--json"] + options, timeout: 60)
    Self.check(cold, .json, fault, secret, source: fault.expectedSource(cacheIsWarm: false))

    try await fault.disengage(fake, &coins)
    let warm = try await coins.run(["portfolio", "value", "--json", "--max-age", "0"])
    expectEqual(HardeningOutput.source(ofJSONLine: warm.stdout), "live")
    try await fault.engage(fake, &coins)
    let source = fault.expectedSource(cacheIsWarm: true)
    let formats = [HardeningFormat.json, .table]
    let runs = try await fault.runAll(
      formats.map { ["portfolio", "value"] + $0.flags + options }
        + [["portfolio", "value", "--live"] + options],
      with: coins)
    for (format, result) in zip(formats, runs) {
      Self.check(result, format, fault, secret, source: source)
    }
    Self.checkLiveOnly(runs[2], fault, secret)
    let list = try await coins.run(["portfolio", "list", "--json"])
    expectEqual(list.status, 0)
    #expect(list.stdout.contains("\"id\":\"hongbao-token\""))  // the file is untouched
  }

  @Test(arguments: HardeningFault.all)
  func watchSurvivesTheFault(_ fault: HardeningFault) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let secret = HardeningOutput.makeSecret()
    coins.environment["COINGECKO_DEMO_API_KEY"] = secret
    let arguments = [
      "watch", "--json", "--interval", "1", "--top", "12", "--timeout", String(fault.timeout),
    ]

    try await fault.engage(fake, &coins)
    try await Self.checkWatch(
      coins, arguments, fault, secret, source: fault.expectedSource(cacheIsWarm: false))

    try await fault.disengage(fake, &coins)
    _ = try await coins.run(["top", "12", "--json", "--max-age", "0"])
    try await fault.engage(fake, &coins)
    try await Self.checkWatch(
      coins, arguments, fault, secret, source: fault.expectedSource(cacheIsWarm: true))
  }

  /// Runs `coins watch` until a line shows `source` (or the fault's deadline and one more
  /// tick pass), then SIGTERM. With a warm cache the first tick is the cached answer, still
  /// fresh; the ticks after it ask the API.
  private static func checkWatch(
    _ coins: CoinsBinary, _ arguments: [String], _ fault: HardeningFault, _ secret: String,
    source: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let watch = try RunningCoins(binary: coins, arguments: arguments)
    let bound = fault.deadline + 2
    let sawSource = try await watch.wait(upTo: bound) {
      watch.lines.contains { HardeningOutput.source(ofJSONLine: $0) == source }
    }
    let stillRunning = watch.child.isRunning
    let stopped = await watch.stop(with: SIGTERM)
    let label = "\(fault.name) watch, expecting \(source)"

    #expect(
      sawSource, "\(label): no such line within \(bound) s: \(watch.lines)",
      sourceLocation: sourceLocation)
    #expect(
      stillRunning, "\(label): a transient fault ended the watch: \(watch.stderr)",
      sourceLocation: sourceLocation)
    #expect(
      stopped?.status == 0, "\(label): SIGTERM gave \(String(describing: stopped))",
      sourceLocation: sourceLocation)
    HardeningOutput.checkInvariants(
      status: stopped?.status ?? -1, stdout: watch.stdout, stderr: watch.stderr, secret: secret,
      label: label, sourceLocation: sourceLocation)
    for line in watch.lines {
      let lineSource = HardeningOutput.source(ofJSONLine: line)
      #expect(
        ["live", "cache", "sample"].contains(lineSource), "\(label): \(line)",
        sourceLocation: sourceLocation)
      if lineSource != "live" {
        #expect(
          HardeningOutput.staleReason(ofJSONLine: line) != nil, "\(label): unlabelled \(line)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// A run without `--live`: exit 0 and, under a failure, the fallback labelled everywhere.
  private static func check(
    _ result: CoinsBinary.Result, _ format: HardeningFormat, _ fault: HardeningFault,
    _ secret: String, source: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let label = "\(fault.name) \(format), expecting \(source)"
    HardeningOutput.checkInvariants(
      status: result.status, stdout: result.stdout, stderr: result.stderr, secret: secret,
      label: label, sourceLocation: sourceLocation)
    #expect(result.status == 0, "\(label): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(
      result.seconds < fault.deadline, "\(label): took \(result.seconds) s",
      sourceLocation: sourceLocation)
    let firstLine = result.stdoutLines.first ?? ""
    switch format {
    case .json:
      #expect(
        HardeningOutput.source(ofJSONLine: result.stdout) == source, "\(label)",
        sourceLocation: sourceLocation)
    case .table:
      let marker = ["live": "· live, ", "cache": "· CACHED ", "sample": "· SAMPLE DATA from "][
        source]
      #expect(
        firstLine.contains(marker ?? "?"), "\(label): title \(firstLine)",
        sourceLocation: sourceLocation)
    case .csv:
      #expect(
        firstLine.hasPrefix("rank,id,symbol,name,price,"), "\(label)",
        sourceLocation: sourceLocation)
    }
    if source == "live" {
      #expect(
        !result.stderr.contains("not live"), "\(label): \(result.stderr)",
        sourceLocation: sourceLocation)
    } else {
      let warning = source == "cache" ? "Showing cached data from " : "Showing the SAMPLE data"
      #expect(
        result.stderr.hasPrefix("Warning: "), "\(label): \(result.stderr)",
        sourceLocation: sourceLocation)
      #expect(
        result.stderr.contains(warning), "\(label): \(result.stderr)",
        sourceLocation: sourceLocation)
    }
  }

  /// A `--live` run: exit 69 and nothing on stdout under a failure, exit 0 otherwise.
  private static func checkLiveOnly(
    _ result: CoinsBinary.Result, _ fault: HardeningFault, _ secret: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let label = "\(fault.name) --live"
    HardeningOutput.checkInvariants(
      status: result.status, stdout: result.stdout, stderr: result.stderr, secret: secret,
      label: label, sourceLocation: sourceLocation)
    #expect(
      result.seconds < fault.deadline, "\(label): took \(result.seconds) s",
      sourceLocation: sourceLocation)
    if fault.fails {
      #expect(result.status == 69, "\(label): \(result.stderr)", sourceLocation: sourceLocation)
      #expect(result.stdout == "", "\(label)", sourceLocation: sourceLocation)
      #expect(
        result.stderr.hasPrefix("Error: "), "\(label): \(result.stderr)",
        sourceLocation: sourceLocation)
    } else {
      #expect(result.status == 0, "\(label): \(result.stderr)", sourceLocation: sourceLocation)
    }
  }
}

/// An output format and its flags.
enum HardeningFormat: String, CustomStringConvertible {
  case table, json, csv

  var flags: [String] {
    switch self {
    case .table: []
    case .json: ["--json"]
    case .csv: ["--csv"]
    }
  }

  var description: String { rawValue }
}

/// Portfolio files written straight to disk, so a test needs no network to set one up.
enum HardeningPortfolio {
  /// Bitcoin and Ethereum (renamed by the `evil` mode) and a coin with a CJK name.
  static let threeCoins = """
    {"version": 1, "holdings": [
      {"id": "bitcoin", "lots": [{"amount": "0.5", "cost": "42000", "costCurrency": "usd"}]},
      {"id": "ethereum", "lots": [{"amount": "2"}]},
      {"id": "hongbao-token", "lots": [{"amount": "1000"}]}]}
    """

  /// The default portfolio path of `coins`.
  static func path(for coins: CoinsBinary) -> String {
    coins.home.path + "/data/coins/portfolio.json"
  }

  /// Writes `text` as the default portfolio file.
  static func write(_ text: String, for coins: CoinsBinary) throws {
    let url = URL(fileURLWithPath: path(for: coins))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
}
