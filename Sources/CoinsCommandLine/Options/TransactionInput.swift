import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The figures of a transaction given on the command line: a price per coin or a total, a
/// fee, a date and a note.
package struct TransactionInput: Sendable, Equatable {
  /// The price per coin given with `--cost` or `--price`.
  var price: Decimal?
  /// The total given with `--total` (the price is total ÷ amount).
  var total: Decimal?
  /// The fee given with `--fee`.
  var fee: Decimal?
  /// The date given with `--date`.
  var date: Date?
  /// The note given with `--note`.
  var note: String?

  static let totalOption = CommandSpec.Option(
    name: "--total", valueName: "amount",
    help: "The total paid or received instead of a price per coin, in --currency.")
  static let feeOption = CommandSpec.Option(
    name: "--fee", valueName: "amount", help: "A fee paid, in --currency (counted in the cost).")
  static let dateOption = CommandSpec.Option(
    name: "--date", valueName: "when",
    help: "When it happened: YYYY-MM-DD (00:00 UTC) or an ISO-8601 time; not in the future.",
    defaultValue: "now")
  static let noteOption = CommandSpec.Option(
    name: "--note", valueName: "text", help: "A note kept with the transaction.")

  /// Figures given directly.
  package init(
    price: Decimal? = nil, total: Decimal? = nil, fee: Decimal? = nil, date: Date? = nil,
    note: String? = nil
  ) {
    (self.price, self.total, self.fee, self.date, self.note) = (price, total, fee, date, note)
  }

  /// Reads the options; `priceOption` is `--cost` or `--price` (`nil`: no price is taken).
  init(_ parsed: ParsedArguments, path: [String], priceOption: CommandSpec.Option?)
    throws(UsageError)
  {
    if let priceOption, let text = parsed.value(priceOption) {
      price = try Self.positive(text, option: priceOption, path: path)
    }
    if let text = parsed.value(Self.totalOption) {
      if let priceOption, price != nil {
        throw UsageError(
          "'\(priceOption.name)' and '--total' cannot be used together.", commandPath: path)
      }
      total = try Self.positive(text, option: Self.totalOption, path: path)
    }
    if let text = parsed.value(Self.feeOption) {
      guard let value = DecimalInput.parse(text) else {
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for '--fee <amount>': expected a "
            + "decimal number such as 2.5.", commandPath: path)
      }
      fee = value
    }
    if let text = parsed.value(Self.dateOption) {
      guard let value = DateInput.parse(text) else {
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for '--date <when>': expected "
            + "YYYY-MM-DD or an ISO-8601 time such as 2026-03-01T14:30:00Z.", commandPath: path)
      }
      date = value
    }
    if let text = parsed.value(Self.noteOption) {
      guard Sanitizer.clean(text) == text, text.count <= 500 else {
        throw UsageError(
          "The value for '--note <text>' must be at most 500 printable characters.",
          commandPath: path)
      }
      note = text.isEmpty ? nil : text
    }
  }

  /// The price per coin for `amount`: the one given, else total ÷ amount (exact to 18
  /// decimals), else `nil`.
  package func pricePerCoin(amount: Decimal) -> Decimal? {
    if let price { return price }
    guard let total else { return nil }
    return DecimalInput.parse(DecimalInput.text(total / amount))
  }

  private static func positive(_ text: String, option: CommandSpec.Option, path: [String])
    throws(UsageError) -> Decimal
  {
    guard let value = DecimalInput.amount(text) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '\(option.quoted)': "
          + "expected a positive decimal number such as 42000.", commandPath: path)
    }
    return value
  }
}
