/// Writes a ``JSONValue`` as readable, stable JSON: two-space indentation, members in their
/// order, numbers as their literal text.
public enum JSONValueWriter {
  /// The document's text, ending in a newline.
  public static func write(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: 0, into: &output)
    return output + "\n"
  }

  /// Appends `value` as ``write(_:)`` writes it when it starts `indent` spaces in (its first
  /// line not indented, no newline after it).
  package static func write(_ value: JSONValue, indent: Int, into output: inout String) {
    let inner = String(repeating: " ", count: indent + 2)
    let closing = String(repeating: " ", count: indent)
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): output += JSONText.string(text)
    case .array(let elements):
      guard !elements.isEmpty else { return output += "[]" }
      output += "[\n"
      for (position, element) in elements.enumerated() {
        output += inner
        write(element, indent: indent + 2, into: &output)
        output += position == elements.count - 1 ? "\n" : ",\n"
      }
      output += closing + "]"
    case .object(let members):
      guard !members.isEmpty else { return output += "{}" }
      output += "{\n"
      for (position, member) in members.enumerated() {
        output += inner + JSONText.string(member.key) + ": "
        write(member.value, indent: indent + 2, into: &output)
        output += position == members.count - 1 ? "\n" : ",\n"
      }
      output += closing + "}"
    }
  }

  /// Appends `value` on one line: `{"a": [1, 2], "b": null}`.
  package static func writeLine(_ value: JSONValue, into output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): JSONText.append(text, to: &output)
    case .array(let elements):
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += ", " }
        writeLine(element, into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (position, member) in members.enumerated() {
        if position > 0 { output += ", " }
        JSONText.append(member.key, to: &output)
        output += ": "
        writeLine(member.value, into: &output)
      }
      output += "}"
    }
  }
}
