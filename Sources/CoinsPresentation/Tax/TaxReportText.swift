import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the UK and German reports write alike: the title line naming the rules, local days as
/// dates, money rounded once to the currency's minor unit.
package struct TaxReportText: Sendable {
  /// The currency of every figure.
  package let currency: String
  private let style: CurrencyStyle

  /// Figures in `currency`.
  package init(currency: String) {
    self.currency = currency.lowercased()
    style = CurrencyStyle(code: currency)
  }

  /// How many rows make a report's lines worth making on every core.
  package static let manyLines = 10_000

  /// A report's text, line by line: appended to one string as it is made (joining a large
  /// report's lines at the end would count the characters of every one).
  package struct Lines {
    /// The lines so far, each ended by a newline.
    package private(set) var text = ""

    /// No lines.
    package init() {}

    /// Appends `line` and a newline.
    package mutating func append(_ line: String) {
      text += line
      text += "\n"
    }

    /// Appends `lines`, already ended by newlines.
    package mutating func append(lines: String) { text += lines }
  }

  /// Each coin's symbol looked up once (a large report names a coin on thousands of lines).
  package struct Symbols {
    private let names: CoinNames
    private var known: [String: String] = [:]

    /// Symbols from `names`.
    package init(_ names: CoinNames) { self.names = names }

    /// `BTC` for `bitcoin`, as ``CoinNames/symbol(of:)`` says.
    package mutating func symbol(of coin: String) -> String {
      if let symbol = known[coin] { return symbol }
      let symbol = names.symbol(of: coin)
      known[coin] = symbol
      return symbol
    }
  }

  /// `Gains by UK rules (HMRC share matching) in GBP · days in Europe/London`.
  package static func title(_ what: String, rules: TaxRules, currency: String) -> String {
    "\(what) by \(rules.title) in \(currency.uppercased()) · days in \(rules.zone.name)"
  }

  /// A JSON object `json` with the rules named first: `{"rules":"us","title":"US rules",…`.
  package static func namingRules(_ json: String, rules: TaxRules) -> String {
    guard json.hasPrefix("{") else { return json }
    let members =
      "\"rules\":\(JSONText.string(rules.name)),\"title\":\(JSONText.string(rules.title))"
    return "{" + members + (json.hasPrefix("{}") ? "" : ",") + json.dropFirst()
  }

  /// Local day `day` as `2024-10-30`; `undated` for `Int.min`.
  package static func date(_ day: Int?) -> String {
    guard let day, day != Int.min else { return "undated" }
    let (year, month, date) = ISO8601Timestamp.civilFromDays(day)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return "\(year)-\(two(month))-\(two(date))"
  }

  /// `£1,400.00`; `unknown` when unknown.
  package func money(_ value: Decimal?) -> String {
    value == nil ? "unknown" : MoneyFormat.text(value, currency: style)
  }

  /// `+£462.50`, `-£20.00`; `unknown` when unknown.
  package func signed(_ value: Decimal?) -> String {
    MoneyFormat.signed(value, currency: style, unknown: "unknown")
  }

  /// A figure for JSON: rounded to the minor unit, `null` when unknown.
  package func json(_ value: Decimal?) -> String {
    guard let value else { return "null" }
    return DecimalInput.text(MoneyRounding.rounded(value, digits: MinorUnit.digits(of: currency)))
  }

  /// A figure for CSV: the minor unit's digits (`937.50`), empty when unknown.
  package func csv(_ value: Decimal?) -> String {
    value.map { MoneyRounding.fixedText($0, in: currency) } ?? ""
  }
}
