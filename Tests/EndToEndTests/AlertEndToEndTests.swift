import Foundation
import Testing

/// `coins alert …` through the built binary, the real alerts file and a loopback fake whose
/// Bitcoin costs $50,000 (mode "move" with a percent shifts every price).
@Suite(.spawnsProcesses) struct AlertEndToEndTests {
  private static func isFiredLine(_ line: String?) -> Bool {
    line?.wholeMatch(
      of: #/^BTC above \$52,000\.00: now \$55,000\.00 \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/#) != nil
  }

  @Test func aCrossingFiresOnceReArmsWhenBackAndFiresAgain() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let add = try await coins.run(["alert", "add", "btc", "above", "52000"])
    expectEqual(add.status, 0)
    expectEqual(add.stdout, "Added alert 1: BTC above $52,000.00.\n")
    let check = ["alert", "check", "--max-age", "0"]

    let below = try await coins.run(check)  // $50,000: armed
    #expect(below.status == 0 && below.stdout == "" && below.stderr == "")
    try await fake.setMode("move", params: ["percent": "10"])  // $55,000
    let crossed = try await coins.run(check)
    expectEqual(crossed.status, 0)
    expectEqual(crossed.stdoutLines.count, 2)  // one line and its newline
    #expect(Self.isFiredLine(crossed.stdoutLines.first))
    let stillAbove = try await coins.run(check)
    #expect(stillAbove.status == 0 && stillAbove.stdout == "")

    try await fake.setMode("ok")  // back to $50,000: re-armed, nothing printed
    let back = try await coins.run(check)
    #expect(back.status == 0 && back.stdout == "")
    let list = try await coins.run(["alert", "list"])
    expectEqual(list.stdoutLines.count, 3)
    #expect(list.stdoutLines[1].contains("above $52,000.00  armed"))
    #expect(list.stdoutLines[1].hasSuffix("$50,000.00"))

    try await fake.setMode("move", params: ["percent": "10"])
    let again = try await coins.run(check + ["--json"])
    expectEqual(again.status, 0)
    let document = try JSONDecoder().decode(CheckDocument.self, from: Data(again.stdout.utf8))
    expectEqual(document.source, "live")
    expectEqual(document.checked, 1)
    expectEqual(document.fired.map(\.id), ["1"])
    expectEqual(document.fired.first?.coin, "bitcoin")
    expectEqual(document.fired.first?.price, 55_000)
    expectEqual(document.fired.first?.threshold, 52_000)
  }

