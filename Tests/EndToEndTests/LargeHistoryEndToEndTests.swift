import Foundation
import Testing

/// A history of 100,000 transactions through the built binary: imported whole (and, the second
/// time, not again), then listed and costed to the figures the history was made to give.
/// (How fast is the benchmark's business, Benchmarks/large-history.sh: never timed here.)
@Suite(.spawnsProcesses) struct LargeHistoryEndToEndTests {
  /// 50 coins, 2,000 rows each, a minute apart in 2021: for coin `c`, each even row buys 1.5 at
  /// `100 + c` USD with a 0.30 fee, each odd row sells 0.5 at `200 + c`. So each coin ends with
  /// 1,000 buys of 1.5 and 1,000 sales of 0.5: 1,000 coins held. Three sales use up one lot
  /// exactly, so each sale's cost (first in, first out) is a third of one lot's:
  /// `0.5 × (100 + c) + 0.10`; its proceeds `0.5 × (200 + c)`. Over the 50 coins (Σc = 1,225):
  /// proceeds 500 × (50 × 200 + 1,225) = 5,612,500; cost basis 500 × (50 × 100 + 1,225) +
  /// 50,000 × 0.10 = 3,117,500; gain 2,495,000. 333⅓ lots used per coin: 667 still open, the
  /// oldest of them with 1 of its 1.5 left.
  static let history: String = {
    var lines = ["date,type,coin,amount,price,currency,fee,feeCurrency,note,id"]
    lines.reserveCapacity(100_001)
    let start = Date(timeIntervalSince1970: 1_609_459_200)  // 2021-01-01T00:00:00Z
    let formatter = ISO8601DateFormatter()
    for row in 0..<100_000 {
      let (step, coin) = row.quotientAndRemainder(dividingBy: 50)
      let date = formatter.string(from: start.addingTimeInterval(Double(row) * 60))
      lines.append(
        step.isMultiple(of: 2)
          ? "\(date),buy,coin-\(coin),1.5,\(100 + coin),usd,0.30,usd,,"
          : "\(date),sell,coin-\(coin),0.5,\(200 + coin),usd,,,,")
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test func aHundredThousandRowsImportToTheFiguresTheyWereMadeToGive() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let csv = coins.home.path + "/history.csv"
    let file = coins.home.path + "/p.json"
    try Data(Self.history.utf8).write(to: URL(fileURLWithPath: csv))

    let first = try await coins.run(["portfolio", "import", csv, "--file", file], timeout: 300)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.hasPrefix("Read 100000 rows of coins (v1) from \(csv).\n"))
    #expect(first.stdout.hasSuffix("Imported 100000 transactions into the wallet 'default'.\n"))
    let again = try await coins.run(["portfolio", "import", csv, "--file", file], timeout: 300)
    #expect(
      again.stdout.hasSuffix(
        "Imported 0 transactions into the wallet 'default'; 100000 already there.\n"))
    #expect(!FileManager.default.fileExists(atPath: file + ".bak"), "the second import wrote")
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("{\n  \"version\": 3,"))

    let list = try await coins.run(["portfolio", "list", "--json", "--file", file], timeout: 300)
    let holdings = try JSONDecoder().decode(ListDocument.self, from: Data(list.stdout.utf8))
      .holdings
    expectEqual(holdings.map(\.id), (0..<50).map { "coin-\($0)" })
    #expect(holdings.allSatisfy { $0.amount == 1000 && $0.lots.count == 667 })
    #expect(holdings.allSatisfy { $0.lots.first?.amount == 1 && $0.lots.last?.amount == 1.5 })

    let gains = try await coins.run(["portfolio", "gains", "--json", "--file", file], timeout: 300)
    #expect(gains.status == 0, "\(gains.stderr)")
    #expect(gains.stdout.contains(#""sales":[{"id":"51","#))
    #expect(gains.stdout.components(separatedBy: #"{"id":""#).count - 1 == 50_000)
    // Each sale takes 0.5 of one lot bought minutes before: one short-term lot line per sale,
    // with the sale's own figures, so the short term is the year and the long term nothing.
    expectEqual(gains.stdout.components(separatedBy: #""term":"short""#).count - 1, 50_000)
    #expect(
      gains.stdout.hasSuffix(
        #""years":[{"year":2021,"proceeds":5612500,"costBasis":3117500,"gain":2495000,"#
          + #""shortTerm":{"proceeds":5612500,"costBasis":3117500,"gain":2495000},"#
          + #""longTerm":{"proceeds":0,"costBasis":0,"gain":0}}]}"# + "\n"))

    // The table: a line per sale by date (the nth sale, from 0, is coin n % 50's of the block
    // of rows (2 × (n / 50) + 1) × 50 on), drawn in parts, one per core: on two cores, of
    // 25,000 sales each.
    let table = try await coins.run(["portfolio", "gains", "--file", file], timeout: 300)
    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdout.split(separator: "\n").map(String.init)
    // The rules' title, the header, a line per sale, the year's three lines: 1 + 1 + 50,000 + 3.
    let expectedLines = 50_005
    try #require(lines.count == expectedLines)
    #expect(lines[0].hasPrefix("Gains by US rules in USD"))
    #expect(
      lines[1] == "Date        Coin     Amount  Proceeds  Cost basis     Gain  Lots  Term       ID")
    #expect(
      lines[2] == "2021-01-01  coin-0      0.5   $100.00      $50.10  +$49.90     1  short      51")
    // Either side of the cut on two cores: sale 24,999 is coin 49's at row 49,999 (34 days
    // and 1,039 minutes in), sale 25,000 coin 0's at row 50,050 (34 days and 1,090 minutes).
    #expect(
      lines[25_001]
        == "2021-02-04  coin-49     0.5   $124.50      $74.60  +$49.90     1  short   50000")
    #expect(
      lines[25_002]
        == "2021-02-04  coin-0      0.5   $100.00      $50.10  +$49.90     1  short   50051")
    // Row 99,999: 69 days and 639 minutes in.
    #expect(
      lines[50_001]
        == "2021-03-11  coin-49     0.5   $124.50      $74.60  +$49.90     1  short  100000")
    #expect(lines[1...50_001].allSatisfy { $0.count == lines[1].count })
    #expect(
      lines[50_002]
        == "2021: proceeds $5,612,500.00, cost basis $3,117,500.00, gain +$2,495,000.00 "
        + "(first in, first out).")
  }
}
