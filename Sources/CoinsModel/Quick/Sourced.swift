#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An answer with where it came from: live, or a cached copy shown because CoinGecko failed.
public struct Sourced<Value: Sendable>: Sendable {
  /// The answer.
  public var value: Value
  /// When it was fetched from CoinGecko.
  public var asOf: Date
  /// Live or cached (or the bundled sample, for prices taken from it).
  public var source: DataSource
  /// Why it is not live, when it is not.
  public var staleReason: String?

  /// Creates a value from its parts.
  public init(_ value: Value, asOf: Date, source: DataSource, staleReason: String? = nil) {
    self.value = value
    self.asOf = asOf
    self.source = source
    self.staleReason = staleReason
  }
}

extension Sourced: Equatable where Value: Equatable {}
