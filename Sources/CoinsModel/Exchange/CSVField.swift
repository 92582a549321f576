/// One CSV field as `coins` writes and reads it: quoted when it holds a comma, a quote or a line
/// break, and defused by a leading `'` when a spreadsheet would take it for a formula (`=`, `+`,
/// `-` or `@` first). One encoder for the export and the reports, which differ only in the
/// guard: the export's is undone when `portfolio import` reads it back.
public enum CSVField {
  /// The field as the export writes it (`portfolio export --csv`, which `portfolio import`
  /// reads back): text whose leading `'`s come before a formula character is guarded too, so
  /// that ``decode(_:)`` gives every text back as it was.
  public static func encode(_ text: String) -> String {
    quoted(needsGuard(text) ? "'" + text : text)
  }

  /// The field as a report writes it (the `--csv` of `top`, `portfolio value`, `gains`,
  /// `income` and `history`), read by people and spreadsheets, never back: only a formula
  /// character first is guarded.
  public static func report(_ text: String) -> String {
    guard let first = text.first, "=+-@".contains(first) else { return quoted(text) }
    return quoted("'" + text)
  }

  /// A field as read (already unquoted), with the formula guard taken off.
  public static func decode(_ field: String) -> String {
    field.first == "'" && needsGuard(String(field.dropFirst())) ? String(field.dropFirst()) : field
  }

  /// `value` in quotes, its quotes doubled, when it holds a comma, a quote or a line break.
  private static func quoted(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return value
    }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }

  /// Whether `text`, after its leading `'`s, starts with `=`, `+`, `-` or `@`.
  private static func needsGuard(_ text: String) -> Bool {
    guard let first = text.drop(while: { $0 == "'" }).first else { return false }
    return "=+-@".contains(first)
  }
}
