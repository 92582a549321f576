import FoundationEssentials

/// Reads amounts and prices the user typed (or the file stores) as exact decimals.
///
/// Only plain decimal notation is accepted — digits with at most one point, like `0.5`, `10`,
/// `.25` — so `nan`, `inf`, `1e999`, `-1` and `0x10` are refused rather than guessed at.
public enum DecimalInput {
  /// The largest amount or price accepted.
  public static let maximum = Decimal(string: "1000000000000000")!
  /// The most digits after the point.
  public static let maxFractionDigits = 18

  /// The decimal value of `text`, or `nil` when it is not plain decimal notation in range.
  public static func parse(_ text: String) -> Decimal? {
    let trimmed = text.trimmingWhitespace()
    var sawDigit = false
    var sawPoint = false
    var fractionDigits = 0
    for byte in trimmed.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
        if sawPoint { fractionDigits += 1 }
      case UInt8(ascii: ".") where !sawPoint:
        sawPoint = true
      default:
        return nil
      }
    }
    guard sawDigit, fractionDigits <= maxFractionDigits, trimmed.utf8.count <= 40,
      let value = Decimal(string: trimmed),
      value <= maximum
    else { return nil }
    return value
  }

  /// A positive amount (more than 0).
  public static func amount(_ text: String) -> Decimal? {
    guard let value = parse(text), value > 0 else { return nil }
    return value
  }

  /// The canonical text of a decimal, as stored in the file: `0.5`, `42000`.
  public static func text(_ value: Decimal) -> String {
    rounded(value, fractionDigits: maxFractionDigits).description
  }

  /// `value` rounded half away from zero to at most `fractionDigits` digits after the point,
  /// worked on the exact digits of its plain notation.
  public static func rounded(_ value: Decimal, fractionDigits: Int) -> Decimal {
    let text = value.description
    guard value.isFinite, let point = text.firstIndex(of: "."),
      text.distance(from: point, to: text.endIndex) - 1 > fractionDigits,
      !text.contains("e"), !text.contains("E")
    else { return value }
    let negative = text.hasPrefix("-")
    let whole = text[(negative ? text.index(after: text.startIndex) : text.startIndex)..<point]
    let fraction = text[text.index(after: point)...]
    var digits = Array((whole + fraction.prefix(fractionDigits)).utf8).map { Int($0) - 48 }
    if let next = fraction.dropFirst(fractionDigits).first, next >= "5" {
      var index = digits.count - 1
      while index >= 0 {
        if digits[index] == 9 {
          digits[index] = 0
          index -= 1
        } else {
          digits[index] += 1
          break
        }
      }
      if index < 0 { digits.insert(1, at: 0) }
    }
    guard digits.contains(where: { $0 != 0 }) else { return 0 }
    let wholeCount = digits.count - fractionDigits
    let wholeText = digits[..<wholeCount].map(String.init).joined()
    let fractionText = digits[wholeCount...].map(String.init).joined()
    let plain = (negative ? "-" : "") + (wholeText.isEmpty ? "0" : wholeText) + "." + fractionText
    return Decimal(string: plain) ?? value
  }
}
