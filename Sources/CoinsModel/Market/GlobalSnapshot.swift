#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Global stats with where they came from, as the market snapshots carry it.
public struct GlobalSnapshot: Sendable, Equatable {
  /// The figures.
  public var stats: GlobalStats
  /// When they were fetched.
  public var asOf: Date
  /// Live or cached.
  public var source: DataSource
  /// Why they are not live, when they are not.
  public var staleReason: String?

  /// Creates a value from its parts.
  package init(stats: GlobalStats, asOf: Date, source: DataSource, staleReason: String? = nil) {
    self.stats = stats
    self.asOf = asOf
    self.source = source
    self.staleReason = staleReason
  }
}
