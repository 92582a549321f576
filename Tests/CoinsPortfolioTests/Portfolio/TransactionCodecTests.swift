import CoinsModel
import CoinsServices
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// The portfolio file's transactions are read by one reader: every field checked, a refused
/// value named with the words that say why, and the members `coins` does not know kept.
@Suite struct TransactionCodecTests {
  /// The transaction `text` is (read at `t`), the cursor checked to be after it.
  private func read(_ text: String, version: Int = 3) throws -> Transaction {
    var cursor = JSONCursor(Array(text.utf8))
    let read = try TransactionCodec.decode(from: &cursor, at: "t", version: version)
    expectEqual(cursor.position, text.utf8.count)
    return read
  }

  /// Why `text` is refused (at `t`), or `nil` when it is read.
  private func refusal(_ text: String, version: Int = 3) -> String? {
    do {
      _ = try read(text, version: version)
      return nil
    } catch let invalid as PortfolioCodec.Invalid {
      return invalid.detail
    } catch let syntax as JSONValueParser.SyntaxError {
      return syntax.description
    } catch {
      return "\(error)"
    }
  }

  private func decimal(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  @Test func theUsualTransaction() throws {
    let text = """
      {"id": "3", "type": "sell", "amount": "0.1", "price": "50000", "currency": "usd", \
      "fee": "5", "feeCurrency": "usd", "date": "2026-03-01T00:00:00.000Z", "note": "rebalance", \
      "externalId": "K-1", "wallet": "kraken"}
      """
    #expect(
      try read(text)
        == Transaction(
          id: "3", kind: .sell, amount: decimal("0.1"), price: 50_000, currency: "usd", fee: 5,
          feeCurrency: "usd", date: PortfolioFixtures.date("2026-03-01T00:00:00Z"),
          note: "rebalance", externalID: "K-1", wallet: "kraken"))
  }

