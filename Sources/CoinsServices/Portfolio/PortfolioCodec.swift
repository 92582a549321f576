import CoinsModel
import Foundation

/// Converts between the portfolio file's JSON and ``Portfolio``, checking every field and
/// keeping the members it does not know.
///
/// ```json
/// {
///   "version": 1,
///   "holdings": [
///     { "id": "bitcoin", "lots": [ { "amount": "0.5", "cost": "42000", "costCurrency": "usd",
///                                    "date": "2026-11-29T14:00:00.000Z" } ] }
///   ]
/// }
/// ```
enum PortfolioCodec {
  /// A reason the document is not a portfolio (the caller adds the path).
  struct Invalid: Error, Equatable {
    var detail: String
  }

  /// The portfolio in `document`; `newerVersion` is set when the version is above ours.
  static func decode(_ document: JSONValue) throws(Invalid) -> (Portfolio, newerVersion: Int?) {
    guard let members = document.objectMembers else {
      throw Invalid(detail: "expected an object at the top, found \(document.kindDescription)")
    }
    guard case .number(let versionText)? = document["version"], let version = Int(versionText)
    else { throw Invalid(detail: "\"version\" is missing or not a whole number") }
    if version > Portfolio.formatVersion { return (Portfolio(), version) }
    guard version >= 1 else {
      throw Invalid(detail: "\"version\" \(version) is not a known format")
    }
    guard let holdingValues = document["holdings"]?.arrayValue else {
      throw Invalid(detail: "\"holdings\" is missing or not an array")
    }
    var holdings: [Holding] = []
    for (index, value) in holdingValues.enumerated() {
      let holding = try decodeHolding(value, at: "holdings[\(index)]")
      if holdings.contains(where: { $0.id == holding.id }) {
        throw Invalid(detail: "holdings[\(index)]: \"\(holding.id)\" appears twice")
      }
      holdings.append(holding)
    }
    let extra = members.filter { !["version", "holdings"].contains($0.key) }
    return (Portfolio(holdings: holdings, extra: extra), nil)
  }

  /// The document for a portfolio.
  static func encode(_ portfolio: Portfolio) -> JSONValue {
    .object(
      [
        JSONMember("version", .number(String(Portfolio.formatVersion))),
        JSONMember("holdings", .array(portfolio.holdings.map(encodeHolding))),
      ] + portfolio.extra)
  }

  private static func decodeHolding(_ value: JSONValue, at place: String) throws(Invalid) -> Holding
  {
    guard let members = value.objectMembers else {
      throw Invalid(detail: "\(place) should be an object, found \(value.kindDescription)")
    }
    guard let id = value["id"]?.stringValue, !id.isEmpty, Sanitizer.clean(id) == id else {
      throw Invalid(detail: "\(place).id is missing or not a CoinGecko id")
    }
    guard let lotValues = value["lots"]?.arrayValue else {
      throw Invalid(detail: "\(place).lots is missing or not an array")
    }
    var lots: [Lot] = []
    for (index, lotValue) in lotValues.enumerated() {
      lots.append(try decodeLot(lotValue, at: "\(place).lots[\(index)]"))
    }
    let extra = members.filter { !["id", "lots"].contains($0.key) }
    return Holding(id: id, lots: lots, extra: extra)
  }

  private static func decodeLot(_ value: JSONValue, at place: String) throws(Invalid) -> Lot {
    guard let members = value.objectMembers else {
      throw Invalid(detail: "\(place) should be an object, found \(value.kindDescription)")
    }
    guard let amountText = decimalText(value["amount"]),
      let amount = DecimalInput.amount(amountText)
    else {
      throw Invalid(detail: "\(place).amount should be a positive decimal string such as \"0.5\"")
    }
    var lot = Lot(amount: amount)
    if let costValue = value["cost"], costValue != .null {
      guard let text = decimalText(costValue), let cost = DecimalInput.parse(text) else {
        throw Invalid(detail: "\(place).cost should be a decimal string such as \"42000\"")
      }
      lot.cost = cost
    }
    if let currencyValue = value["costCurrency"], currencyValue != .null {
      guard let currency = currencyValue.stringValue, !currency.isEmpty else {
        throw Invalid(detail: "\(place).costCurrency should be a currency code such as \"usd\"")
      }
      lot.costCurrency = currency.lowercased()
    }
    if let dateValue = value["date"], dateValue != .null {
      guard let dateText = dateValue.stringValue, let date = ISO8601Timestamp.parse(dateText) else {
        throw Invalid(detail: "\(place).date should be a time like \"2026-11-29T14:00:00Z\"")
      }
      lot.date = date
    }
    lot.extra = members.filter { !["amount", "cost", "costCurrency", "date"].contains($0.key) }
    return lot
  }

  /// A decimal stored as a string (what `coins` writes) or, from a hand edit, a plain number.
  private static func decimalText(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .number(let text)?: text
    default: nil
    }
  }

  private static func encodeHolding(_ holding: Holding) -> JSONValue {
    .object(
      [
        JSONMember("id", .string(holding.id)),
        JSONMember("lots", .array(holding.lots.map(encodeLot))),
      ]
        + holding.extra)
  }

  private static func encodeLot(_ lot: Lot) -> JSONValue {
    var members = [JSONMember("amount", .string(DecimalInput.text(lot.amount)))]
    if let cost = lot.cost { members.append(JSONMember("cost", .string(DecimalInput.text(cost)))) }
    if let currency = lot.costCurrency {
      members.append(JSONMember("costCurrency", .string(currency)))
    }
    if let date = lot.date {
      members.append(JSONMember("date", .string(ISO8601Timestamp.formatExact(date))))
    }
    return .object(members + lot.extra)
  }
}
