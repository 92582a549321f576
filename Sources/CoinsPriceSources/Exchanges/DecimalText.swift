import CoinsModel
import CoinsSupport

/// Exact numbers from the text a service sent: `57714.66`, `"57714.66000000"`, `1.6e-05`.
package enum DecimalText {
  /// The value of `text` (plain or scientific notation), or `nil` when it is not a number that
  /// fits; never through `Double`, so no digit is lost.
  package static func value(_ text: some StringProtocol) -> ExactDecimal? {
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

  /// The value of a JSON number or a string holding one.
  package static func value(_ json: JSONValue) -> ExactDecimal? {
    switch json {
    case .number(let text), .string(let text): value(text)
    default: nil
    }
  }
}
