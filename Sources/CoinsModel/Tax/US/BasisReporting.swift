#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a broker's Form 1099-B (before 2025) or 1099-DA (from 2025) said about a sale, which
/// picks its Form 8949 box.
public enum BasisReporting: String, Sendable, Equatable, CaseIterable {
  /// The form reported the proceeds and the basis to the IRS (boxes A/D, G/J).
  case reported
  /// The form reported the proceeds but not the basis (boxes B/E, H/K): the default.
  case notReported = "not-reported"
  /// No form was received (boxes C/F, I/L): a wallet of your own, or a broker that sent none.
  case noForm = "no-form"
}
