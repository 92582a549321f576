import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// A move's arriving half in the file: `"movedFrom"` read, written back as it was, and refused
/// where it means nothing.
@Suite struct MoveCodecTests {
  static let move = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "1", "price": "20000", "currency": "usd", "date": "2024-01-01T00:00:00.000Z", "wallet": "coinbase"},
            {"id": "2", "type": "out", "amount": "0.5", "date": "2024-07-01T00:00:00.000Z", "wallet": "coinbase"},
            {"id": "3", "type": "in", "amount": "0.49", "date": "2024-07-01T00:00:00.000Z", "wallet": "kraken", "movedFrom": "2"}
          ]
        }
      ]
    }

    """

  @Test func aMovesArrivalIsReadAndWrittenAsItWas() throws {
    let (portfolio, _) = try PortfolioCodec.decode(Array(Self.move.utf8))
    let holding = try #require(portfolio.holding(id: "bitcoin"))
    expectEqual(holding.transactions.map(\.movedFrom), [nil, nil, "2"])
    expectEqual(holding.moves, ["2": 2])
    expectEqual(PortfolioCodec.text(of: portfolio), Self.move)
  }

  @Test(arguments: [
    (
      #"{"id": "3", "type": "buy", "amount": "1", "movedFrom": "2"}"#,
      #"holdings[0].transactions[0].movedFrom is only for a transfer in ("type": "in")"#
    ),
    (
      #"{"id": "3", "type": "in", "amount": "1", "movedFrom": 2}"#,
      #"holdings[0].transactions[0].movedFrom should be a short string such as "3""#
    ),
  ])
  func refusesAMoveLinkThatMeansNothing(transaction: String, expected: String) {
    let text =
      #"{"version": 3, "holdings": [{"id": "bitcoin", "transactions": ["#
      + transaction + "]}]}"
    #expect(throws: PortfolioCodec.Invalid.self) { try PortfolioCodec.decode(Array(text.utf8)) }
    do {
      _ = try PortfolioCodec.decode(Array(text.utf8))
    } catch {
      expectEqual(error.detail, expected)
    }
  }

  @Test func aVersionTwoMemberNamedMovedFromIsKeptAsItWasNotRead() throws {
    let text =
      #"{"version": 2, "holdings": [{"id": "bitcoin", "transactions": ["#
      + #"{"id": "1", "type": "in", "amount": "1", "movedFrom": "7"}]}]}"#
    let (portfolio, _) = try PortfolioCodec.decode(Array(text.utf8))
    let transaction = try #require(portfolio.holding(id: "bitcoin")?.transactions.first)
    #expect(transaction.movedFrom == nil)
    expectEqual(transaction.extra, [KeptMember("v2:movedFrom", json: #""7""#)])
  }
}
