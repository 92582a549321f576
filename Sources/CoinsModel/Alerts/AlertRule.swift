#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One alert: what it watches, when it fires, and where it is in its cycle.
public struct AlertRule: Sendable, Equatable {
  /// A short stable id (`1`, `2`, …), never reused in the same file.
  public var id: String
  /// The coin or the portfolio.
  public var target: AlertTarget
  /// The line or the move.
  public var condition: AlertCondition
  /// The `vs_currency` of the threshold and of the prices checked.
  public var currency: String
  /// The user's note, if any.
  public var note: String?
  /// When the rule was added.
  public var createdAt: Date
  /// Armed, fired or not yet checked.
  public var state: AlertState = .notChecked
  /// The value seen at the last fresh check (a price, a value, or a change in percent).
  public var lastValue: Double?
  /// When the last fresh check was.
  public var checkedAt: Date?
  /// Members of the rule's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [KeptMember] = []

  /// Creates a rule that has not been checked yet.
  public init(
    id: String, target: AlertTarget, condition: AlertCondition, currency: String,
    note: String? = nil, createdAt: Date
  ) {
    self.id = id
    self.target = target
    self.condition = condition
    self.currency = currency
    self.note = note
    self.createdAt = createdAt
  }

  /// Checks the rule against a fresh `value` seen at `time`: updates its state and last value,
  /// and returns whether it fired — when its condition holds now and it was not already fired.
  public mutating func check(_ value: Double, at time: Date) -> Bool {
    guard value.isFinite else { return false }
    lastValue = value
    checkedAt = time
    switch state {
    case .notChecked, .armed:
      if condition.isMet(by: value) {
        state = .fired(at: time)
        return true
      }
      state = .armed
    case .fired:
      if condition.isClear(of: value) { state = .armed }
    }
    return false
  }
}
