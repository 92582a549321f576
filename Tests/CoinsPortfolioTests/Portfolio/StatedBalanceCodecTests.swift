import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Foundation
import Testing

/// The portfolio file's `"statedBalances"` and `"accepted"`: a file without them (every file
/// before them) reads as it did and writes back byte for byte; with them, they read and write
/// back unchanged; a bad one names its place.
@Suite struct StatedBalanceCodecTests {
  static let older = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd", "date": "2024-01-02T10:00:00.000Z", "wallet": "kraken"}
          ]
        }
      ]
    }

    """

  @Test func aFileWithoutThemReadsAndWritesBackAsItWas() throws {
    let (portfolio, newer) = try PortfolioCodec.decode(Array(Self.older.utf8))
    #expect(newer == nil)
    #expect(portfolio.statedBalances.isEmpty)
    #expect(portfolio.accepted.isEmpty)
    #expect(portfolio.extra.isEmpty)
    expectEqual(PortfolioCodec.text(of: portfolio), Self.older)
  }

  @Test func theyReadAndWriteBackUnchanged() throws {
    let text = Self.older.replacingOccurrences(
      of: "\n  ]\n}\n",
      with: """

          ],
          "statedBalances": [
            {"coin": "bitcoin", "wallet": "kraken", "amount": "0.5", "date": "2024-01-02T10:00:00.000Z", "file": "ledgers.csv", "line": 3}
          ],
          "accepted": [
            {"transaction": "1", "reason": "a gift", "date": "2026-12-02T10:00:00.000Z"}
          ]
        }

        """)
    let (portfolio, _) = try PortfolioCodec.decode(Array(text.utf8))
    #expect(
      portfolio.statedBalances == [
        BalanceStatement(
          coin: "bitcoin", wallet: "kraken", amount: Decimal(string: "0.5")!,
          date: Date(timeIntervalSince1970: 1_704_189_600), file: "ledgers.csv", line: 3)
      ])
    expectEqual(portfolio.accepted.map(\.transaction), ["1"])
    expectEqual(portfolio.accepted.map(\.reason), ["a gift"])
    expectEqual(PortfolioCodec.text(of: portfolio), text)
  }

  @Test func aBadStatementNamesItsPlace() {
    let text = Self.older.replacingOccurrences(
      of: "\n  ]\n}\n", with: "\n  ],\n  \"statedBalances\": [{\"coin\": \"bitcoin\"}]\n}\n")
    #expect(throws: PortfolioCodec.Invalid.self) {
      try PortfolioCodec.decode(Array(text.utf8))
    }
    do {
      _ = try PortfolioCodec.decode(Array(text.utf8))
    } catch {
      expectEqual(error.detail, "statedBalances[0].amount is missing or not a number in a string")
    }
  }
}
