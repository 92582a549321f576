#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One transaction an import adds: the transaction, its coin and the line it came from.
public struct ImportRow: Sendable, Equatable {
  /// The line it was on.
  public var line: Int
  /// The coin's CoinGecko id.
  public var coin: String
  /// The transaction (its id empty when the row had none).
  public var transaction: Transaction
  /// Whether its price is not the file's own but was found apart (a stablecoin's, CoinGecko's
  /// price that day) or not found: importing the file again, offline or online, may price it
  /// otherwise, so it is the same row whatever its price.
  public var priceIsValued: Bool

  /// A row made elsewhere (an exchange's export, read by `CoinsImport`).
  public init(line: Int, coin: String, transaction: Transaction, priceIsValued: Bool = false) {
    self.line = line
    self.coin = coin
    self.transaction = transaction
    self.priceIsValued = priceIsValued
  }
}
