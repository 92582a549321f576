import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The portfolio file's `"statedBalances"`: the last balance an export stated of each coin and
/// wallet, one object a line, written only when there is one.
///
/// ```json
///   "statedBalances": [
///     {"coin": "bitcoin", "wallet": "kraken", "amount": "0.031466", "date": "2021-02-07T15:00:00.000Z", "file": "ledgers.csv", "line": 14}
///   ]
/// ```
enum StatedBalanceCodec {
  /// The member's name.
  static let key = "statedBalances"

  /// `,\n  "statedBalances": [...]`, nothing when there are none.
  static func write(_ statements: [BalanceStatement], into output: inout JSONBytes) {
    guard !statements.isEmpty else { return }
    output.append(",\n  \"statedBalances\": [")
    for (index, statement) in statements.enumerated() {
      output.append(index == 0 ? "\n    {\"coin\": " : ",\n    {\"coin\": ")
      output.appendString(statement.coin)
      if let wallet = statement.wallet {
        output.append(", \"wallet\": ")
        output.appendString(wallet)
      }
      output.append(", \"amount\": \"")
      DecimalInput.withText(statement.amount) { output.append($0) }
      output.append("\"")
      if let date = statement.date {
        output.append(", \"date\": \"")
        ISO8601Timestamp.withExactText(date) { output.append($0) }
        output.append("\"")
      }
      if let file = statement.file {
        output.append(", \"file\": ")
        output.appendString(file)
      }
      if let line = statement.line {
        output.append(", \"line\": ")
        output.append(String(line))
      }
      output.append("}")
    }
    output.append("\n  ]")
  }

  /// The statements in the member's value, every field checked.
  static func decode(_ value: JSONValue) throws(PortfolioCodec.Invalid) -> [BalanceStatement] {
    guard let elements = value.arrayValue else {
      throw .init(detail: "\"statedBalances\" should be an array")
    }
    var statements: [BalanceStatement] = []
    for (index, element) in elements.enumerated() {
      let place = "statedBalances[\(index)]"
      guard element.objectMembers != nil else {
        throw .init(detail: "\(place) should be an object")
      }
      guard let coin = element["coin"]?.stringValue, !coin.isEmpty, Sanitizer.clean(coin) == coin
      else { throw .init(detail: "\(place).coin is missing or not a CoinGecko id") }
      let wallet = element["wallet"]?.stringValue
      guard let text = element["amount"]?.stringValue, let amount = DecimalInput.parse(text) else {
        throw .init(detail: "\(place).amount is missing or not a number in a string")
      }
      var date: Date?
      if let written = element["date"], written != .null {
        guard let text = written.stringValue, let parsed = ISO8601Timestamp.parse(text) else {
          throw .init(detail: "\(place).date should be a time like \"2026-11-29T14:00:00Z\"")
        }
        date = parsed
      }
      var line: Int?
      if case .number(let text)? = element["line"] { line = Int(text) }
      statements.append(
        BalanceStatement(
          coin: coin, wallet: wallet.map(Sanitizer.clean), amount: amount, date: date,
          file: element["file"]?.stringValue.map(Sanitizer.clean), line: line))
    }
    return statements
  }
}
