import CoinsModel
import CoinsServices
import CoinsUnitTestSupport
import Testing

/// A large portfolio is written in pieces, on every core, joined in order: the same bytes as
/// written in one piece, wherever the pieces are cut.
@Suite struct PortfolioCodecWritingTests {
  /// Holdings whose joins a cut may fall on: three transactions (cut inside), none (with a
  /// member of its own), two (a whole piece), and a member after the holdings.
  static let joins = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "0.5", "price": "42000", "currency": "usd", "date": "2026-11-29T14:00:00.000Z"},
            {"id": "2", "type": "buy", "amount": "0.25"},
            {"id": "3", "type": "sell", "amount": "0.1", "price": "43000", "currency": "usd", "date": "2026-11-30T09:00:00.000Z"}
          ]
        },
        {
          "id": "dogecoin",
          "transactions": [],
          "note": "sold it all"
        },
        {
          "id": "ethereum",
          "transactions": [
            {"id": "4", "type": "buy", "amount": "2", "price": "2500.5", "currency": "eur"},
            {"id": "5", "type": "buy", "amount": "1"}
          ],
          "note": "ledger"
        }
      ],
      "owner": "me"
    }

    """

  @Test(arguments: [1, 2, 3, 1_000])
  func piecesJoinToTheFileWrittenAsAWhole(pieceSize: Int) throws {
    let (portfolio, _) = try PortfolioCodec.decode(Array(Self.joins.utf8))

    let onEveryCore = PortfolioCodec.bytes(of: portfolio, pieceSize: pieceSize, threshold: 0)
    let onOne = PortfolioCodec.bytes(of: portfolio, pieceSize: pieceSize, threshold: .max)

    expectEqual(String(decoding: onEveryCore, as: UTF8.self), Self.joins)
    expectEqual(String(decoding: onOne, as: UTF8.self), Self.joins)
  }

  @Test func emptyHoldingsFirstAndLastJoinToo() throws {
    let text = """
      {
        "version": 3,
        "holdings": [
          {
            "id": "bitcoin",
            "transactions": []
          },
          {
            "id": "ethereum",
            "transactions": [
              {"id": "1", "type": "buy", "amount": "2"}
            ]
          },
          {
            "id": "solana",
            "transactions": []
          }
        ]
      }

      """
    let (portfolio, _) = try PortfolioCodec.decode(Array(text.utf8))

    let written = PortfolioCodec.bytes(of: portfolio, pieceSize: 1, threshold: 0)

    expectEqual(String(decoding: written, as: UTF8.self), text)
  }

  @Test func aPortfolioAboveTheThresholdIsWrittenByteForByte() throws {
    // 30 coins × 336 days × a buy and a sell: 20,160 transactions, above the 20,000 at which
    // the file is written on every core.
    let text = LargeFileReadingTests.text(holdings: 30, buys: 336)
    let (portfolio, _) = try PortfolioCodec.decode(Array(text.utf8))
    expectEqual(portfolio.holdings.reduce(0) { $0 + $1.transactions.count }, 20_160)

    expectEqual(PortfolioCodec.text(of: portfolio), text)
    let inSmallPieces = PortfolioCodec.bytes(of: portfolio, pieceSize: 333, threshold: 0)
    expectEqual(inSmallPieces, Array(text.utf8))
  }
}
