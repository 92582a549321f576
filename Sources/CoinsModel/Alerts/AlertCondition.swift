#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When an alert's condition holds: a price (or the portfolio's value) above or below a line,
/// or a coin's price moving by at least a percentage over a window.
public enum AlertCondition: Sendable, Equatable {
  /// The value is at or above the threshold.
  case above(Decimal)
  /// The value is at or below the threshold.
  case below(Decimal)
  /// The absolute change over `window`, in percent, is at least `percent`.
  case move(percent: Decimal, window: AlertWindow)

  /// How far past the line a value must fall back before a fired alert re-arms: 0.5 % of the
  /// threshold, so a price hovering on the line does not fire again and again.
  public static let rearmMargin = 0.005

  /// The rule's word: `above`, `below` or `move`.
  public var kind: String {
    switch self {
    case .above: "above"
    case .below: "below"
    case .move: "move"
    }
  }

  /// The threshold: a price, a value or a percentage.
  public var threshold: Decimal {
    switch self {
    case .above(let value), .below(let value): value
    case .move(let percent, _): percent
    }
  }

  /// The threshold as a binary number, for comparing with prices.
  public var thresholdValue: Double { Double(threshold.description) ?? .nan }

  /// Whether the condition holds for `value` (a price, or for a move the change in percent).
  public func isMet(by value: Double) -> Bool {
    let line = thresholdValue
    switch self {
    case .above: return value >= line
    case .below: return value <= line
    case .move: return abs(value) >= line
    }
  }

  /// Whether `value` is clear of the line by the re-arm margin: a fired alert re-arms.
  public func isClear(of value: Double) -> Bool {
    let line = thresholdValue
    let margin = line * Self.rearmMargin
    switch self {
    case .above: return value < line - margin
    case .below: return value > line + margin
    case .move: return abs(value) < line - margin
    }
  }
}
