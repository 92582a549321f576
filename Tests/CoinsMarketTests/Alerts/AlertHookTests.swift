import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// The `--exec` hook: facts in the environment only, a hook that hangs stopped with its group.
@Suite struct AlertHookTests {
  private static let at = Date(timeIntervalSince1970: 1_796_040_000)

  private func fired(symbol: String, note: String? = nil) -> FiredAlert {
    var rule = AlertRule(
      id: "7", target: .coin(id: "bitcoin", symbol: symbol, name: "Bitcoin"),
      condition: .above(100_000), currency: "usd", note: note, createdAt: Self.at)
    rule.state = .fired(at: Self.at)
    return FiredAlert(rule: rule, value: 100_412, price: 100_412, at: Self.at)
  }

  @Test func theHookGetsTheFactsInItsEnvironment() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let out = directory.file("out").path
    let hook = AlertHook(command: #"env | grep '^COINS_ALERT_' | sort > "$OUT""#)
    let variables = AlertHook.variables(for: fired(symbol: "btc"), message: "BTC above")
    let outcome = await hook.run(
      environment: ["OUT": out, "PATH": "/usr/bin:/bin"], variables: variables)
    expectEqual(outcome, .exited(0))
    #expect(
      try String(contentsOfFile: out, encoding: .utf8) == """
        COINS_ALERT_COIN=bitcoin
        COINS_ALERT_CURRENCY=usd
        COINS_ALERT_ID=7
        COINS_ALERT_MESSAGE=BTC above
        COINS_ALERT_PRICE=100412
        COINS_ALERT_RULE=above
        COINS_ALERT_SYMBOL=BTC

        """)
  }

  @Test func hostileTextInTheDataStaysInert() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let out = directory.file("out").path
    let pwned = directory.file("pwned").path
    let hostile = "$(touch \(pwned)); `touch \(pwned)`"
    let hook = AlertHook(
      command: #"printf '%s' "$COINS_ALERT_SYMBOL|$COINS_ALERT_MESSAGE" > "$OUT""#)
    let variables = AlertHook.variables(
      for: fired(symbol: "\u{1B}[31m" + hostile), message: hostile)
    let outcome = await hook.run(
      environment: ["OUT": out, "PATH": "/usr/bin:/bin"], variables: variables)
    expectEqual(outcome, .exited(0))
    let written = try String(contentsOfFile: out, encoding: .utf8)
    // The symbol arrives cleaned (no escape, cut to a symbol's length), the text unexpanded.
    #expect(written.hasPrefix("$(TOUCH /"))
    #expect(written.hasSuffix("|" + hostile))
    #expect(!written.contains("\u{1B}"))
    #expect(!FileManager.default.fileExists(atPath: pwned))
  }

  @Test func aFailingHookReportsItsStatus() async {
    let outcome = await AlertHook(command: "exit 3").run(environment: [:], variables: [:])
    expectEqual(outcome, .exited(3))
    expectEqual(outcome.succeeded, false)
  }

  /// The hook starts a background child and hangs; after the timeout the whole group is gone.
  @Test func aHookThatHangsIsStoppedWithEverythingItStarted() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pidFile = directory.file("pid").path
    // Sleeps far longer than any wait for this task to be scheduled again: on a loaded machine
    // the test's own wake-up once came after a minute, when a `sleep 60` had ended by itself.
    var hook = AlertHook(
      command: #"sleep 3600 & echo $$ > "$PIDFILE"; trap '' TERM; sleep 3600"#)
    hook.timeout = .milliseconds(300)
    hook.graceAfterTerm = .milliseconds(300)
    let outcome = await hook.run(
      environment: ["PIDFILE": pidFile, "PATH": "/usr/bin:/bin"], variables: [:])
    expectEqual(outcome, .timedOut)
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let group = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    // No process is left running in the hook's group (the background sleep included).
    #expect(await eventually { Self.livingProcesses(inGroup: group).isEmpty })
  }

  /// The pids of the processes in `group` that are not zombies, from /proc.
  private static func livingProcesses(inGroup group: pid_t) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard Int(name) != nil,
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      // After "(comm)": state, ppid, pgrp, …
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 2 && fields[2] == "\(group)" && fields[0] != "Z"
    }
  }
}
