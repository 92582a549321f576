import Foundation
import Testing

/// `coins portfolio edit` through the built binary: what changed, each year's gain before and
/// after, refusals with nothing written, and `undo` taking an edit back byte for byte.
@Suite(.spawnsProcesses) struct EditEndToEndTests {
  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// Buys 0.5 at $40,000 (2024-01-01) and 0.2 at $50,000 (2024-02-01); sells 0.6 at $60,000
  /// (2024-03-01) and 0.05 at $70,000 (2025-03-01).
  private func history(_ coins: CoinsBinary, _ file: String) async throws {
    for arguments in [
      ["portfolio", "add", "--id", "bitcoin", "0.5", "--cost", "40000", "--date", "2024-01-01"],
      ["portfolio", "add", "--id", "bitcoin", "0.2", "--cost", "50000", "--date", "2024-02-01"],
      ["portfolio", "sell", "--id", "bitcoin", "0.6", "--price", "60000", "--date", "2024-03-01"],
      ["portfolio", "sell", "--id", "bitcoin", "0.05", "--price", "70000", "--date", "2025-03-01"],
    ] {
      let result = try await coins.run(arguments + ["--file", file])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
  }

  @Test func anEditSaysWhatChangedAndHowTheYearsGainMovedAndUndoTakesItBack() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    try await history(coins, file)
    let before = try bytes(file)

    let edit = try await coins.run(["portfolio", "edit", "1", "--price", "42000", "--file", file])

    // 2024's sale of 0.6 at $60,000 = $36,000 takes 0.5 of buy 1 and 0.1 of buy 2 (FIFO):
    // before 0.5 × 40,000 + 0.1 × 50,000 = $25,000 → gain $11,000; after 0.5 × 42,000 + 5,000
    // = $26,000 → gain $10,000. 2025's sale takes only buy 2: unchanged, not shown.
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(
      edit.stdout
        == "Edited transaction 1, a buy of BTC:\n  price: $40,000.00 → $42,000.00\n"
        + "2024: BTC gain $11,000.00 → $10,000.00 (1 sale; US rules, FIFO, universal)\n")
    let undo = try await coins.run(["portfolio", "undo", "--file", file])
    #expect(undo.status == 0, "\(undo.stderr)")
    try expectEqual(bytes(file), before)
  }

  @Test func refusalsAndBadInputWriteNothing() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    try await history(coins, file)
    let fileBefore = try bytes(file)
    let journalBefore = try bytes(file + ".journal")
    let cases: [([String], Int32, String)] = [
      (
        ["2", "--amount", "0.05"], 1,
        "Error: Cannot edit: transaction 3 on 2024-03-01 would then take out more bitcoin than "
          + "wallet default holds (0.55). Nothing was changed.\n"
      ),
      (
        ["3", "--income"], 1,
        "Error: --income does not apply to transaction 3, a sell: only coins that came in from "
          + "outside can be income. Nothing was changed.\n"
      ),
      (
        ["99", "--note", "x"], 65,
        "Error: No transaction has the id '99'; coins portfolio history lists them.\n"
      ),
    ]
    for (arguments, status, message) in cases {
      let result = try await coins.run(["portfolio", "edit"] + arguments + ["--file", file])
      #expect(result.status == status, "\(arguments): \(result.stderr)")
      expectEqual(result.stderr, message)
    }
    for arguments in [["1", "--date", "2999-01-01"], ["1", "--amount", "-1"], ["1"]] {
      let result = try await coins.run(["portfolio", "edit"] + arguments + ["--file", file])
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "))
    }
    try expectEqual(bytes(file), fileBefore)
    try expectEqual(bytes(file + ".journal"), journalBefore)
  }
}
