import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts between the alerts file's JSON and ``AlertBook``, checking every field and keeping
/// the members it does not know.
///
/// ```json
/// { "version": 1, "nextId": 3, "alerts": [
///   { "id": "1", "target": "coin", "coin": "bitcoin", "symbol": "btc", "name": "Bitcoin",
///     "rule": "above", "threshold": "100000", "currency": "usd",
///     "createdAt": "2026-11-30T14:00:00.000Z", "state": "fired",
///     "firedAt": "2026-11-30T14:02:00.000Z", "lastValue": 100412, "checkedAt": "…" } ] }
/// ```
enum AlertCodec {
  /// A reason the document is not an alerts file (the caller adds the path).
  struct Invalid: Error, Equatable {
    var detail: String
  }

  private static let ruleKeys: Set<String> = [
    "id", "target", "coin", "symbol", "name", "rule", "threshold", "over", "currency", "note",
    "createdAt", "state", "firedAt", "lastValue", "checkedAt",
  ]

  /// The book in `document`; `newerVersion` is set when the version is above ours.
  static func decode(_ document: JSONValue) throws(Invalid) -> (AlertBook, newerVersion: Int?) {
    guard let members = document.objectMembers else {
      throw Invalid(detail: "expected an object at the top, found \(document.kindDescription)")
    }
    guard let version = integer(document["version"]) else {
      throw Invalid(detail: "\"version\" is missing or not a whole number")
    }
    if version > AlertBook.formatVersion { return (AlertBook(), version) }
    guard version >= 1 else {
      throw Invalid(detail: "\"version\" \(version) is not a known format")
    }
    guard let values = document["alerts"]?.arrayValue else {
      throw Invalid(detail: "\"alerts\" is missing or not an array")
    }
    var rules: [AlertRule] = []
    for (index, value) in values.enumerated() {
      let rule = try decodeRule(value, at: "alerts[\(index)]")
      if rules.contains(where: { $0.id == rule.id }) {
        throw Invalid(detail: "alerts[\(index)]: the id \"\(rule.id)\" appears twice")
      }
      rules.append(rule)
    }
    let extra = members.filter { !["version", "nextId", "alerts"].contains($0.key) }
      .map(KeptMember.init)
    return (AlertBook(rules: rules, nextID: integer(document["nextId"]) ?? 1, extra: extra), nil)
  }

  /// The document for a book.
  static func encode(_ book: AlertBook) -> JSONValue {
    .object(
      [
        JSONMember("version", .number(String(AlertBook.formatVersion))),
        JSONMember("nextId", .number(String(book.nextID))),
        JSONMember("alerts", .array(book.rules.map(encodeRule))),
      ] + book.extra.map(\.jsonMember))
  }

  private static func encodeRule(_ rule: AlertRule) -> JSONValue {
    var members = [JSONMember("id", .string(rule.id))]
    switch rule.target {
    case .portfolio:
      members.append(JSONMember("target", .string("portfolio")))
    case .coin(let id, let symbol, let name):
      members += [
        JSONMember("target", .string("coin")), JSONMember("coin", .string(id)),
        JSONMember("symbol", .string(symbol)), JSONMember("name", .string(name)),
      ]
    }
    members += [
      JSONMember("rule", .string(rule.condition.kind)),
      JSONMember("threshold", .string(DecimalInput.text(rule.condition.threshold))),
    ]
    if case .move(_, let window) = rule.condition {
      members.append(JSONMember("over", .string(window.rawValue)))
    }
    members.append(JSONMember("currency", .string(rule.currency)))
    if let note = rule.note { members.append(JSONMember("note", .string(note))) }
    members.append(JSONMember("createdAt", .string(ISO8601Timestamp.format(rule.createdAt))))
    switch rule.state {
    case .notChecked: members.append(JSONMember("state", .string("notChecked")))
    case .armed: members.append(JSONMember("state", .string("armed")))
    case .fired(let at):
      members += [
        JSONMember("state", .string("fired")),
        JSONMember("firedAt", .string(ISO8601Timestamp.format(at))),
      ]
    }
    if let value = rule.lastValue, value.isFinite {
      members.append(JSONMember("lastValue", .number("\(value)")))
    }
    if let checkedAt = rule.checkedAt {
      members.append(JSONMember("checkedAt", .string(ISO8601Timestamp.format(checkedAt))))
    }
    return .object(members + rule.extra.map(\.jsonMember))
  }

  private static func decodeRule(_ value: JSONValue, at place: String) throws(Invalid)
    -> AlertRule
  {
    guard let members = value.objectMembers else {
      throw Invalid(detail: "\(place) should be an object, found \(value.kindDescription)")
    }
    func text(_ key: String) throws(Invalid) -> String {
      guard let text = value[key]?.stringValue, !text.isEmpty else {
        throw Invalid(detail: "\(place).\(key) is missing or not a string")
      }
      return text
    }
    func date(_ key: String) throws(Invalid) -> Date {
      guard let date = ISO8601Timestamp.parse(try text(key)) else {
        throw Invalid(detail: "\(place).\(key) is not an ISO 8601 time")
      }
      return date
    }
    let target: AlertTarget
    switch try text("target") {
    case "portfolio": target = .portfolio
    case "coin":
      target = .coin(id: try text("coin"), symbol: try text("symbol"), name: try text("name"))
    case let other: throw Invalid(detail: "\(place).target \"\(other)\" is not coin or portfolio")
    }
    guard let threshold = DecimalInput.amount(try text("threshold")) else {
      throw Invalid(detail: "\(place).threshold is not a positive decimal number")
    }
    let condition: AlertCondition
    switch try text("rule") {
    case "above": condition = .above(threshold)
    case "below": condition = .below(threshold)
    case "move":
      guard let window = AlertWindow(rawValue: try text("over")) else {
        throw Invalid(detail: "\(place).over is not 1h or 24h")
      }
      condition = .move(percent: threshold, window: window)
    case let other: throw Invalid(detail: "\(place).rule \"\(other)\" is not above, below or move")
    }
    var rule = AlertRule(
      id: try text("id"), target: target, condition: condition, currency: try text("currency"),
      note: value["note"]?.stringValue, createdAt: try date("createdAt"))
    switch try text("state") {
    case "notChecked": rule.state = .notChecked
    case "armed": rule.state = .armed
    case "fired": rule.state = .fired(at: try date("firedAt"))
    case let other: throw Invalid(detail: "\(place).state \"\(other)\" is not a known state")
    }
    if case .number(let number)? = value["lastValue"] { rule.lastValue = Double(number) }
    if value["checkedAt"] != nil { rule.checkedAt = try date("checkedAt") }
    rule.extra = members.filter { !ruleKeys.contains($0.key) }.map(KeptMember.init)
    return rule
  }

  private static func integer(_ value: JSONValue?) -> Int? {
    guard case .number(let text)? = value else { return nil }
    return Int(text)
  }
}
