import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// A large portfolio file (over 2 MB) is read in parts, a part on each core: the same holdings
/// as read one by one, and the same first error, whichever part it is in.
@Suite struct LargeFileReadingTests {
  /// `holdings` coins (`coin-1`, …), each with `buys` buys of 1 at 10 and `buys` sells of 1 at
  /// 12, ids numbered through the file, as coins writes it: about 3 MB.
  static func text(holdings: Int = 24, buys: Int = 120, note: String = "") -> String {
    var lines: [String] = []
    var id = 0
    for coin in 1...holdings {
      var transactions: [String] = []
      for day in 0..<buys {
        for kind in ["buy", "sell"] {
          id += 1
          let date = String(
            format: "2024-%02d-%02dT%02d:00:00.000Z", day / 28 + 1, day % 28 + 1,
            kind == "buy" ? 1 : 2)
          transactions.append(
            #"        {"id": "\#(id)", "type": "\#(kind)", "amount": "1", "price": "\#(kind == "buy" ? 10 : 12)", "currency": "usd", "date": "\#(date)", "note": "\#(note)\#(String(repeating: "x", count: 400))"}"#
          )
        }
      }
      lines.append(
        "    {\n      \"id\": \"coin-\(coin)\",\n      \"transactions\": [\n"
          + transactions.joined(separator: ",\n") + "\n      ]\n    }")
    }
    return "{\n  \"version\": 3,\n  \"holdings\": [\n" + lines.joined(separator: ",\n")
      + "\n  ]\n}\n"
  }

  @Test func aLargeFileReadsToEveryHoldingInItsOrder() throws {
    let text = Self.text()
    #expect(text.utf8.count > 2_000_000)

    let (portfolio, _) = try PortfolioCodec.decode(Array(text.utf8))

    // 24 coins × 120 days × a buy and a sell: 5,760 transactions, ids 1…5760 in order.
    expectEqual(portfolio.holdings.map(\.id), (1...24).map { "coin-\($0)" })
    let ids = portfolio.holdings.flatMap { $0.transactions.map(\.id) }
    expectEqual(ids, (1...5_760).map(String.init))
    #expect(portfolio.holdings.allSatisfy { $0.amount == 0 })
    expectEqual(PortfolioCodec.text(of: portfolio), text)
  }

  @Test func laidOutOtherwiseItReadsTheSame() throws {
    // One holding per line, as a hand or another tool may write it: no boundary coins writes.
    let text = Self.text()
    let squeezed = text.replacingOccurrences(of: "\n    },\n    {", with: "},{")
    #expect(squeezed.utf8.count > 2_000_000)

    let (portfolio, _) = try PortfolioCodec.decode(Array(squeezed.utf8))

    expectEqual(PortfolioCodec.text(of: portfolio), text)
  }

  @Test func theFirstProblemIsNamedWhicheverPartItIsIn() {
    let text = Self.text()
    // A sale of 2 in coin-20's first day, when 1 is held: a late holding's overdraw.
    let overdrawn = text.replacingOccurrences(
      of: #""id": "4562", "type": "sell", "amount": "1""#,
      with: #""id": "4562", "type": "sell", "amount": "2""#)
    // A repeated id in coin-23; then also a broken member in coin-22, before it.
    let repeated = text.replacingOccurrences(of: #""id": "5282","#, with: #""id": "5281","#)
    let broken = repeated.replacingOccurrences(
      of: #""id": "5042", "type": "sell", "amount": "1""#,
      with: #""id": "5042", "type": "sell", "amount": "lots""#)

    #expect(
      problem(overdrawn)
        == "holdings[19].transactions[1] takes out 2, more than the 1 held at its date")
    #expect(
      problem(repeated) == #"holdings[22]: the transaction id "5281" appears twice"#)
    #expect(
      problem(broken)
        == #"holdings[21].transactions[1].amount should be a positive decimal string such as "0.5""#
    )
  }

  private func problem(_ text: String) -> String? {
    do {
      _ = try PortfolioCodec.decode(Array(text.utf8))
      return nil
    } catch {
      return error.detail
    }
  }
}

/// ``Parallel/map(_:weight:threshold:_:)``: every item's result in its place, on every core or
/// in this thread.
@Suite struct ParallelMapTests {
  @Test(arguments: [0, 1_000_000])
  func resultsKeepTheOrderOfTheItems(threshold: Int) {
    // Uneven weights: the runs are cut by weight, not by count.
    let items = Array(0..<1_001)
    let squares = Parallel.map(items, weight: { $0 % 7 == 0 ? 500 : 1 }, threshold: threshold) {
      $0 * $0
    }
    expectEqual(squares, items.map { $0 * $0 })
  }

  @Test func noItemsNoResults() {
    #expect(Parallel.map([Int](), weight: { _ in 1 }, threshold: 0) { $0 }.isEmpty)
  }
}
