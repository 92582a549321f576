import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a transaction of the portfolio file straight from its bytes when it is written as
/// `coins` writes one: a flat object of known fields with usual values (plain decimals, a
/// timestamp, short ASCII names). That is nearly every transaction, and reading them without
/// building a `JSONValue` or a string per member makes a file of 100,000 of them a matter of
/// tens of milliseconds. Anything else — an unknown member, an escape, a number where a string
/// goes, a value it would refuse — it leaves unread, for ``TransactionCodec`` to read (and to
/// refuse, with the words that say why). What it reads, it reads as ``TransactionCodec`` would
/// (``QuickTransactionReaderTests`` compares them).
package enum QuickTransactionReader {
  /// A member's name as the field it is.
  private enum Field {
    case id, type, amount, price, currency, fee, feeCurrency, date, note, income, externalID
    case wallet, costUnknown

    /// The field named `name`, when a file of `version` has it (version 3 added income,
    /// externalId and wallet).
    init?(_ name: UnsafeBufferPointer<UInt8>, version: Int) {
      func named(_ text: StaticString) -> Bool {
        text.utf8CodeUnitCount == name.count
          && (0..<name.count).allSatisfy { name[$0] == text.utf8Start[$0] }
      }
      switch name.first {
      case UInt8(ascii: "i") where named("id"): self = .id
      case UInt8(ascii: "i") where named("income") && version >= 3: self = .income
      case UInt8(ascii: "t") where named("type"): self = .type
      case UInt8(ascii: "a") where named("amount"): self = .amount
      case UInt8(ascii: "p") where named("price"): self = .price
      case UInt8(ascii: "c") where named("currency"): self = .currency
      case UInt8(ascii: "f") where named("fee"): self = .fee
      case UInt8(ascii: "f") where named("feeCurrency"): self = .feeCurrency
      case UInt8(ascii: "d") where named("date"): self = .date
      case UInt8(ascii: "n") where named("note"): self = .note
      case UInt8(ascii: "e") where named("externalId") && version >= 3: self = .externalID
      case UInt8(ascii: "w") where named("wallet") && version >= 3: self = .wallet
      case UInt8(ascii: "c") where named("costUnknown") && version >= 3: self = .costUnknown
      default: return nil
      }
    }
  }

  /// The members read, by field (stored in place: one transaction after another, no
  /// allocation).
  private struct Members {
    var id, type, amount, price, currency, fee, feeCurrency, date, note: FlatMember?
    var income, externalID, wallet, costUnknown: FlatMember?

    subscript(field: Field) -> FlatMember? {
      get {
        switch field {
        case .id: id
        case .type: type
        case .amount: amount
        case .price: price
        case .currency: currency
        case .fee: fee
        case .feeCurrency: feeCurrency
        case .date: date
        case .note: note
        case .income: income
        case .externalID: externalID
        case .wallet: wallet
        case .costUnknown: costUnknown
        }
      }
      set {
        switch field {
        case .id: id = newValue
        case .type: type = newValue
        case .amount: amount = newValue
        case .price: price = newValue
        case .currency: currency = newValue
        case .fee: fee = newValue
        case .feeCurrency: feeCurrency = newValue
        case .date: date = newValue
        case .note: note = newValue
        case .income: income = newValue
        case .externalID: externalID = newValue
        case .wallet: wallet = newValue
        case .costUnknown: costUnknown = newValue
        }
      }
    }
  }

  /// The transaction at the cursor, which is then after it; `nil`, with the cursor where it
  /// was, when it is not one this reader takes.
  package static func read(from cursor: inout JSONCursor, version: Int) -> Transaction? {
    let start = cursor.position
    var values = Members()
    let flat = cursor.readFlatObject { member, bytes in
      guard let field = Field(UnsafeBufferPointer(rebasing: bytes[member.name]), version: version),
        values[field] == nil
      else { return false }
      values[field] = member
      return true
    }
    guard flat else { return nil }
    let read = cursor.withBytes { transaction(from: values, in: $0) }
    if read == nil { cursor.position = start }
    return read
  }

  /// A member's value as this reader takes it.
  private enum Value<T> {
    /// Not there, or `null`.
    case absent
    case value(T)
    /// One the codec reads (or refuses).
    case unusual

    /// The value, `nil` when absent; `nil` for the whole transaction when unusual.
    var optional: T?? {
      switch self {
      case .absent: .some(nil)
      case .value(let value): .some(value)
      case .unusual: nil
      }
    }
  }

  /// The transaction of the members, when each value is one this reader takes.
  private static func transaction(from values: Members, in bytes: UnsafeBufferPointer<UInt8>)
    -> Transaction?
  {
    func text(_ member: FlatMember) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[member.value])
    }
    func string(_ field: Field) -> Value<UnsafeBufferPointer<UInt8>> {
      guard let member = values[field] else { return .absent }
      if member.isString { return .value(text(member)) }
      return text(member).elementsEqual("null".utf8) ? .absent : .unusual
    }
    func map<T>(_ field: Field, _ read: (UnsafeBufferPointer<UInt8>) -> T?) -> Value<T> {
      switch string(field) {
      case .absent: .absent
      case .unusual: .unusual
      case .value(let found): read(found).map { .value($0) } ?? .unusual
      }
    }
    func name(_ field: Field, limit: Int, comma: Bool = true) -> Value<String> {
      map(field) { found in
        guard isCleanName(found, limit: limit), comma || !found.contains(UInt8(ascii: ","))
        else { return nil }
        return String(decoding: found, as: UTF8.self)
      }
    }
    func currency(_ field: Field) -> Value<String> {
      map(field) { found in
        guard !found.isEmpty else { return nil }
        let code = String(decoding: found, as: UTF8.self)
        return found.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
          ? code.lowercased() : code
      }
    }
    guard case .value(let typeText) = string(.type), let kind = kind(typeText),
      case .value(let amount) = map(.amount, DecimalInput.plainValue),
      let id = name(.id, limit: 64, comma: false).optional,
      let price = map(.price, DecimalInput.plainValue).optional,
      let fee = map(.fee, DecimalInput.plainValue).optional,
      let priceCurrency = currency(.currency).optional,
      let feeCurrency = currency(.feeCurrency).optional,
      let date = map(.date, ISO8601Timestamp.parse).optional,
      let note = map(.note, { String(decoding: $0, as: UTF8.self) }).optional,
      let externalID = name(.externalID, limit: 128).optional,
      let wallet = name(.wallet, limit: 64).optional
    else { return nil }
    var isIncome = false
    if let member = values[.income] {
      switch String(decoding: text(member), as: UTF8.self) {
      case "true" where !member.isString && kind == .transferIn: isIncome = true
      case "false" where !member.isString, "null" where !member.isString: break
      default: return nil
      }
    }
    var costUnknown = false
    if let member = values[.costUnknown] {
      switch String(decoding: text(member), as: UTF8.self) {
      case "true" where !member.isString && kind == .transferIn && price == nil: costUnknown = true
      case "false" where !member.isString, "null" where !member.isString: break
      default: return nil
      }
    }
    return Transaction(
      id: id ?? "", kind: kind, amount: amount, price: price, currency: priceCurrency, fee: fee,
      feeCurrency: feeCurrency, date: date, note: note, externalID: externalID,
      isIncome: isIncome, wallet: wallet ?? Transaction.defaultWallet, costUnknown: costUnknown)
  }

  /// The kind `bytes` name (`buy`, `sell`, `in`, `out`).
  private static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> TransactionKind? {
    func named(_ text: StaticString) -> Bool {
      text.utf8CodeUnitCount == bytes.count
        && (0..<bytes.count).allSatisfy { bytes[$0] == text.utf8Start[$0] }
    }
    if named("buy") { return .buy }
    if named("sell") { return .sell }
    if named("in") { return .transferIn }
    if named("out") { return .transferOut }
    return nil
  }

  /// Whether `bytes` (printable ASCII) are a name ``TransactionCodec`` takes as it is: 1 to
  /// `limit` characters, no space at either end nor two in a row (what `Sanitizer.clean`
  /// leaves alone).
  private static func isCleanName(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
    guard let first = bytes.first, let last = bytes.last, bytes.count <= limit,
      first != UInt8(ascii: " "), last != UInt8(ascii: " ")
    else { return false }
    return !zip(bytes, bytes.dropFirst()).contains {
      $0 == UInt8(ascii: " ") && $1 == UInt8(ascii: " ")
    }
  }
}
