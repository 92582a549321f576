import CoinsModel
import CoinsSupport

/// Exact numbers from the text a service sent: `57714.66`, `"57714.66000000"`, `1.6e-05`.
package enum DecimalText {
  /// The value of `text` (plain or scientific notation), or `nil` when it is not a number that
  /// fits; never through `Double`, so no digit is lost.
  package static func value(_ text: some StringProtocol) -> ExactDecimal? {
    // Plain notation with nothing to trim (a prices file's every price) is read as it is.
    if text.utf8.allSatisfy({ Self.isPlain($0) }) { return ExactDecimal.parsed(String(text)) }
    let trimmed = text.trimmingWhitespace()
    let parts = trimmed.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "e" || $0 == "E" })
    guard parts.count <= 2, let mantissa = ExactDecimal.parsed(String(parts[0])) else {
      return nil
    }
    guard parts.count == 2 else { return mantissa }
    var exponentText = parts[1]
    if exponentText.hasPrefix("+") { exponentText = exponentText.dropFirst() }
    guard let exponent = Int(exponentText), abs(exponent) < 300 else { return nil }
    return ExactDecimal(
      significand: mantissa.significand, exponent: mantissa.exponent + exponent,
      isNegative: mantissa.isNegative)
  }

  /// Whether `byte` is a digit, a point or a minus sign: text of these alone has no white
  /// space to trim and no exponent.
  private static func isPlain(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "-")
  }

  /// The value of a JSON number or a string holding one.
  package static func value(_ json: JSONValue) -> ExactDecimal? {
    switch json {
    case .number(let text), .string(let text): value(text)
    default: nil
    }
  }
}
