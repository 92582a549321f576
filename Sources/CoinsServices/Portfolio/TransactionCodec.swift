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
    let members = try object(value, at: place())
    var buy = Transaction(kind: .buy, amount: try amount(value["amount"], at: place()))
    buy.price = try decimal(value["cost"], at: "\(place()).cost")
    buy.currency = try currency(value["costCurrency"], at: "\(place()).costCurrency")
    buy.date = try date(value["date"], at: place())
    // A member version 1 did not know but a later version does (a hand-written "fee", say)
    // keeps its value under "v1:<name>", so that it is neither lost nor misread.
    buy.extra = renamed(members.filter { !lotKeys.contains($0.key) }, known: knownKeys, as: "v1:")
      .map(KeptMember.init)
    return buy
  }

  /// The version-2 or version-3 transaction the cursor is at; a missing id is left empty for
  /// the store to assign. Read member by member, each known one straight into its field.
  package static func decode(
    from cursor: inout JSONCursor, at place: @autoclosure () -> String, version: Int
  ) throws -> Transaction {
    guard try cursor.enterObject() else {
      let value = try cursor.value()
      throw PortfolioCodec.Invalid(
        detail: "\(place()) should be an object, found \(value.kindDescription)")
    }
    var fields = TransactionFields(version: version)
    while let key = try cursor.nextMember() { fields.add(key, try cursor.value()) }
    return try decode(fields, at: place())
  }

  /// The transaction of `fields`, every field checked.
  private static func decode(_ fields: TransactionFields, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid) -> Transaction
  {
    guard let typeText = fields.type?.stringValue, let kind = TransactionKind(rawValue: typeText)
    else {
      throw .init(detail: "\(place()).type should be one of \"buy\", \"sell\", \"in\", \"out\"")
    }
    var transaction = Transaction(kind: kind, amount: try amount(fields.amount, at: place()))
    if let id = try text(fields.id, at: "\(place()).id", limit: 64, example: "3") {
      guard !id.contains(",") else {
        throw .init(detail: "\(place()).id should be a short string such as \"3\"")
      }
      transaction.id = id
    }
    transaction.price = try decimal(fields.price, at: "\(place()).price")
    transaction.currency = try currency(fields.currency, at: "\(place()).currency")
    transaction.fee = try decimal(fields.fee, at: "\(place()).fee")
    transaction.feeCurrency = try currency(fields.feeCurrency, at: "\(place()).feeCurrency")
    transaction.date = try date(fields.date, at: place())
    if let noteValue = fields.note, noteValue != .null {
      guard let note = noteValue.stringValue else {
        throw .init(detail: "\(place()).note should be a string")
      }
      transaction.note = note
    }
    switch fields.income {
    case nil, .null?, .bool(false)?: break
    case .bool(true)? where transaction.kind == .transferIn: transaction.isIncome = true
    case .bool(true)?:
      throw .init(detail: "\(place()).income is only for a transfer in (\"type\": \"in\")")
    default: throw .init(detail: "\(place()).income should be true or false")
    }
    switch fields.costUnknown {
    case nil, .null?, .bool(false)?: break
    case .bool(true)? where transaction.kind == .transferIn && transaction.price == nil:
      transaction.costUnknown = true
    case .bool(true)?:
      throw .init(
        detail: "\(place()).costUnknown is only for a transfer in without a price")
    default: throw .init(detail: "\(place()).costUnknown should be true or false")
    }
    transaction.externalID = try text(
      fields.externalID, at: "\(place()).externalId", limit: 128, example: "TX-42")
    if let wallet = try text(fields.wallet, at: "\(place()).wallet", limit: 64, example: "kraken") {
      transaction.wallet = wallet
    }
    if let from = try text(fields.movedFrom, at: "\(place()).movedFrom", limit: 64, example: "3") {
      guard transaction.kind == .transferIn else {
        throw .init(detail: "\(place()).movedFrom is only for a transfer in (\"type\": \"in\")")
      }
      transaction.movedFrom = from
    }
    if let source = try text(
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

  private static func object(_ value: JSONValue, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid)
    -> [JSONMember]
  {
    guard let members = value.objectMembers else {
      throw .init(detail: "\(place()) should be an object, found \(value.kindDescription)")
    }
    return members
  }

  /// A short string without control characters (`limit` characters at most), or `nil`
  /// when absent.
  private static func text(
    _ value: JSONValue?, at place: @autoclosure () -> String, limit: Int, example: String
  ) throws(PortfolioCodec.Invalid) -> String? {
    guard let value, value != .null else { return nil }
    guard let text = value.stringValue, !text.isEmpty,
      text.utf8.count <= limit || text.count <= limit,
      Sanitizer.clean(text) == text
    else { throw .init(detail: "\(place()) should be a short string such as \"\(example)\"") }
    return text
  }

  private static func amount(_ value: JSONValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid)
    -> Decimal
  {
    guard let text = decimalText(value), let amount = DecimalInput.amount(text) else {
      throw .init(detail: "\(place()).amount should be a positive decimal string such as \"0.5\"")
    }
    return amount
  }

  private static func decimal(_ value: JSONValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid)
    -> Decimal?
  {
    guard let value, value != .null else { return nil }
    guard let text = decimalText(value), let decimal = DecimalInput.parse(text) else {
      throw .init(detail: "\(place()) should be a decimal string such as \"42000\"")
    }
    return decimal
  }

  private static func currency(_ value: JSONValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid)
    -> String?
  {
    guard let value, value != .null else { return nil }
    guard let code = value.stringValue, !code.isEmpty else {
      throw .init(detail: "\(place()) should be a currency code such as \"usd\"")
    }
    return code.lowercased()
  }

  private static func date(_ value: JSONValue?, at place: @autoclosure () -> String)
    throws(PortfolioCodec.Invalid)
    -> Date?
  {
    guard let value, value != .null else { return nil }
    guard let text = value.stringValue, let date = ISO8601Timestamp.parse(text) else {
      throw .init(detail: "\(place()).date should be a time like \"2026-11-29T14:00:00Z\"")
    }
    return date
  }

  /// A decimal stored as a string (what `coins` writes) or, from a hand edit, a plain number.
  private static func decimalText(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .number(let text)?: text
    default: nil
    }
  }
}
