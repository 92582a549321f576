#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The form a rule set's report fills.
public enum TaxForm: String, Sendable, Equatable, CaseIterable {
  /// The US: Form 8949's rows by box, and Schedule D's short and long term totals.
  case scheduleD = "Form 8949 and Schedule D"
  /// The UK: the SA108 capital gains summary.
  case sa108 = "SA108"
  /// Germany: the Anlage SO.
  case anlageSO = "Anlage SO"
}
