/// Builds JSON text by hand: keys in a fixed order, exact numbers, `null` for unknowns, and
/// every string escaped so nothing raw can reach a terminal through it.
package enum JSONText {
  /// A JSON string literal for `value`.
  package static func string(_ value: String) -> String {
    if isPlain(value) { return "\"" + value + "\"" }
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || (0x2028...0x2029).contains(scalar.value)
        {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Appends the JSON string literal for `value` to `output`; text that needs no escape (plain
  /// ASCII without quotes or backslashes, the usual case) is copied as it is.
  package static func append(_ value: String, to output: inout String) {
    guard isPlain(value) else { return output += string(value) }
    output += "\""
    output += value
    output += "\""
  }

  /// Whether `value` is printable ASCII without quotes or backslashes: written as it is.
  package static func isPlain(_ value: String) -> Bool {
    var value = value
    return value.withUTF8 { bytes in
      for byte in bytes {
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\")
        else { return false }
      }
      return true
    }
  }

  /// The exact value for JSON and CSV: integers without a fraction, others in Swift's shortest
  /// round-trip form; `nil` for non-finite values.
  package static func exact(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// A JSON number for `value`, or `null` when it is unknown or not finite.
  package static func number(_ value: Double?) -> String {
    value.flatMap(exact) ?? "null"
  }

  /// A JSON number for an integer, or `null`.
  package static func number(_ value: Int?) -> String {
    value.map(String.init) ?? "null"
  }

  /// An object from already-encoded members, in the given order.
  package static func object(_ members: [(String, String)]) -> String {
    var result = "{"
    for (index, (key, value)) in members.enumerated() {
      if index > 0 { result += "," }
      append(key, to: &result)
      result += ":"
      result += value
    }
    return result + "}"
  }

  /// An array from already-encoded elements.
  package static func array(_ elements: [String]) -> String {
    "[" + elements.joined(separator: ",") + "]"
  }
}
