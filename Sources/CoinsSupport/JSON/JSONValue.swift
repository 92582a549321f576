/// A JSON document as written: numbers keep their literal text (so `0.1` stays `0.1`) and
/// object members keep their order (so a hand-edited file reads the same after a rewrite).
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number, as its literal text.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// An object's members, in order.
  case object([JSONMember])

  /// The member named `key`, when this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, when this is an object.
  public var objectMembers: [JSONMember]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// What kind of value this is, for error messages ("a string", "an object", …).
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
  /// The member's name.
  public var key: String
  /// The member's value.
  public var value: JSONValue

  /// Creates a member.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
