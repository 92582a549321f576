import CoinsModel
import CoinsServices
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// The alerts file: round trip, unknown members kept, a bad file left untouched.
@Suite struct AlertStoreTests {
  private static let createdAt = Date(timeIntervalSince1970: 1_796_040_000)

  private func withStore(_ body: (AlertStore, URL) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("data/coins/alerts.json")
    try body(AlertStore(url: url), url)
  }

  private func rule(_ condition: AlertCondition, note: String? = nil) -> AlertRule {
    AlertRule(
      id: "", target: .coin(id: "bitcoin", symbol: "btc", name: "Bitcoin"), condition: condition,
      currency: "usd", note: note, createdAt: Self.createdAt)
  }

  @Test func rulesSurviveARoundTripWithTheirState() throws {
    try withStore { store, _ in
      _ = try store.update { $0.add(rule(.above(Decimal(string: "100000.5")!), note: "sell")) }
      _ = try store.update { book in
        var portfolioRule = rule(.below(50_000))
        portfolioRule.target = .portfolio
        return book.add(portfolioRule)
      }
      _ = try store.update { book in
        _ = book.add(rule(.move(percent: Decimal(string: "2.5")!, window: .oneHour)))
        _ = book.rules[0].check(100_412, at: Self.createdAt.addingTimeInterval(60))
      }
      let book = try store.load()
      expectEqual(book.rules.map(\.id), ["1", "2", "3"])
      expectEqual(book.rules[0].condition, .above(Decimal(string: "100000.5")!))
      expectEqual(book.rules[0].note, "sell")
      expectEqual(book.rules[0].state, .fired(at: Self.createdAt.addingTimeInterval(60)))
      expectEqual(book.rules[0].lastValue, 100_412)
      expectEqual(book.rules[1].target, .portfolio)
      expectEqual(
        book.rules[2].condition, .move(percent: Decimal(string: "2.5")!, window: .oneHour))
      expectEqual(book.rules[2].state, .notChecked)
      expectEqual(book.nextID, 4)
    }
  }

  @Test func unknownMembersSurviveARewrite() throws {
    try withStore { store, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let text = """
        {"version":1,"nextId":8,"sync":{"device":"laptop"},"alerts":[{"id":"7","target":"coin",\
        "coin":"bitcoin","symbol":"btc","name":"Bitcoin","rule":"above","threshold":"1",\
        "currency":"usd","createdAt":"2026-11-30T14:00:00.000Z","state":"armed","colour":"red"}]}
        """
      try Data(text.utf8).write(to: url)
      let id = try store.update { $0.add(rule(.above(2))) }
      expectEqual(id, "8")
      let written = try String(contentsOf: url, encoding: .utf8)
      #expect(written.contains(#""sync": {"#))
      #expect(written.contains(#""colour": "red""#))
      #expect(
        try String(contentsOf: URL(fileURLWithPath: url.path + ".bak"), encoding: .utf8) == text)
    }
  }

  @Test(arguments: [
    ("not json", "not valid JSON"),
    (#"{"version":1,"alerts":[{"id":"1"}]}"#, "alerts[0].target is missing or not a string"),
    (#"{"version":1,"alerts":{}}"#, "\"alerts\" is missing or not an array"),
  ])
  func aCorruptFileIsRefusedAndLeftAsItWas(text: String, detail: String) throws {
    try withStore { store, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      #expect {
        _ = try store.update { $0.add(rule(.above(1))) }
      } throws: { error in
        guard case .corrupt(_, let found) = error as? AlertError else { return false }
        return found.contains(detail)
      }
      try expectEqual(String(contentsOf: url, encoding: .utf8), text)
      #expect(!FileManager.default.fileExists(atPath: url.path + ".bak"))
    }
  }

  @Test func aNewerVersionIsRefused() throws {
    try withStore { store, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(#"{"version":2,"alerts":[]}"#.utf8).write(to: url)
      #expect(throws: AlertError.newerVersion(path: url.path, version: 2)) { try store.load() }
    }
  }
}
