import CoinsModel
import FoundationEssentials

/// Converts between the portfolio file's JSON and ``Portfolio``, checking every field and
/// keeping the members it does not know. Version 2 is written; version 1 (lots) is read, each
/// lot as a buy.
///
/// ```json
/// {
///   "version": 2,
///   "holdings": [
///     { "id": "bitcoin", "transactions": [ { "id": "1", "type": "buy", "amount": "0.5",
///       "price": "42000", "currency": "usd", "date": "2026-11-29T14:00:00.000Z" } ] }
///   ]
/// }
/// ```
///
/// Version 1 had `"lots": [ { "amount", "cost", "costCurrency", "date" } ]` per holding.
enum PortfolioCodec {
  /// A reason the document is not a portfolio (the caller adds the path).
  struct Invalid: Error, Equatable {
    var detail: String
  }

  /// The portfolio in `document`; `newerVersion` is set when the version is above ours.
  static func decode(_ document: JSONValue) throws(Invalid) -> (Portfolio, newerVersion: Int?) {
    let (portfolio, version) = try decodeWithVersion(document)
    return (portfolio, version > Portfolio.formatVersion ? version : nil)
  }

  /// The portfolio in `document` and the format version it was in (above ours: an empty
  /// portfolio, the rest unread). Version-1 lots come without ids.
  static func decodeWithVersion(_ document: JSONValue) throws(Invalid) -> (Portfolio, Int) {
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
    var ids = Set<String>()
    for (index, value) in holdingValues.enumerated() {
      let place = "holdings[\(index)]"
      let holding = try decodeHolding(value, at: place, version: version)
      if holdings.contains(where: { $0.id == holding.id }) {
        throw Invalid(detail: "\(place): \"\(holding.id)\" appears twice")
      }
      for transaction in holding.transactions where !transaction.id.isEmpty {
        guard ids.insert(transaction.id).inserted else {
          throw Invalid(detail: "\(place): the transaction id \"\(transaction.id)\" appears twice")
        }
      }
      if let (overdraw, held) = holding.firstOverdraw,
        let index = holding.transactions.firstIndex(of: overdraw)
      {
        throw Invalid(
          detail:
            "\(place).transactions[\(index)] takes out \(DecimalInput.text(overdraw.amount)), "
            + "more than the \(DecimalInput.text(held)) held at its date")
      }
      holdings.append(holding)
    }
    let extra = members.filter { !["version", "holdings"].contains($0.key) }
    return (Portfolio(holdings: holdings, extra: extra), version)
  }

  /// The document for a portfolio, in the current version.
  static func encode(_ portfolio: Portfolio) -> JSONValue {
    .object(
      [
        JSONMember("version", .number(String(Portfolio.formatVersion))),
        JSONMember("holdings", .array(portfolio.holdings.map(encodeHolding))),
      ] + portfolio.extra)
  }

  private static func decodeHolding(_ value: JSONValue, at place: String, version: Int)
    throws(Invalid) -> Holding
  {
    guard let members = value.objectMembers else {
      throw Invalid(detail: "\(place) should be an object, found \(value.kindDescription)")
    }
    guard let id = value["id"]?.stringValue, !id.isEmpty, Sanitizer.clean(id) == id else {
      throw Invalid(detail: "\(place).id is missing or not a CoinGecko id")
    }
    let key = version == 1 ? "lots" : "transactions"
    guard let values = value[key]?.arrayValue else {
      throw Invalid(detail: "\(place).\(key) is missing or not an array")
    }
    var transactions: [Transaction] = []
    for (index, element) in values.enumerated() {
      let inner = "\(place).\(key)[\(index)]"
      transactions.append(
        try version == 1
          ? TransactionCodec.decodeLot(element, at: inner)
          : TransactionCodec.decode(element, at: inner))
    }
    let extra = members.filter { !["id", key].contains($0.key) }
    return Holding(id: id, transactions: transactions, extra: extra)
  }

  private static func encodeHolding(_ holding: Holding) -> JSONValue {
    .object(
      [
        JSONMember("id", .string(holding.id)),
        JSONMember("transactions", .array(holding.transactions.map(TransactionCodec.encode))),
      ]
        + holding.extra)
  }
}
