import Foundation
import Testing

/// One way the fake CoinGecko (or the network in front of it) misbehaves, and what `coins`
/// must make of it.
struct HardeningFault: Sendable, CustomTestStringConvertible {
  /// The test's name for the fault.
  let name: String
  /// The fake's mode; `nil` means nothing listens (connection refused).
  let mode: String?
  /// The mode's parameters.
  let params: [String: String]
  /// Whether commands must fall back (cache or sample) rather than show live data.
  let fails: Bool
  /// `--timeout` for the runs: 1 where the fault is waiting, 10 where the fake does answer (on
  /// a busy machine 2 s turned an answer into a time-out and the sample), 2 elsewhere.
  let timeout: Int

  var testDescription: String { name }

  /// The command's own deadline (three request timeouts) plus room to start and print.
  var deadline: Double { Double(timeout) * 3 + 8 }

  /// Every failure mode the issue names, plus the content modes that must stay live. The
  /// `huge` body has its own tests (HardeningOversizedBodyTests).
  static let all: [HardeningFault] = [
    HardeningFault(name: "429-seconds", mode: "429", params: ["retry_after": "1"], fails: true),
    HardeningFault(
      name: "429-http-date", mode: "429", params: ["retry_after": "1", "style": "http-date"],
      fails: true),
    HardeningFault(
      name: "429-reset-only", mode: "429", params: ["retry_after": "1", "style": "reset-only"],
      fails: true),
    HardeningFault(name: "500", mode: "500", fails: true),
    HardeningFault(name: "503-html", mode: "503-html", fails: true),
    HardeningFault(name: "firewall", mode: "firewall", fails: true),
    HardeningFault(name: "refused", mode: nil, fails: true),
    HardeningFault(name: "hang", mode: "hang", fails: true, timeout: 1),
    HardeningFault(
      name: "slow-past-timeout", mode: "slow", params: ["delay": "4"], fails: true, timeout: 1),
    HardeningFault(name: "truncated", mode: "truncated", fails: true),
    HardeningFault(name: "html-200", mode: "html-200", fails: true),
    HardeningFault(name: "wrong-shape", mode: "wrong-shape", fails: true),
    HardeningFault(name: "nulls", mode: "nulls", fails: false),
    HardeningFault(name: "absurd", mode: "absurd", fails: false),
    HardeningFault(name: "evil", mode: "evil", fails: false),
    HardeningFault(name: "flaky", mode: "flaky", fails: false),
    HardeningFault(name: "move", mode: "move", fails: false),
    HardeningFault(
      name: "slow-within-timeout", mode: "slow", params: ["delay": "0.3"], fails: false),
  ]

  init(
    name: String, mode: String?, params: [String: String] = [:], fails: Bool, timeout: Int? = nil
  ) {
    self.name = name
    self.mode = mode
    self.params = params
    self.fails = fails
    self.timeout = timeout ?? (fails ? 2 : 10)
  }

  /// Turns the fault on for every following request.
  func engage(_ fake: FakeCoinGecko, _ coins: inout CoinsBinary) async throws {
    if let mode {
      try await fake.setMode(mode, params: params)
    } else {
      coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    }
  }

  /// Turns the fault off: the fake answers normally again.
  func disengage(_ fake: FakeCoinGecko, _ coins: inout CoinsBinary) async throws {
    try await fake.setMode("ok")
    coins.environment["COINGECKO_BASE_URL"] = fake.baseURL
  }

  /// Runs each command line and returns the results in the same order. Under a fault that
  /// fails every request the runs are independent and mostly wait out the fault, so they run
  /// at once; otherwise (`flaky` alternates answers, the others are quick) one after another.
  func runAll(_ commands: [[String]], with coins: CoinsBinary) async throws
    -> [CoinsBinary.Result]
  {
    guard fails else {
      var results: [CoinsBinary.Result] = []
      for command in commands { results.append(try await coins.run(command, timeout: 60)) }
      return results
    }
    return try await withThrowingTaskGroup(of: (Int, CoinsBinary.Result).self) { group in
      for (index, command) in commands.enumerated() {
        group.addTask {
          // Bound first: Swift 6.3.1 -O can drop a tuple literal's first element next to
          // `try await` (issue 27).
          let result = try await coins.run(command, timeout: 60)
          return (index, result)
        }
      }
      var results: [Int: CoinsBinary.Result] = [:]
      for try await (index, result) in group { results[index] = result }
      return commands.indices.compactMap { results[$0] }
    }
  }

  /// The source a command must report under this fault, given whether a cache exists.
  func expectedSource(cacheIsWarm: Bool) -> String {
    guard fails else { return "live" }
    return cacheIsWarm ? "cache" : "sample"
  }
}
