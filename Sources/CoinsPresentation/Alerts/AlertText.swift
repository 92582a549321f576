import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How alerts are written for people: a rule (`above $100,000.00`, `move 5% over 24h`), a fired
/// alert's line, a state.
package enum AlertText {
  /// `above $100,000.00`, `below €2,000.00` or `move 5% over 24h`.
  package static func rule(_ rule: AlertRule) -> String {
    let style = CurrencyStyle(code: rule.currency)
    switch rule.condition {
    case .above(let line):
      return "above " + NumberFormat.price(Double(line.description), currency: style)
    case .below(let line):
      return "below " + NumberFormat.price(Double(line.description), currency: style)
    case .move(let percent, let window):
      return "move \(DecimalInput.text(percent))% over \(window.rawValue)"
    }
  }

  /// `BTC above $100,000.00: now $100,412.00 (2026-11-30 14:02 UTC)`, a note after a dash.
  package static func fired(_ alert: FiredAlert) -> String {
    let rule = alert.rule
    let style = CurrencyStyle(code: rule.currency)
    var now = NumberFormat.price(alert.value, currency: style)
    if case .move = rule.condition {
      now = NumberFormat.percent(alert.value)
      if let price = alert.price { now += " at " + NumberFormat.price(price, currency: style) }
    }
    var line = "\(rule.target.label) \(self.rule(rule)): now \(now) (\(minute(alert.at)))"
    if let note = rule.note.map(Sanitizer.printable), !note.isEmpty { line += " — \(note)" }
    return line
  }

  /// `armed`, `fired 2026-11-30 14:02 UTC` or `not yet checked`.
  package static func state(_ state: AlertState) -> String {
    switch state {
    case .notChecked: "not yet checked"
    case .armed: "armed"
    case .fired(let at): "fired " + minute(at)
    }
  }

  /// The last value seen, as the rule measures it: a price, a value or a change.
  package static func lastValue(_ rule: AlertRule) -> String {
    guard let value = rule.lastValue else { return NumberFormat.unknown }
    if case .move = rule.condition { return NumberFormat.percent(value) }
    return NumberFormat.price(value, currency: CurrencyStyle(code: rule.currency))
  }

  /// A time to the minute in the zone shown: `2026-11-30 14:02 UTC`.
  package static func minute(_ date: Date) -> String {
    SnapshotLabel.minute(date)
  }
}
