import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsTestSupport
import Foundation
import Testing

/// The quick reader of the portfolio file's transactions reads what ``TransactionCodec`` reads,
/// the same way, and leaves the rest to it.
@Suite struct QuickTransactionReaderTests {
  /// Each field's usual values, and others that are wrong or unusual.
  private static let choices: [(String, [String])] = [
    ("id", [#""7""#, #""1204""#, #"" 7""#, #""a,b""#, "7", "null", #""x  y""#]),
    ("type", [#""buy""#, #""sell""#, #""in""#, #""out""#, #""swap""#, "1", #""Buy""#]),
    (
      "amount",
      [
        #""0.5""#, #""1500""#, #""0""#, #""1e3""#, #"" 1""#, "0.5", #""1000000000000001""#,
        #""12345678901234567890""#, #""0.0000000000000000001""#, "null",
      ]
    ),
    ("price", [#""42000""#, #""1.50""#, #""0""#, #""-1""#, "null", "42", #""""#]),
    ("currency", [#""usd""#, #""EUR""#, #""""#, "null", "5"]),
    ("fee", [#""4.2""#, #""0.10""#, "null", #""x""#]),
    ("feeCurrency", [#""usd""#, #""Eur""#, "null", "true"]),
    (
      "date",
      [
        #""2026-01-01T00:00:00.000Z""#, #""2026-11-29T16:00:00+02:00""#, #""yesterday""#, "null",
        #""2026-01-01T00:00:00.123456Z""#,
      ]
    ),
    ("note", [#""order 7""#, #""✨""#, #""a\"b""#, "null", "true", #""""#]),
    ("income", ["false", "true", "null", #""yes""#]),
    ("externalId", [#""TX-1""#, #""""#, "5", #""tx 1""#]),
    ("wallet", [#""kraken""#, #"" cold""#, #""default""#, "null"]),
    ("costUnknown", ["false", "true", "null", #""true""#]),
    ("tag", ["1", #"{"by": "hand"}"#]),
  ]

  /// A transaction's object of some of the fields, in some order, now and then one twice.
  private static func object(_ random: inout SeededRandom) -> String {
    var members: [String] = []
    for (name, values) in choices {
      // Each field four times in five, the unknown member one time in ten.
      let present =
        name == "type" || name == "amount"
        || (name == "tag" ? random.below(10) == 0 : random.below(5) > 0)
      guard present else { continue }
      // The usual value most of the time.
      let value = random.below(12) > 0 ? values[0] : random.pick(values)
      members.append("\"\(name)\": \(value)")
    }
    if random.below(10) == 0, let repeated = members.first { members.append(repeated) }
    if random.below(4) == 0 { members.shuffle(using: &random) }
    return "{" + members.joined(separator: random.below(2) == 0 ? ", " : ",\n ") + "}"
  }

  @Test func whatItReadsTheCodecReadsTheSame() throws {
    var random = SeededRandom(seed: 2029)
    var quicklyRead = 0
    for _ in 0..<4_000 {
      let text = Self.object(&random) + " ,"
      for version in [2, 3] {
        var quick = JSONCursor(Array(text.utf8))
        var slow = JSONCursor(Array(text.utf8))
        let expected = try? TransactionCodec.decode(from: &slow, at: "t", version: version)
        guard let read = QuickTransactionReader.read(from: &quick, version: version) else {
          #expect(quick.position == 0, "\(text)")
          continue
        }
        quicklyRead += 1
        #expect(read == expected, "\(text) in version \(version)")
        #expect(quick.position == slow.position)
      }
    }
    // The usual objects are read quickly.
    #expect(quicklyRead > 1_000)
  }

  @Test func theUsualTransactionIsReadQuickly() throws {
    let text = """
      {"id": "3", "type": "sell", "amount": "0.1", "price": "50000", "currency": "usd", \
      "fee": "5", "feeCurrency": "usd", "date": "2026-03-01T00:00:00.000Z", "note": "rebalance", \
      "externalId": "K-1", "wallet": "kraken"}
      """
    var cursor = JSONCursor(Array(text.utf8))
    let read = try #require(QuickTransactionReader.read(from: &cursor, version: 3))
    #expect(
      read
        == Transaction(
          id: "3", kind: .sell, amount: PortfolioFixtures.decimal("0.1"), price: 50_000,
          currency: "usd", fee: 5, feeCurrency: "usd",
          date: PortfolioFixtures.date("2026-03-01T00:00:00Z"), note: "rebalance",
          externalID: "K-1", wallet: "kraken"))
    #expect(cursor.position == text.utf8.count)
  }
}