  @Test func valuesAsAHandMayWriteThem() throws {
    // A number for the amount, upper case codes, an escape and an emoji in the note, a time
    // with an offset, a wallet with a space, a 64-letter id of 2-byte letters, over lines.
    let id = String(repeating: "é", count: 64)
    let text = """
      {"id": "\(id)", "type": "in", "amount": 0.5, "price": "1.50", "currency": "EUR",
       "fee": "0.10", "feeCurrency": "Eur", "note": "a\\"b ✨",
       "date": "2026-11-29T16:00:00+02:00", "income": true, "wallet": "cold store"}
      """
    #expect(
      try read(text)
        == Transaction(
          id: id, kind: .transferIn, amount: decimal("0.5"), price: decimal("1.5"),
          currency: "eur", fee: decimal("0.1"), feeCurrency: "eur",
          date: PortfolioFixtures.date("2026-11-29T14:00:00Z"), note: "a\"b ✨", isIncome: true,
          wallet: "cold store"))
  }

  @Test func nullIsNoValueAndAMissingIdIsLeftToTheStore() throws {
    let text = """
      {"type": "in", "amount": "2", "price": null, "currency": null, "fee": null, \
      "feeCurrency": null, "date": null, "note": null, "income": null, "externalId": null, \
      "wallet": null, "costUnknown": true, "movedFrom": "12"}
      """
    #expect(
      try read(text)
        == Transaction(kind: .transferIn, amount: 2, movedFrom: "12", costUnknown: true))
  }

  @Test func theFirstOfAFieldNamedTwiceCounts() throws {
    let text = #"{"type": "buy", "amount": "1", "price": "10", "price": "x", "amount": 2}"#
    try expectEqual(read(text), Transaction(kind: .buy, amount: 1, price: 10))
  }

  @Test func membersItDoesNotKnowAreKeptInOrder() throws {
    let text = #"{"type": "buy", "tag": {"by": "hand"}, "amount": "1", "n": [1, 2.50, null]}"#
    #expect(
      try read(text).extra == [
        KeptMember("tag", json: #"{"by": "hand"}"#), KeptMember("n", json: "[1, 2.50, null]"),
      ])
  }

  @Test func inVersionTwoTheNamesOfVersionThreeAreKeptAside() throws {
    let text =
      #"{"type": "in", "amount": "1", "costUnknown": true, "movedFrom": "3", "priceSource": "yours"}"#
    let read = try read(text, version: 2)
    #expect(!read.costUnknown)
    #expect(read.movedFrom == nil)
    #expect(read.priceSource == nil)
    #expect(
      read.extra == [
        KeptMember("v2:costUnknown", json: "true"), KeptMember("v2:movedFrom", json: #""3""#),
        KeptMember("v2:priceSource", json: #""yours""#),
      ])
  }

  @Test(arguments: [
    (#"{"type": "Buy", "amount": "1"}"#, #"t.type should be one of "buy", "sell", "in", "out""#),
    (#"{"amount": "1"}"#, #"t.type should be one of "buy", "sell", "in", "out""#),
    (#"{"type": "buy"}"#, #"t.amount should be a positive decimal string such as "0.5""#),
    (
      #"{"type": "buy", "amount": "0"}"#,
      #"t.amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"type": "buy", "amount": "1e3"}"#,
      #"t.amount should be a positive decimal string such as "0.5""#
    ),
    (
      #"{"type": "buy", "amount": "1", "id": "a,b"}"#, #"t.id should be a short string such as "3""#
    ),
    (
      #"{"type": "buy", "amount": "1", "id": "x  y"}"#,
      #"t.id should be a short string such as "3""#
    ),
    (#"{"type": "buy", "amount": "1", "id": " 7"}"#, #"t.id should be a short string such as "3""#),
    (
      #"{"type": "buy", "amount": "1", "price": "-1"}"#,
      #"t.price should be a decimal string such as "42000""#
    ),
    (
      #"{"type": "buy", "amount": "1", "price": ""}"#,
      #"t.price should be a decimal string such as "42000""#
    ),
    (
      #"{"type": "buy", "amount": "1", "currency": ""}"#,
      #"t.currency should be a currency code such as "usd""#
    ),
    (
      #"{"type": "buy", "amount": "1", "feeCurrency": true}"#,
      #"t.feeCurrency should be a currency code such as "usd""#
    ),
    (
      #"{"type": "buy", "amount": "1", "date": "yesterday"}"#,
      #"t.date should be a time like "2026-11-29T14:00:00Z""#
    ),
    (#"{"type": "buy", "amount": "1", "note": true}"#, #"t.note should be a string"#),
    (
      #"{"type": "buy", "amount": "1", "income": true}"#,
      #"t.income is only for a transfer in ("type": "in")"#
    ),
    (#"{"type": "in", "amount": "1", "income": "yes"}"#, #"t.income should be true or false"#),
    (
      #"{"type": "in", "amount": "1", "price": "5", "costUnknown": true}"#,
      #"t.costUnknown is only for a transfer in without a price"#
    ),
    (
      #"{"type": "in", "amount": "1", "costUnknown": "true"}"#,
      #"t.costUnknown should be true or false"#
    ),
    (
      #"{"type": "in", "amount": "1", "externalId": ""}"#,
      #"t.externalId should be a short string such as "TX-42""#
    ),
    (
      #"{"type": "in", "amount": "1", "wallet": "a\u0007b"}"#,
      #"t.wallet should be a short string such as "kraken""#
    ),
    (
      #"{"type": "out", "amount": "1", "movedFrom": "3"}"#,
      #"t.movedFrom is only for a transfer in ("type": "in")"#
    ),
    (
      #"{"type": "buy", "amount": "1", "priceSource": "yours"}"#,
      #"t.priceSource is only for a transaction with a price"#
    ),
    (#"["buy"]"#, #"t should be an object, found an array"#),
  ])
  func refusesABadField(text: String, expected: String) {
    expectEqual(refusal(text), expected)
  }

  @Test func anIdOf65LettersIsTooLong() {
    let text = #"{"type": "buy", "amount": "1", "id": "\#(String(repeating: "é", count: 65))"}"#
    expectEqual(refusal(text), #"t.id should be a short string such as "3""#)
  }

  @Test func theFieldsAreCheckedInTheirOrderWhereverTheyAre() {
    #expect(
      refusal(#"{"fee": "y", "price": "x", "amount": "0", "type": "swap"}"#)
        == #"t.type should be one of "buy", "sell", "in", "out""#)
    #expect(
      refusal(#"{"fee": "y", "type": "buy", "price": "x", "amount": "1"}"#)
        == #"t.price should be a decimal string such as "42000""#)
  }

  @Test func badJSONAnywhereInItIsWhatIsReported() {
    // The closing quote of "1" is column 30; the next member name starts at column 32.
    #expect(
      refusal(#"{"type": "swap", "amount": "1" "x": 1}"#)
        == #"expected ',' or '}', found '"' at line 1, column 32"#)
  }
}
