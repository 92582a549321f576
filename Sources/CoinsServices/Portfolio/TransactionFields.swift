import CoinsModel
import CoinsSupport

/// A known member's value as read from the portfolio file: a string of printable ASCII without
/// escapes left where it is in the document's bytes (nearly every value `coins` writes, so that
/// a file of 100,000 transactions builds no `JSONValue` for them), or any other value, built.
enum FieldValue {
  /// Such a string's contents (without its quotes), as a place in the document's bytes.
  case ascii(Range<Int>)
  /// Any other value.
  case built(JSONValue)

  /// The value the cursor is at, which is then after it.
  init(_ cursor: inout JSONCursor) throws(JSONValueParser.SyntaxError) {
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
    guard let end else {
      self = .built(try cursor.value())
      return
    }
    cursor.position = end + 1
    self = .ascii((start + 1)..<end)
  }

  /// Whether it is `null`.
  var isNull: Bool {
    if case .built(.null) = self { return true }
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

  /// No members yet, of a transaction in a file of `version`.
  init(version: Int) {
    self.version = version
  }

  /// Reads the value of the member `key`, which the cursor is at, into its field.
  mutating func read(_ key: String, from cursor: inout JSONCursor)
    throws(JSONValueParser.SyntaxError)
  {
    func first(_ field: inout FieldValue?) throws(JSONValueParser.SyntaxError) {
      let value = try FieldValue(&cursor)
      if field == nil { field = value }
    }
    if version < 3, TransactionCodec.versionThreeKeys.contains(key) {
      extra.append(KeptMember("v2:" + key, try cursor.value()))
      return
    }
    switch key {
    case "id": try first(&id)
    case "type": try first(&type)
    case "amount": try first(&amount)
    case "price": try first(&price)
    case "currency": try first(&currency)
    case "fee": try first(&fee)
    case "feeCurrency": try first(&feeCurrency)
    case "date": try first(&date)
    case "note": try first(&note)
    case "income": try first(&income)
    case "externalId": try first(&externalID)
    case "wallet": try first(&wallet)
    case "movedFrom": try first(&movedFrom)
    case "costUnknown": try first(&costUnknown)
    case "priceSource": try first(&priceSource)
    default: extra.append(KeptMember(key, try cursor.value()))
    }
  }
}
