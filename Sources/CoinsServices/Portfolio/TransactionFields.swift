import CoinsModel
import CoinsSupport

/// The members of one transaction's object in the portfolio file, sorted as they are read: the
/// fields `coins` knows (the first member of a name counts, the others are dropped, as
/// `JSONValue`'s subscript sees them) and the rest, kept in order. In a version-2 file the
/// names version 3 added are not fields: such a member is kept as `v2:<name>`, so that it is
/// neither lost nor misread.
struct TransactionFields {
  let version: Int
  var id: JSONValue?
  var type: JSONValue?
  var amount: JSONValue?
  var price: JSONValue?
  var currency: JSONValue?
  var fee: JSONValue?
  var feeCurrency: JSONValue?
  var date: JSONValue?
  var note: JSONValue?
  var income: JSONValue?
  var externalID: JSONValue?
  var wallet: JSONValue?
  var movedFrom: JSONValue?
  var costUnknown: JSONValue?
  var priceSource: JSONValue?
  /// The members that are no field, in file order.
  var extra: [KeptMember] = []

  /// No members yet, of a transaction in a file of `version`.
  init(version: Int) {
    self.version = version
  }

  /// Files the member `key` with its value.
  mutating func add(_ key: String, _ value: JSONValue) {
    func first(_ field: inout JSONValue?) {
      if field == nil { field = value }
    }
    if version < 3, TransactionCodec.versionThreeKeys.contains(key) {
      extra.append(KeptMember("v2:" + key, value))
      return
    }
    switch key {
    case "id": first(&id)
    case "type": first(&type)
    case "amount": first(&amount)
    case "price": first(&price)
    case "currency": first(&currency)
    case "fee": first(&fee)
    case "feeCurrency": first(&feeCurrency)
    case "date": first(&date)
    case "note": first(&note)
    case "income": first(&income)
    case "externalId": first(&externalID)
    case "wallet": first(&wallet)
    case "movedFrom": first(&movedFrom)
    case "costUnknown": first(&costUnknown)
    case "priceSource": first(&priceSource)
    default: extra.append(KeptMember(key, value))
    }
  }
}
