#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a rule set decides which coins a sale disposed of, and at what cost.
public enum TaxMatching: Sendable, Equatable {
  /// The US: lots taken by a cost basis method, in one pool or per wallet, short or long term
  /// by a holding-period rule.
  case lots(method: CostBasisMethod, scope: CostBasisScope, longTerm: LongTermRule)
  /// The UK: HMRC's share matching — the same day, the next 30 days, then the section 104
  /// pool — one pool per coin per person (``ShareMatching``).
  case shareMatching
  /// Germany: first in, first out within each wallet (or in one pool), tax-free when held more
  /// than one year (``GermanHoldingPeriod``).
  case firstInFirstOutOneYear(scope: CostBasisScope)
}
