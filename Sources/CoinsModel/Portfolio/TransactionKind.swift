/// What a transaction does to a holding.
public enum TransactionKind: String, Sendable, Equatable, CaseIterable {
  /// A purchase: coins in, at a price.
  case buy
  /// A sale: coins out, at a price; realizes a profit or loss.
  case sell
  /// A transfer in (a staking reward, an airdrop, coins moved from elsewhere): coins in at the
  /// price given, else at a cost of 0.
  case transferIn = "in"
  /// A transfer out (coins moved elsewhere): coins leave at their cost, with no profit or loss.
  case transferOut = "out"

  /// Whether the transaction adds coins to the holding (a buy or a transfer in).
  public var addsCoins: Bool { self == .buy || self == .transferIn }
}
