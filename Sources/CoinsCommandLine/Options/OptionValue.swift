import CoinsModel

/// Interprets option and argument values, with messages in swift-argument-parser's words.
enum OptionValue {
  /// A whole number within `range`.
  static func integer(_ text: String, for label: String, in range: ClosedRange<Int>, path: [String])
    throws(UsageError) -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '\(label)': expected a whole number "
          + "from \(range.lowerBound) to \(range.upperBound).", commandPath: path)
    }
    return value
  }

  /// A finite number of seconds, at least `minimum` (and above it when `exclusive`).
  static func seconds(
    _ text: String, for label: String, minimum: Double, exclusive: Bool = false,
    maximum: Double = 1e7, path: [String]
  ) throws(UsageError) -> Double {
    let value = Double(text)
    guard let value, value.isFinite, exclusive ? value > minimum : value >= minimum,
      value <= maximum, !text.lowercased().contains("x")
    else {
      let bound =
        exclusive
        ? "more than \(clean(minimum)) and at most \(clean(maximum))"
        : "from \(clean(minimum)) to \(clean(maximum))"
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '\(label)': expected a number of "
          + "seconds, \(bound).", commandPath: path)
    }
    return value
  }

  /// One of an enumeration's raw values.
  static func choice<T: RawRepresentable & CaseIterable>(
    _ text: String, for label: String, path: [String]
  ) throws(UsageError) -> T where T.RawValue == String {
    if let value = T(rawValue: text.lowercased()) { return value }
    let names = T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    throw UsageError(
      "The value '\(Sanitizer.printable(text))' is invalid for '\(label)'. Please provide one of \(names).",
      commandPath: path)
  }

  /// A `vs_currency` code: 2 to 12 letters or digits, lower-cased.
  static func currency(_ text: String, path: [String]) throws(UsageError) -> String {
    let code = text.lowercased()
    guard (2...12).contains(code.count),
      code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '--currency <code>': expected a currency "
          + "code such as usd, eur or btc.", commandPath: path)
    }
    return code
  }

  private static func clean(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// A number of seconds as help and `coins config show` print it: `60`, `0.5`.
  static func text(seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
  }
}
