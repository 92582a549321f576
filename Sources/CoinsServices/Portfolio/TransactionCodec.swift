import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts one transaction (version 3, or 2 read as 3) or one lot (version 1, read as a buy)
/// between the portfolio file's JSON and ``Transaction``, checking every field and keeping the
/// members it does not know. Version 3 writes each transaction on one line:
///
/// ```json
/// {"id": "3", "type": "sell", "amount": "0.1", "price": "50000", "currency": "usd", "fee": "5",
///  "feeCurrency": "usd", "date": "2026-03-01T00:00:00.000Z", "note": "rebalance"}
/// ```
///
/// and, when they are not the defaults, `"income": true` (a transfer in that is income),
/// `"externalId"` (the exchange's id of it), `"wallet"` (when not `default`),
/// `"costUnknown": true` (a transfer in without a price whose cost is unknown, not 0) and, on a
/// transfer in that is the arriving half of a move between wallets, `"movedFrom"` (the id of the
/// transfer out it received), and `"priceSource"` where `coins` looked the price up (the price
/// chain's label: `"coinbase"`, `"binance via USDT"`, `"yours"`).
package enum TransactionCodec {
  /// The members of a version-2 transaction.
  static let versionTwoKeys = [
    "id", "type", "amount", "price", "currency", "fee", "feeCurrency", "date", "note",
  ]
  /// The members version 3 added.
  static let versionThreeKeys = [
    "income", "externalId", "wallet", "costUnknown", "movedFrom", "priceSource",
  ]
  /// Every member of a version-3 transaction.
  static let knownKeys = versionTwoKeys + versionThreeKeys
  static let lotKeys = ["amount", "cost", "costCurrency", "date"]

  /// A version-1 lot as the buy it records. Its unknown members are kept; one named like a
  /// field of a later version is renamed `v1:<name>`.
  static func decodeLot(_ value: JSONValue, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid)
    -> Transaction
  {
    guard let members = value.objectMembers else {
      throw .init(detail: "\(place()) should be an object, found \(value.kindDescription)")
    }
    var fields = TransactionFields(version: 1)
    let amount = value["amount"].map { fields.fieldValue($0) }
    let cost = value["cost"].map { fields.fieldValue($0) }
    let costCurrency = value["costCurrency"].map { fields.fieldValue($0) }
    let date = value["date"].map { fields.fieldValue($0) }
    let rules = TransactionFieldRules(
      bytes: UnsafeBufferPointer(start: nil, count: 0), built: fields.built)
    var buy = Transaction(kind: .buy, amount: try rules.amount(amount, at: place()))
    buy.price = try rules.decimal(cost, at: "\(place()).cost")
    buy.currency = try rules.currency(costCurrency, at: "\(place()).costCurrency")
    buy.date = try rules.date(date, at: place())
    // A member version 1 did not know but a later version does (a hand-written "fee", say)
    // keeps its value under "v1:<name>", so that it is neither lost nor misread.
    buy.extra = renamed(members.filter { !lotKeys.contains($0.key) }, known: knownKeys, as: "v1:")
      .map(KeptMember.init)
    return buy
  }

  /// The version-2 or version-3 transaction the cursor is at; a missing id is left empty for
  /// the store to assign. Read member by member (every member first, so that bad JSON anywhere
  /// in it is what is reported), then each field checked in turn. A flat object, as `coins`
  /// writes nearly every one, is read in place, without a string per member name.
  package static func decode(
    from cursor: inout JSONCursor, at place: @autoclosure () -> String, version: Int
  ) throws -> Transaction {
    var fields = TransactionFields(version: version)
    let flat = cursor.readFlatObject { member, bytes in
      fields.add(member, in: bytes)
      return true
    }
    if !flat {
      guard try cursor.enterObject() else {
        let value = try cursor.value()
        throw PortfolioCodec.Invalid(
          detail: "\(place()) should be an object, found \(value.kindDescription)")
      }
      fields = TransactionFields(version: version)
      while let key = try cursor.nextMember() { try fields.read(key, from: &cursor) }
    }
    return try cursor.withBytes { bytes in
      Result { () throws(PortfolioCodec.Invalid) in
        try transaction(
          of: fields, TransactionFieldRules(bytes: bytes, built: fields.built), at: place())
      }
    }.get()
  }

  /// The transaction of `fields`, every field checked.
  private static func transaction(
    of fields: TransactionFields, _ rules: TransactionFieldRules,
    at place: @autoclosure () -> String
  ) throws(PortfolioCodec.Invalid) -> Transaction {
    let kind = try rules.kind(fields.type, at: place())
    var transaction = Transaction(kind: kind, amount: try rules.amount(fields.amount, at: place()))
    if let id = try rules.text(
      fields.id, at: "\(place()).id", limit: 64, example: "3", comma: false)
    {
      transaction.id = id
    }
    transaction.price = try rules.decimal(fields.price, at: "\(place()).price")
    transaction.currency = try rules.currency(fields.currency, at: "\(place()).currency")
    transaction.fee = try rules.decimal(fields.fee, at: "\(place()).fee")
    transaction.feeCurrency = try rules.currency(fields.feeCurrency, at: "\(place()).feeCurrency")
    transaction.date = try rules.date(fields.date, at: place())
    transaction.note = try rules.string(fields.note, at: "\(place()).note")
    switch fields.income {
    case nil, .null?, .bool(false)?: break
    case .bool(true)? where kind == .transferIn: transaction.isIncome = true
    case .bool(true)?:
      throw .init(detail: "\(place()).income is only for a transfer in (\"type\": \"in\")")
    default: throw .init(detail: "\(place()).income should be true or false")
    }
    switch fields.costUnknown {
    case nil, .null?, .bool(false)?: break
    case .bool(true)? where kind == .transferIn && transaction.price == nil:
      transaction.costUnknown = true
    case .bool(true)?:
      throw .init(
        detail: "\(place()).costUnknown is only for a transfer in without a price")
    default: throw .init(detail: "\(place()).costUnknown should be true or false")
    }
    transaction.externalID = try rules.text(
      fields.externalID, at: "\(place()).externalId", limit: 128, example: "TX-42")
    if let wallet = try rules.text(
      fields.wallet, at: "\(place()).wallet", limit: 64, example: "kraken")
    {
      transaction.wallet = wallet
    }
    if let from = try rules.text(
      fields.movedFrom, at: "\(place()).movedFrom", limit: 64, example: "3")
    {
      guard kind == .transferIn else {
        throw .init(detail: "\(place()).movedFrom is only for a transfer in (\"type\": \"in\")")
      }
      transaction.movedFrom = from
    }
    if let source = try rules.text(
      fields.priceSource, at: "\(place()).priceSource", limit: 128, example: "coinbase")
    {
      guard transaction.price != nil else {
        throw .init(detail: "\(place()).priceSource is only for a transaction with a price")
      }
      transaction.priceSource = source
    }
    transaction.extra = fields.extra
    return transaction
  }

  /// The members with those named in `known` renamed `<prefix><name>`.
  private static func renamed(_ members: [JSONMember], known: [String], as prefix: String)
    -> [JSONMember]
  {
    members.map { known.contains($0.key) ? JSONMember(prefix + $0.key, $0.value) : $0 }
  }

  /// The transaction as one line of the file (version 3); absent figures are left out.
  static func write(_ transaction: Transaction, into output: inout JSONBytes) {
    var first = true
    func key(_ name: StaticString) {
      output.append(first ? "{\"" : ", \"")
      first = false
      output.append(name)
      output.append("\": ")
    }
    func string(_ name: StaticString, _ text: String?) {
      guard let text else { return }
      key(name)
      output.appendString(text)
    }
    func figure(_ name: StaticString, _ value: Decimal?) {
      guard let value else { return }
      key(name)
      output.append("\"")
      DecimalInput.withText(value) { output.append($0) }
      output.append("\"")
    }
    if !transaction.id.isEmpty { string("id", transaction.id) }
    string("type", transaction.kind.rawValue)
    figure("amount", transaction.amount)
    figure("price", transaction.price)
    string("currency", transaction.currency)
    figure("fee", transaction.fee)
    string("feeCurrency", transaction.feeCurrency)
    if let date = transaction.date {
      key("date")
      output.append(byte: UInt8(ascii: "\""))
      ISO8601Timestamp.withExactText(date) { output.append($0) }
      output.append(byte: UInt8(ascii: "\""))
    }
    string("note", transaction.note)
    if transaction.isIncome {
      key("income")
      output.append("true")
    }
    string("externalId", transaction.externalID)
    if transaction.wallet != Transaction.defaultWallet { string("wallet", transaction.wallet) }
    if transaction.costUnknown {
      key("costUnknown")
      output.append("true")
    }
    string("movedFrom", transaction.movedFrom)
    string("priceSource", transaction.priceSource)
    for member in transaction.extra {
      var text = ", "
      JSONText.append(member.key, to: &text)
      text += ": " + member.json
      output.append(text)
    }
    output.append("}")
  }
}
