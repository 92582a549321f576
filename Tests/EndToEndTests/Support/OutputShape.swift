import Foundation

/// What stays of a line of output when its live figures are taken out: labels, symbols, names,
/// column order, signs of structure — so an example showing live prices can still be checked.
enum OutputShape {
  /// `line` with times, dates, sparklines and charts, and figures (with their currency symbol,
  /// sign, unit and percent) each replaced by one placeholder, and runs of spaces collapsed.
  static func of(_ line: String) -> String {
    var text = line
    text = text.replacing(/\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2} UTC)?/, with: "<time>")
    text = text.replacing(
      /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}/, with: "<date>")
    text = text.replacing(/[▁▂▃▄▅▆▇█][▁▂▃▄▅▆▇█ ]*/, with: "<chart> ")
    text = text.replacing(
      /[+-]?(CHF |[$€£¥₿Ξ])?\d[\d,]*(\.\d+)?[KMBT%]?( ago)?/, with: "<n>")
    text = text.replacing(/\ +/, with: " ")
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// Every member name in a JSON text or in a page's JSON sketch (which may hold `…`).
  static func memberNames(_ json: String) -> Set<String> {
    Set(json.matches(of: /"([A-Za-z0-9_]+)"\s*:/).map { String($0.output.1) })
  }
}
