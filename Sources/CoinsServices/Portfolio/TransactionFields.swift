import CoinsModel
import CoinsSupport

/// A known member's value as read from the portfolio file: a string of printable ASCII without
/// escapes left where it is in the document's bytes (nearly every value `coins` writes, so that
/// a file of 100,000 transactions builds no `JSONValue` for them), a literal, or any other value,
/// built and kept in ``TransactionFields/built`` (so that this is a plain value, cheap to copy).
enum FieldValue {
  /// Such a string's contents (without its quotes), as a place in the document's bytes.
  case ascii(Range<Int>)
  case null
  case bool(Bool)
  /// Any other value: its place in ``TransactionFields/built``.
  case built(Int)

  /// Whether it is `null`.
  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

/// The members of one transaction's object in the portfolio file, sorted as they are read: the
/// fields `coins` knows (the first member of a name counts, the others are dropped, as
/// `JSONValue`'s subscript sees them) and the rest, kept in order. In a version-2 file the
/// names version 3 added are not fields: such a member is kept as `v2:<name>`, so that it is
/// neither lost nor misread.
struct TransactionFields {
  let version: Int
  var id, type, amount, price, currency, fee, feeCurrency, date, note: FieldValue?
  var income, externalID, wallet, movedFrom, costUnknown, priceSource: FieldValue?
  /// The members that are no field, in file order.
  var extra: [KeptMember] = []
  /// The values of fields that are not in the document's bytes as they are
  /// (``FieldValue/built(_:)``).
  var built: [JSONValue] = []

  /// No members yet, of a transaction in a file of `version`.
  init(version: Int) {
    self.version = version
  }

  /// Files the member `key`, whose value the cursor is at (and then after).
  mutating func read(_ key: String, from cursor: inout JSONCursor)
    throws(JSONValueParser.SyntaxError)
  {
    var key = key
    if let field = key.withUTF8({ Field($0, version: version) }) {
      let value = try fieldValue(&cursor)
      if self[field] == nil { self[field] = value }
    } else {
      keep(key, try cursor.value())
    }
  }

  /// Files a member of a flat object (``JSONCursor/readFlatObject(_:)``), read in place.
  mutating func add(_ member: FlatMember, in bytes: UnsafeBufferPointer<UInt8>) {
    let value: FieldValue
    if member.isString {
      value = .ascii(member.value)
    } else {
      switch bytes[member.value.lowerBound] {
      case UInt8(ascii: "t"): value = .bool(true)
      case UInt8(ascii: "f"): value = .bool(false)
      default: value = .null
      }
    }
    let name = UnsafeBufferPointer(rebasing: bytes[member.name])
    if let field = Field(name, version: version) {
      if self[field] == nil { self[field] = value }
    } else {
      let kept: JSONValue =
        switch value {
        case .bool(let flag): .bool(flag)
        case .null: .null
        default: .string(String(decoding: bytes[member.value], as: UTF8.self))
        }
      keep(String(decoding: name, as: UTF8.self), kept)
    }
  }

  /// The value the cursor is at, which is then after it.
  private mutating func fieldValue(_ cursor: inout JSONCursor)
    throws(JSONValueParser.SyntaxError) -> FieldValue
  {
    let start = cursor.position
    let end = cursor.withBytes { bytes -> Int? in
      guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
      var index = start + 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { return index }
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        index += 1
      }
      return nil
    }
    guard let end else { return fieldValue(try cursor.value()) }
    cursor.position = end + 1
    return .ascii((start + 1)..<end)
  }

  /// `value` as a field's value.
  mutating func fieldValue(_ value: JSONValue) -> FieldValue {
    switch value {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    default:
      built.append(value)
      return .built(built.count - 1)
    }
  }

  /// Keeps a member that is no field; in a version-2 file one named like a field of version 3
  /// as `v2:<name>`.
  private mutating func keep(_ key: String, _ value: JSONValue) {
    let versionThree = version < 3 && TransactionCodec.versionThreeKeys.contains(key)
    extra.append(KeptMember(versionThree ? "v2:" + key : key, value))
  }

  /// The fields, each known by its member's name.
  enum Field {
    case id, type, amount, price, currency, fee, feeCurrency, date, note
    case income, externalID, wallet, movedFrom, costUnknown, priceSource

    /// The field of the member `name` (its UTF-8) in a file of `version`: version 3 added
    /// income, externalId, wallet, costUnknown, movedFrom and priceSource.
    init?(_ name: UnsafeBufferPointer<UInt8>, version: Int) {
      func named(_ text: StaticString) -> Bool {
        text.utf8CodeUnitCount == name.count
          && (0..<name.count).allSatisfy { name[$0] == text.utf8Start[$0] }
      }
      let three = version >= 3
      switch name.first {
      case UInt8(ascii: "i") where named("id"): self = .id
      case UInt8(ascii: "t") where named("type"): self = .type
      case UInt8(ascii: "a") where named("amount"): self = .amount
      case UInt8(ascii: "p") where named("price"): self = .price
      case UInt8(ascii: "c") where named("currency"): self = .currency
      case UInt8(ascii: "f") where named("fee"): self = .fee
      case UInt8(ascii: "f") where named("feeCurrency"): self = .feeCurrency
      case UInt8(ascii: "d") where named("date"): self = .date
      case UInt8(ascii: "n") where named("note"): self = .note
      case UInt8(ascii: "i") where three && named("income"): self = .income
      case UInt8(ascii: "e") where three && named("externalId"): self = .externalID
      case UInt8(ascii: "w") where three && named("wallet"): self = .wallet
      case UInt8(ascii: "m") where three && named("movedFrom"): self = .movedFrom
      case UInt8(ascii: "c") where three && named("costUnknown"): self = .costUnknown
      case UInt8(ascii: "p") where three && named("priceSource"): self = .priceSource
      default: return nil
      }
    }
  }

  /// The value of `field`.
  private subscript(field: Field) -> FieldValue? {
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
      case .movedFrom: movedFrom
      case .costUnknown: costUnknown
      case .priceSource: priceSource
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
      case .movedFrom: movedFrom = newValue
      case .costUnknown: costUnknown = newValue
      case .priceSource: priceSource = newValue
      }
    }
  }
}
