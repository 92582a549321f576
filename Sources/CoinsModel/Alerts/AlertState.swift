#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where an alert is in its cycle: it fires when its condition becomes true and re-arms when
/// the condition has been false by a margin.
public enum AlertState: Sendable, Equatable {
  /// Added, never checked against fresh data.
  case notChecked
  /// Waiting for its condition to become true.
  case armed
  /// Fired at this time; quiet until the condition has been clear by the margin.
  case fired(at: Date)
}
