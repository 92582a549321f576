#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One row of Form 8949: a lot of a sale, rounded, with the box it goes in.
public struct Form8949Row: Sendable, Equatable {
  /// The sale's transaction id.
  public var saleID: String
  /// The coin's CoinGecko id.
  public var coin: String
  /// When it was sold.
  public var sold: Date?
  /// The lot, rounded, with its days and term.
  public var lot: LotFigures
  /// The box.
  public var box: Form8949Box
}
