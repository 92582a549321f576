import CoinsModel
import FoundationEssentials

/// Converts one transaction (version 2) or one lot (version 1, read as a buy) between the
/// portfolio file's JSON and ``Transaction``, checking every field and keeping the members it
/// does not know.
///
/// ```json
/// { "id": "3", "type": "sell", "amount": "0.1", "price": "50000", "currency": "usd",
///   "fee": "5", "feeCurrency": "usd", "date": "2026-03-01T00:00:00.000Z", "note": "rebalance" }
/// ```
enum TransactionCodec {
  static let knownKeys = [
    "id", "type", "amount", "price", "currency", "fee", "feeCurrency", "date", "note",
  ]
  static let lotKeys = ["amount", "cost", "costCurrency", "date"]

  /// A version-1 lot as the buy it records. Its unknown members are kept; one named like a
  /// version-2 field is renamed `v1:<name>`.
  static func decodeLot(_ value: JSONValue, at place: String) throws(PortfolioCodec.Invalid)
    -> Transaction
  {
    let members = try object(value, at: place)
    var buy = Transaction(kind: .buy, amount: try amount(value["amount"], at: place))
    buy.price = try decimal(value["cost"], at: "\(place).cost")
    buy.currency = try currency(value["costCurrency"], at: "\(place).costCurrency")
    buy.date = try date(value["date"], at: place)
    // A member version 1 did not know but version 2 does (a hand-written "fee", say) keeps
    // its value under "v1:<name>", so that it is neither lost nor misread.
    buy.extra = members.filter { !lotKeys.contains($0.key) }.map { member in
      knownKeys.contains(member.key) ? JSONMember("v1:" + member.key, member.value) : member
    }
    return buy
  }

  /// A version-2 transaction; a missing id is left empty for the store to assign.
  static func decode(_ value: JSONValue, at place: String) throws(PortfolioCodec.Invalid)
    -> Transaction
  {
    let members = try object(value, at: place)
    guard let typeText = value["type"]?.stringValue, let kind = TransactionKind(rawValue: typeText)
    else {
      throw .init(detail: "\(place).type should be one of \"buy\", \"sell\", \"in\", \"out\"")
    }
    var transaction = Transaction(kind: kind, amount: try amount(value["amount"], at: place))
    if let idValue = value["id"], idValue != .null {
      guard let id = idValue.stringValue, !id.isEmpty, id.count <= 64, Sanitizer.clean(id) == id,
        !id.contains(",")
      else { throw .init(detail: "\(place).id should be a short string such as \"3\"") }
      transaction.id = id
    }
    transaction.price = try decimal(value["price"], at: "\(place).price")
    transaction.currency = try currency(value["currency"], at: "\(place).currency")
    transaction.fee = try decimal(value["fee"], at: "\(place).fee")
    transaction.feeCurrency = try currency(value["feeCurrency"], at: "\(place).feeCurrency")
    transaction.date = try date(value["date"], at: place)
    if let noteValue = value["note"], noteValue != .null {
      guard let note = noteValue.stringValue else {
        throw .init(detail: "\(place).note should be a string")
      }
      transaction.note = note
    }
    transaction.extra = members.filter { !knownKeys.contains($0.key) }
    return transaction
  }

  /// The JSON object of a transaction; absent figures are left out.
  static func encode(_ transaction: Transaction) -> JSONValue {
    var members: [JSONMember] = []
    if !transaction.id.isEmpty { members.append(JSONMember("id", .string(transaction.id))) }
    members.append(JSONMember("type", .string(transaction.kind.rawValue)))
    members.append(JSONMember("amount", .string(DecimalInput.text(transaction.amount))))
    func add(_ key: String, _ text: String?) {
      if let text { members.append(JSONMember(key, .string(text))) }
    }
    add("price", transaction.price.map(DecimalInput.text))
    add("currency", transaction.currency)
    add("fee", transaction.fee.map(DecimalInput.text))
    add("feeCurrency", transaction.feeCurrency)
    add("date", transaction.date.map(ISO8601Timestamp.formatExact))
    add("note", transaction.note)
    return .object(members + transaction.extra)
  }

  private static func object(_ value: JSONValue, at place: String) throws(PortfolioCodec.Invalid)
    -> [JSONMember]
  {
    guard let members = value.objectMembers else {
      throw .init(detail: "\(place) should be an object, found \(value.kindDescription)")
    }
    return members
  }

  private static func amount(_ value: JSONValue?, at place: String) throws(PortfolioCodec.Invalid)
    -> Decimal
  {
    guard let text = decimalText(value), let amount = DecimalInput.amount(text) else {
      throw .init(detail: "\(place).amount should be a positive decimal string such as \"0.5\"")
    }
    return amount
  }

  private static func decimal(_ value: JSONValue?, at place: String) throws(PortfolioCodec.Invalid)
    -> Decimal?
  {
    guard let value, value != .null else { return nil }
    guard let text = decimalText(value), let decimal = DecimalInput.parse(text) else {
      throw .init(detail: "\(place) should be a decimal string such as \"42000\"")
    }
    return decimal
  }

  private static func currency(_ value: JSONValue?, at place: String) throws(PortfolioCodec.Invalid)
    -> String?
  {
    guard let value, value != .null else { return nil }
    guard let code = value.stringValue, !code.isEmpty else {
      throw .init(detail: "\(place) should be a currency code such as \"usd\"")
    }
    return code.lowercased()
  }

  private static func date(_ value: JSONValue?, at place: String) throws(PortfolioCodec.Invalid)
    -> Date?
  {
    guard let value, value != .null else { return nil }
    guard let text = value.stringValue, let date = ISO8601Timestamp.parse(text) else {
      throw .init(detail: "\(place).date should be a time like \"2026-11-29T14:00:00Z\"")
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
