#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which of HMRC's share matching rules (TCGA 1992 ss. 104–106A; Cryptoassets Manual
/// CRYPTO22200 onwards) matched part of a disposal, in the order they apply.
public enum ShareMatchingRule: String, Sendable, Equatable, CaseIterable {
  /// Acquisitions on the same day (all of a coin's buys and sales that day pooled as one).
  case sameDay = "same-day"
  /// Acquisitions in the 30 days after the disposal, earliest first ("bed and breakfast").
  case thirtyDay = "30-day"
  /// The section 104 pool: everything acquired before, at its pooled average cost.
  case section104 = "section-104"
  /// Coins sold that no acquisition covers (the history sells more than it holds): cost 0.
  case unmatched

  /// The rule in words, for a report: `same day`, `30 days`, `section 104 pool`, `unmatched`.
  public var title: String {
    switch self {
    case .sameDay: "same day"
    case .thirtyDay: "30 days"
    case .section104: "section 104 pool"
    case .unmatched: "unmatched"
    }
  }
}
