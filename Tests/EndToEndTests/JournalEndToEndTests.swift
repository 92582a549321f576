import Foundation
import Testing

/// `coins portfolio log` and `undo` through the built binary: every change journaled with its
/// command line, an import of thousands of rows taken back byte for byte, and each refusal
/// leaving the file and its journal as they were.
@Suite(.spawnsProcesses) struct JournalEndToEndTests {
  /// 3,000 buys of bitcoin at $100, one a day from 2020-01-01 (each 0.001 BTC).
  private static let bigImport: String = {
    var text = "date,type,coin,amount,price,currency\n"
    let start = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
    for day in 0..<3_000 {
      let date = String(
        ISO8601DateFormatter().string(from: start + Double(day) * 86_400).prefix(10))
      text += "\(date),buy,bitcoin,0.001,100,usd\n"
    }
    return text
  }()

  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func anImportOfThousandsOfRowsIsTakenBackByteForByte() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    let csv = coins.home.path + "/big.csv"
    try Data(Self.bigImport.utf8).write(to: URL(fileURLWithPath: csv))
    let add = try await coins.run(
      [
        "portfolio", "add", "--id", "bitcoin", "0.5", "--cost", "40000", "--date", "2019-06-01",
        "--file", file,
      ])
    #expect(add.status == 0, "\(add.stderr)")
    let before = try bytes(file)
    let imported = try await coins.run(
      ["portfolio", "import", csv, "--format", "coins", "--file", file])
    #expect(imported.status == 0, "\(imported.stderr)")

    let log = try await coins.run(["portfolio", "log", "--json", "--file", file])
    let document = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [String: Any]
    let changes = try #require(document?["changes"] as? [[String: Any]])
    #expect(
      changes.map { $0["summary"] as? String } == [
        "added transaction 1", "added 3000 transactions",
      ])
    #expect(
      changes[1]["command"] as? [String] == [
        "coins", "portfolio", "import", csv, "--format", "coins", "--file", file,
      ])
    expectEqual(changes[1]["added"] as? Int, 3_000)

    let undo = try await coins.run(["portfolio", "undo", "--file", file])

    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(
      undo.stdout
        == "Took back change 2 (coins portfolio import \(csv) --format coins --file \(file)), "
        + "which added 3000 transactions.\n"
        + "The portfolio file is byte for byte as it was before it.\n")
    try expectEqual(bytes(file), before)
    let table = try await coins.run(["portfolio", "log", "--file", file])
    #expect(table.stdoutLines[3].hasSuffix("took back change 2 (removed 3000 transactions)"))
    #expect(table.stdoutLines[2].hasSuffix("added 3000 transactions (taken back by 3)"))
  }

  @Test func refusalsNameTheChangeAndLeaveFileAndJournalAsTheyWere() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    for arguments in [
      ["portfolio", "add", "--id", "bitcoin", "0.5", "--cost", "40000", "--date", "2024-01-01"],
      ["portfolio", "add", "--id", "bitcoin", "0.2", "--cost", "50000", "--date", "2024-02-01"],
      ["portfolio", "sell", "--id", "bitcoin", "0.6", "--price", "60000", "--date", "2024-03-01"],
    ] {
      let result = try await coins.run(arguments + ["--file", file])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let fileBefore = try bytes(file)
    let journalBefore = try bytes(file + ".journal")

    let cases: [([String], Int32, String)] = [
      (
        ["--change", "1"], 1,
        "Error: Cannot take back change 1: transaction 3 would then take out more bitcoin than "
          + "was held on 2024-03-01 (recorded by change 3; take it back first). Nothing was "
          + "changed.\n"
      ),
      (
        ["--change", "4"], 64,
        "Error: There is no change 4; the changes are numbered 1 to 3 (coins portfolio log).\n"
      ),
      (
        ["--change", "x"], 64,
        "Error: The value 'x' is invalid for '--change <n>': give a change number (coins "
          + "portfolio log).\nUsage: coins portfolio undo [<id>] [--change <n>] [--file <path>]\n"
          + "  See 'coins portfolio undo --help' for more information.\n"
      ),
      (["9"], 1, "Error: No transaction has the id '9'; coins portfolio history lists them.\n"),
    ]
    for (arguments, status, message) in cases {
      let result = try await coins.run(["portfolio", "undo"] + arguments + ["--file", file])
      #expect(result.status == status, "\(arguments): \(result.stderr)")
      expectEqual(result.stderr, message)
      #expect(try bytes(file) == fileBefore, "\(arguments)")
      #expect(try bytes(file + ".journal") == journalBefore, "\(arguments)")
    }

    // `undo <id>` keeps its meaning and is itself a change that can be taken back.
    let removed = try await coins.run(["portfolio", "undo", "3", "--file", file])
    #expect(removed.status == 0, "\(removed.stderr)")
    let back = try await coins.run(["portfolio", "undo", "--file", file])
    #expect(
      back.stdout.hasPrefix(
        "Took back change 4 (coins portfolio undo 3 --file \(file)), which removed transaction 3.\n"
      ))
    try expectEqual(bytes(file), fileBefore)
  }
}
