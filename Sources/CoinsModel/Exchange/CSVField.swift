/// One CSV field: quoted when it must be, and defused when a spreadsheet would read it as a
/// formula — text that starts (after any `'`) with `=`, `+`, `-` or `@` gets one more `'` in
/// front, which ``decode(_:)`` takes off again (`=x` is written `'=x`, `'=x` is written `''=x`).
public enum CSVField {
  /// The field as written.
  public static func encode(_ text: String) -> String {
    let value = needsGuard(text) ? "'" + text : text
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return value
    }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }

  /// A field as read (already unquoted), with the formula guard taken off.
  public static func decode(_ field: String) -> String {
    field.first == "'" && needsGuard(String(field.dropFirst())) ? String(field.dropFirst()) : field
  }

  /// Whether `text`, after its leading `'`s, starts with `=`, `+`, `-` or `@`.
  private static func needsGuard(_ text: String) -> Bool {
    guard let first = text.drop(while: { $0 == "'" }).first else { return false }
    return "=+-@".contains(first)
  }
}
