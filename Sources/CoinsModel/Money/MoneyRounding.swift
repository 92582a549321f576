import FoundationEssentials

/// Money as reports show it: rounded once, from the exact figure, to the currency's minor unit
/// (``MinorUnit``), half to even — 0.125 is 0.12 and 0.135 is 0.14, so that rounding many
/// figures adds no drift either way.
public enum MoneyRounding {
  /// `value` rounded to `currency`'s minor unit; `nil` stays `nil`.
  public static func rounded(_ value: Decimal?, in currency: String) -> Decimal? {
    value.map { rounded($0, digits: MinorUnit.digits(of: currency)) }
  }

  /// `value` rounded half to even to `digits` digits after the point, worked on the exact
  /// digits of its plain notation.
  public static func rounded(_ value: Decimal, digits: Int) -> Decimal {
    // Most figures (a price typed in cents, a whole cost) have no digit to drop: no text.
    guard value.exponent < -digits else { return value }
    let text = value.description
    guard value.isFinite, let point = text.firstIndex(of: "."),
      !text.contains("e"), !text.contains("E")
    else { return value }
    let fraction = text[text.index(after: point)...]
    guard fraction.count > digits else { return value }
    let negative = text.hasPrefix("-")
    let whole = text[(negative ? text.index(after: text.startIndex) : text.startIndex)..<point]
    var kept = Array((whole + fraction.prefix(digits)).utf8).map { Int($0) - 48 }
    let rest = Array(fraction.dropFirst(digits).utf8).map { Int($0) - 48 }
    let first = rest[0]
    let beyondHalf = rest.dropFirst().contains { $0 != 0 }
    let lastKeptIsOdd = (kept.last ?? 0) % 2 == 1
    if first > 5 || (first == 5 && (beyondHalf || lastKeptIsOdd)) {
      var index = kept.count - 1
      while index >= 0 && kept[index] == 9 {
        kept[index] = 0
        index -= 1
      }
      if index >= 0 { kept[index] += 1 } else { kept.insert(1, at: 0) }
    }
    guard kept.contains(where: { $0 != 0 }) else { return 0 }
    let wholeCount = kept.count - digits
    let wholeText = kept[..<wholeCount].map(String.init).joined()
    let fractionText = kept[wholeCount...].map(String.init).joined()
    let plain =
      (negative ? "-" : "") + (wholeText.isEmpty ? "0" : wholeText)
      + (fractionText.isEmpty ? "" : "." + fractionText)
    return Decimal(string: plain) ?? value
  }

  /// The sum of already rounded figures: `nil` when any is unknown.
  public static func sum(_ figures: [Decimal?]) -> Decimal? {
    var total = Decimal(0)
    for figure in figures {
      guard let figure else { return nil }
      total += figure
    }
    return total
  }
}

extension MoneyRounding {
  /// `value` rounded to `currency`'s minor unit and written with exactly that many digits after
  /// the point (`7098.50`, `150000`), as a form or a spreadsheet takes money.
  public static func fixedText(_ value: Decimal, in currency: String) -> String {
    let digits = MinorUnit.digits(of: currency)
    var text = DecimalInput.text(rounded(value, digits: digits))
    guard digits > 0 else { return text }
    let written = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
    if written == nil { text += "." }
    return text + String(repeating: "0", count: digits - (written ?? 0))
  }
}
