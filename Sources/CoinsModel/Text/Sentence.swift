/// Ends text that came from elsewhere (an API message, an OS error) as a sentence, so that the
/// next sentence of a warning or error never runs into it.
package enum Sentence {
  /// `text` with a full stop after it, unless it already ends with `.`, `!` or `?`; trailing
  /// spaces are dropped, and empty text stays empty.
  package static func ended(_ text: String) -> String {
    var trimmed = Substring(text)
    while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
    guard let last = trimmed.last else { return "" }
    return ".!?".contains(last) ? String(trimmed) : trimmed + "."
  }

  /// `a`, `a and b`, `a, b and c`.
  package static func list(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}
