import Foundation
import Testing

/// The journal's crash rule under a real fault: the journal entry is written, then the
/// portfolio file's write fails (the file size limit stops it, as a crash between the two
/// writes would). The entry of the change that never happened is not listed, `undo` takes back
/// the change before it, and the next change cuts the dead entry off.
@Suite(.spawnsProcesses) struct HardeningJournalFaultTests {
  @Test func aWriteStoppedBetweenTheJournalAndTheFileLeavesNoChange() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let file = coins.home.path + "/p.json"
    let csv = coins.home.path + "/rows.csv"
    // 40 buys: a file of about 5 KB, an entry of under 1 KB (it records ids, not the rows).
    let rows = (1...40).map {
      "2024-01-\(String(format: "%02d", ($0 - 1) % 28 + 1)),buy,bitcoin,0.01,100,usd"
    }
    try Data(("date,type,coin,amount,price,currency\n" + rows.joined(separator: "\n") + "\n").utf8)
      .write(to: URL(fileURLWithPath: csv))
    let first = try await coins.run(
      [
        "portfolio", "add", "--id", "bitcoin", "1", "--cost", "90", "--date", "2023-12-01",
        "--file", file,
      ])
    #expect(first.status == 0, "\(first.stderr)")
    let afterFirst = try Data(contentsOf: URL(fileURLWithPath: file))
    let imported = try await coins.run([
      "portfolio", "import", csv, "--format", "coins", "--file", file,
    ])
    #expect(imported.status == 0, "\(imported.stderr)")
    let afterImport = try Data(contentsOf: URL(fileURLWithPath: file))
    let journalBefore = try Data(contentsOf: URL(fileURLWithPath: file + ".journal"))
    #expect(afterImport.count > 4_096 && journalBefore.count < 3_000)

    // dash counts `ulimit -f` in 512-byte blocks: 4 KB lets the journal grow, not the file.
    let command =
      "ulimit -f 8; trap '' XFSZ; exec \"$0\" portfolio add --id bitcoin 2 --cost 95 "
      + "--date 2024-02-01 --file \"$1\""
    let stopped = try await coins.run(
      ["-c", command, CoinsBinary.executableURL.path, file],
      executable: URL(fileURLWithPath: "/bin/sh"))

    #expect(stopped.status == 1, "\(stopped.stderr)")
    #expect(stopped.stderr.hasPrefix("Error: The portfolio file \(file) could not be written: "))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), afterImport)
    let journal = try Data(contentsOf: URL(fileURLWithPath: file + ".journal"))
    #expect(journal.count > journalBefore.count)  // the entry was written…
    let log = try await coins.run(["portfolio", "log", "--json", "--file", file])
    #expect(log.status == 0, "\(log.stderr)")
    let document = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [String: Any]
    let changes = try #require(document?["changes"] as? [[String: Any]])
    expectEqual(changes.count, 2)  // …and is not listed: its change never reached the file

    let undo = try await coins.run(["portfolio", "undo", "--file", file])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout.hasPrefix("Took back change 2 (coins portfolio import "))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: file)), afterFirst)
    let lines = try String(contentsOfFile: file + ".journal", encoding: .utf8)
      .split(separator: "\n")
    expectEqual(lines.count, 3)  // changes 1 and 2, and the undo numbered 3: the dead entry cut off
    #expect(lines[2].hasPrefix("{\"change\": 3, "))
  }
}
