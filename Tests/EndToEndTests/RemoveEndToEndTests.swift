import Foundation
import Testing

/// `portfolio remove` through the built binary: it never rewrites a sale already made unasked.
@Suite(.spawnsProcesses) struct RemoveEndToEndTests {
  /// docs/portfolio.md's gains example: 1 at $100 + $1, 2 at $300, 1 at $200 + $2, then 1.5
  /// sold at $400 − $3 and 2 at $250 (0.5 left, of lot 3).
  static let setup = [
    ["add", "--id", "bitcoin", "1", "--cost", "100", "--fee", "1", "--date", "2024-02-29"],
    ["add", "--id", "bitcoin", "2", "--cost", "300", "--date", "2025-01-10"],
    ["add", "--id", "bitcoin", "1", "--cost", "200", "--fee", "2", "--date", "2025-02-01"],
    ["sell", "--id", "bitcoin", "1.5", "--price", "400", "--fee", "3", "--date", "2025-03-01"],
    ["sell", "--id", "bitcoin", "2", "--price", "250", "--date", "2025-03-02"],
  ]

  static func workedExample() async throws -> (CoinsBinary, String) {
    let coins = try CoinsBinary(baseURL: nil)
    let file = coins.home.path + "/portfolio.json"
    for words in setup {
      let result = try await coins.run(["portfolio"] + words + ["--file", file])
      #expect(result.status == 0, "\(result.stderr)")
    }
    return (coins, file)
  }

  /// 2025's line of `gains` by `method`.
  static func year(_ coins: CoinsBinary, _ file: String, _ method: String) async throws -> String? {
    let gains = try await coins.run(["portfolio", "gains", "--method", method, "--file", file])
    return gains.stdoutLines.first { $0.hasPrefix("2025: ") }
  }

  @Test func aRemovalThatWouldChangeASaleIsRefusedWithNothingChanged() async throws {
    let (coins, file) = try await Self.workedExample()
    defer { coins.cleanUp() }
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let refused = try await coins.run([
      "portfolio", "remove", "--id", "bitcoin", "0.25", "--file", file,
    ])
    expectEqual(refused.status, 1)
    #expect(
      refused.stderr.hasPrefix(
        "Error: Removing 0.25 BTC would change sales already made: sale 4 of 2025-03-01 (1.5 BTC, "
          + "by lifo, average"))
    #expect(refused.stderr.contains("The gains of 2025 would change. Nothing was removed;"))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), before)
    // Every method's year as it was before, with --yes FIFO's too: lot 3 keeps 0.75 and $1.50
    // of its fee, so sale 5's 0.5 of it still costs $101 and 2025's basis stays $802.00 (the
    // whole $2 fee kept on 0.75 made it $802.33).
    let fifo = "2025: proceeds $1,097.00, cost basis $802.00, gain +$295.00 (first in, first out)."
    try await expectEqual(Self.year(coins, file, "fifo"), fifo)
    let removed = try await coins.run(
      ["portfolio", "remove", "--id", "bitcoin", "0.25", "--yes", "--file", file])
    #expect(removed.status == 0, "\(removed.stderr)")
    expectEqual(removed.stdoutLines.first, "Removed 0.25 BTC. Holding: 0.25 BTC left.")
    try await expectEqual(Self.year(coins, file, "fifo"), fifo)
  }

  @Test func removingAHoldingWithSalesNamesThemAndNeedsYes() async throws {
    let (coins, file) = try await Self.workedExample()
    defer { coins.cleanUp() }
    let refused = try await coins.run(["portfolio", "remove", "--id", "bitcoin", "--file", file])
    expectEqual(refused.status, 1)
    #expect(
      refused.stderr
        == "Error: Removing all BTC would change sales already made: sale 4 of 2025-03-01 (1.5 "
        + "BTC, deleted); sale 5 of 2025-03-02 (2 BTC, deleted). The gains of 2025 would change. "
        + "Nothing was removed; run it again with --yes to remove it anyway.\n")
    let removed = try await coins.run([
      "portfolio", "remove", "--id", "bitcoin", "--yes", "--file", file,
    ])
    expectEqual(removed.status, 0)
    #expect(
      removed.stdoutLines == [
        "Removed all BTC. The portfolio no longer holds it.",
        "Changed sales already made: sale 4 of 2025-03-01 (1.5 BTC, deleted); sale 5 of "
          + "2025-03-02 (2 BTC, deleted). The gains of 2025 changed.", "",
      ])
  }

  @Test func coinsNoSaleTouchedGoWithoutAsking() async throws {
    let (coins, file) = try await Self.workedExample()
    defer { coins.cleanUp() }
    _ = try await coins.run(
      [
        "portfolio", "add", "--id", "bitcoin", "1", "--cost", "500", "--date", "2025-04-01",
        "--file", file,
      ])
    var years: [String: String?] = [:]
    for method in ["fifo", "lifo", "hifo", "average"] {
      years[method] = try await Self.year(coins, file, method)
    }
    // 1.5 held; the newest lot (after every sale) goes first: no sale changes by any method.
    let removed = try await coins.run([
      "portfolio", "remove", "--id", "bitcoin", "1", "--file", file,
    ])
    #expect(removed.status == 0, "\(removed.stderr)")
    expectEqual(removed.stdout, "Removed 1 BTC. Holding: 0.5 BTC left.\n")
    for method in ["fifo", "lifo", "hifo", "average"] {
      #expect(try await Self.year(coins, file, method) == years[method], "\(method)")
    }
  }
}