  @Test func staleDataFiresNothingAndLeavesTheFileAlone() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["top", "1"])  // a cached market to fall back to
    _ = try await coins.run(["alert", "add", "btc", "above", "40000"])
    let file = coins.home.path + "/data/coins/alerts.json"
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    try await fake.setMode("500")

    let check = try await coins.run(["alert", "check", "--max-age", "0", "--json"])

    expectEqual(check.status, 75)  // EX_TEMPFAIL: a rule could not be checked
    let document = try JSONDecoder().decode(CheckDocument.self, from: Data(check.stdout.utf8))
    expectEqual(document.source, "cache")
    #expect(document.fired.isEmpty && document.checked == 0)
    #expect(check.stderr.contains("Warning: no USD alert was checked: "))
    #expect(check.stderr.contains("Alerts fire only on live data less than 2 minutes old"))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), before)
  }

  /// A check that could not check every rule says so in its status (75, EX_TEMPFAIL) after
  /// checking and firing what it could; with no rules, or every rule checked, it is 0.
  @Test func aCheckThatCouldNotCheckEveryRuleExitsTempFail() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let none = try await coins.run(["alert", "check"])
    #expect(none.status == 0 && none.stdout == "" && none.stderr == "")

    _ = try await coins.run(["top", "1", "--currency", "eur"])  // a cached EUR market
    try await expectEqual(coins.run(["alert", "add", "btc", "above", "1"]).status, 0)
    #expect(
      try await coins.run(["alert", "add", "eth", "above", "1", "--currency", "eur"]).status == 0)
    try await fake.setMode("500", params: ["only_vs_currency": "eur"])
    let half = try await coins.run(["alert", "check", "--max-age", "0"])
    #expect(half.status == 75, "\(half.stderr)")
    // The USD rule was checked and fired; the EUR one could not be.
    expectEqual(half.stdoutLines.filter { $0.hasPrefix("BTC above $1.00: now $") }.count, 1)
    #expect(!half.stdout.contains("ETH"))
    #expect(half.stderr.contains("Warning: no EUR alert was checked: "))
    #expect(!half.stderr.contains("no USD alert"))

    try await fake.setMode("ok")
    let all = try await coins.run(["alert", "check", "--max-age", "0"])
    #expect(all.status == 0, "\(all.stderr)")  // every rule checked; the EUR one fires now
    expectEqual(all.stdoutLines.filter { $0.hasPrefix("ETH above €1.00: now €") }.count, 1)
    #expect(!all.stdout.contains("BTC"))
  }

  @Test func badRulesAreUsageErrorsAndWriteNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    for words in [
      ["btc", "above", "abc"], ["btc", "above", "0"], ["btc", "move", "0"], ["btc", "above"],
      ["btc", "sideways", "5"], ["portfolio", "move", "5"], ["btc", "above", "5", "--over", "1h"],
    ] {
      let result = try await coins.run(["alert", "add"] + words)
      #expect(result.status == 64, "\(words)")
      #expect(result.stderr.hasPrefix("Error: "), "\(words)")
    }
    let bad = try await coins.run(["alert", "add", "btc", "above", "abc"])
    #expect(
      bad.stderr.hasPrefix(
        "Error: The value 'abc' is invalid for '<threshold>': expected a positive decimal "
          + "number such as 100000.\n"))
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/data/coins/alerts.json"))
  }

  @Test func anUnknownCoinIsAnErrorWithTheClosestMatches() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let result = try await coins.run(["alert", "add", "bitcoim", "above", "1"])
    expectEqual(result.status, 1)
    #expect(result.stderr.hasPrefix("Error: Unknown coin 'bitcoim'. Did you mean: "))
    #expect(result.stderr.contains("id bitcoin)"))
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/data/coins/alerts.json"))
  }

  @Test func aCorruptAlertsFileIsRefusedUntouched() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let folder = coins.home.path + "/data/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("{oops".utf8).write(to: URL(fileURLWithPath: folder + "/alerts.json"))
    for words in [["alert", "list"], ["alert", "add", "btc", "above", "1"], ["alert", "check"]] {
      let result = try await coins.run(words)
      #expect(result.status == 65, "\(words)")
      #expect(
        result.stderr.hasPrefix("Error: The alerts file \(folder)/alerts.json cannot be read"))
    }
    try expectEqual(String(contentsOfFile: folder + "/alerts.json", encoding: .utf8), "{oops")
  }

  @Test func theHookGetsTheFactsAndAHostileNameStaysInert() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    try await fake.setMode("evil")  // Bitcoin is "\e[31mRED\e[0m Bitcoin", symbol "\e[1mbtc"
    let add = try await coins.run([
      "alert", "add", "--id", "bitcoin", "above", "1", "--note", "$(touch pwned)",
    ])
    expectEqual(add.status, 0)
    let out = coins.home.path + "/hook.txt"
    let hook = #"env | grep '^COINS_ALERT_' | sort > "$HOOK_OUT"; echo hook-ran"#
    let check = try await coins.run(
      ["alert", "check", "--max-age", "0", "--exec", hook, "--json"],
      extraEnvironment: ["HOOK_OUT": out])
    expectEqual(check.status, 0)
    // The hook's own output goes to stderr, so the JSON on stdout stays one clean document.
    #expect(check.stderr.contains("hook-ran"))
    let document = try JSONDecoder().decode(CheckDocument.self, from: Data(check.stdout.utf8))
    expectEqual(document.fired.map(\.id), ["1"])
    let facts = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    #expect(facts.contains("COINS_ALERT_COIN=bitcoin"))
    #expect(facts.contains("COINS_ALERT_ID=1"))
    #expect(facts.contains("COINS_ALERT_RULE=above"))
    #expect(facts.contains("COINS_ALERT_CURRENCY=usd"))
    #expect(
      facts.contains { $0.hasPrefix("COINS_ALERT_MESSAGE=") && $0.hasSuffix("— $(touch pwned)") })
    #expect(!facts.joined().contains("\u{1B}"))
    #expect(!FileManager.default.fileExists(atPath: coins.home.path + "/pwned"))
  }

  /// Adds and checks at once: every rule added survives (the lock serializes the rewrites).
  @Test func concurrentChecksAndAddsLoseNoRule() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["alert", "add", "btc", "above", "40000"])
    let results = try await withThrowingTaskGroup(of: CoinsBinary.Result.self) { group in
      for index in 0..<6 {
        group.addTask {
          index % 2 == 0
            ? try await coins.run(["alert", "add", "eth", "above", "\(4000 + index)"])
            : try await coins.run(["alert", "check", "--max-age", "0"])
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0.status == 0 })
    // The BTC rule fired exactly once across the three concurrent checks.
    expectEqual(results.filter { $0.stdout.hasPrefix("BTC above $40,000.00") }.count, 1)
    let list = try await coins.run(["alert", "list", "--json"])
    let document = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
    expectEqual(document.alerts.map(\.id).sorted(), ["1", "2", "3", "4"])
  }

  /// In `watch --json`, the refresh that crosses the line carries the alert, once; the hook
  /// runs for it.
  @Test func watchChecksTheRulesOnEveryLiveRefresh() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["alert", "add", "btc", "above", "52000"])
    let hookOut = coins.home.path + "/hook.txt"
    let watch = try RunningCoins(
      binary: coins,
      arguments: [
        "watch", "--interval", "1", "--top", "1", "--json", "--exec",
        "echo \"$COINS_ALERT_ID $COINS_ALERT_PRICE\" >> " + hookOut,
      ])
    #expect(try await watch.wait { watch.lines.count >= 1 })
    try await fake.setMode("move", params: ["percent": "10"])
    // Waits for the refresh that carries the alert and one refresh after it (on a busy machine
    // a refresh may come from the cache, so the count of lines alone says nothing), and for
    // the hook's line.
    func firstAlertLine() -> Int? { watch.lines.firstIndex { $0.contains("\"alerts\"") } }
    #expect(
      try await watch.wait {
        guard let first = firstAlertLine() else { return false }
        let hook = (try? String(contentsOfFile: hookOut, encoding: .utf8)) ?? ""
        return watch.lines.count >= first + 2 && hook.hasSuffix("\n")
      })
    _ = await watch.stop(with: SIGTERM)
    let lines = watch.lines.map { Data($0.utf8) }
    let documents = try lines.map { try JSONDecoder().decode(WatchLine.self, from: $0) }
    let fired = documents.compactMap(\.alerts).flatMap { $0 }
    expectEqual(fired.map(\.id), ["1"])
    expectEqual(fired.first?.price, 55_000)
    #expect(documents.first?.alerts == nil)
    try expectEqual(String(contentsOfFile: hookOut, encoding: .utf8), "1 55000\n")
  }

  private struct WatchLine: Decodable {
    var alerts: [CheckDocument.Fired]?
  }

  private struct CheckDocument: Decodable {
    struct Fired: Decodable {
      var id: String
      var coin: String?
      var threshold: Double
      var price: Double?
    }
    var source: String
    var fired: [Fired]
    var checked: Int
  }

  private struct ListDocument: Decodable {
    struct Alert: Decodable { var id: String }
    var alerts: [Alert]
  }
}
