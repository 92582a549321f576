import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins convert`: the result, then the rate with its time and source.
package enum ConversionView {
  /// `0.5 BTC = €22,500.00` and `1 BTC = €45,000.00 · live, 2026-11-29 12:00:00 UTC`.
  package static func lines(
    _ conversion: CurrencyConversion, of answer: Sourced<Double>, now: Date, style: TextStyle
  ) -> [String] {
    let result = figure(Double(DecimalInput.text(conversion.result)) ?? .nan, in: conversion.to)
    return [
      "\(DecimalInput.text(conversion.amount)) \(conversion.from.label) = \(result)",
      "1 \(conversion.from.label) = \(rate(of: conversion, showing: result)) · "
        + SnapshotLabel.styledFreshness(
          source: answer.source, asOf: answer.asOf, now: now, style: style),
    ]
  }

  /// The rate as shown beside `result`: with its usual digits when the amount times those
  /// gives the result as shown, else with the fewest more decimals that do (1000 EUR =
  /// $1,162.79 at `1.16279`, not `1.16`), so the line can be checked by hand.
  static func rate(of conversion: CurrencyConversion, showing result: String) -> String {
    let usual = figure(conversion.rate, in: conversion.to)
    guard let exact = Decimal(string: "\(conversion.rate)"), let point = usual.firstIndex(of: ".")
    else { return usual }
    let usualDecimals = usual[usual.index(after: point)...].prefix(while: \.isNumber).count
    for decimals in usualDecimals...DecimalInput.maxFractionDigits {
      let rate = DecimalInput.rounded(exact, fractionDigits: decimals)
      let product = Double(DecimalInput.text(conversion.amount * rate)) ?? .nan
      guard figure(product, in: conversion.to) == result else { continue }
      if decimals == usualDecimals { return usual }
      return usual[..<point].prefix(while: { !$0.isNumber }) + grouped(rate)
        + usual[usual.index(after: point)...].drop(while: \.isNumber)
    }
    return usual
  }

  /// A positive decimal's plain digits with its whole part grouped: `1,234.56789`.
  private static func grouped(_ value: Decimal) -> String {
    let text = value.description
    let point = text.firstIndex(of: ".") ?? text.endIndex
    var whole = ""
    for (index, digit) in text[..<point].enumerated() {
      if index > 0, (text.distance(from: text.startIndex, to: point) - index) % 3 == 0 {
        whole.append(",")
      }
      whole.append(digit)
    }
    return whole + text[point...]
  }

  /// An amount of `term`: a currency's symbol in front where known (`€22,500.00`), else the
  /// figure with six significant digits and the symbol after it (`0.0333333 ETH`).
  static func figure(_ value: Double, in term: ConversionTerm) -> String {
    if case .currency(let code) = term, !ConversionTerm.cryptoCurrencyCodes.contains(code) {
      let style = CurrencyStyle(code: code)
      if style.symbol != nil { return NumberFormat.price(value, currency: style) }
    }
    return significant(value) + " " + term.label
  }

  /// Six significant digits, grouped, trailing zeros dropped (at least two decimals from 1 up).
  package static func significant(_ value: Double) -> String {
    guard value.isFinite, value > 0 else { return NumberFormat.unknown }
    if value >= 1e15 { return NumberFormat.compact(value) }
    var digits = 0
    var scaled = value
    while scaled >= 10 {
      scaled /= 10
      digits += 1
    }
    var decimals = max(0, 5 - digits)
    if value < 1 {
      var leading = 0
      var small = value
      while small < 1 {
        small *= 10
        leading += 1
      }
      decimals = min(16, leading + 5)
    }
    let text = NumberFormat.fixed(value, decimals: max(decimals, 2), grouped: true)
    guard text.contains(".") else { return text }
    var trimmed = Substring(text)
    while trimmed.last == "0", trimmed.split(separator: ".").last.map({ $0.count > 2 }) == true {
      trimmed.removeLast()
    }
    return String(trimmed)
  }

  /// `{"source","asOf","amount","from","to","rate","result","staleReason"?}`; `from` and `to`
  /// are `{"type":"currency","code"}` or `{"type":"coin","id","symbol","name"}`.
  package static func json(_ conversion: CurrencyConversion, of answer: Sourced<Double>) -> String {
    var members = [
      ("source", JSONText.string(answer.source.rawValue)),
      ("asOf", JSONText.string(ISO8601Timestamp.format(answer.asOf))),
    ]
    if let reason = answer.staleReason {
      members.append(("staleReason", JSONText.string(reason)))
    }
    members += [
      ("amount", DecimalInput.text(conversion.amount)),
      ("from", term(conversion.from)),
      ("to", term(conversion.to)),
      ("rate", JSONText.number(conversion.rate)),
      ("result", DecimalInput.text(conversion.result)),
    ]
    return JSONText.object(members)
  }

  private static func term(_ term: ConversionTerm) -> String {
    switch term {
    case .currency(let code):
      JSONText.object([("type", JSONText.string("currency")), ("code", JSONText.string(code))])
    case .coin(let coin):
      JSONText.object([
        ("type", JSONText.string("coin")), ("id", JSONText.string(coin.id)),
        ("symbol", JSONText.string(coin.symbol)), ("name", JSONText.string(coin.name)),
      ])
    }
  }
}
