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

  /// A row made elsewhere (an exchange's export, read by `CoinsImport`).
  public init(line: Int, coin: String, transaction: Transaction) {
    self.line = line
    self.coin = coin
    self.transaction = transaction
  }
}
