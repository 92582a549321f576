import FoundationEssentials

/// Everything held of one coin, as lots, identified by its CoinGecko id (never its symbol).
public struct Holding: Sendable, Equatable {
  /// The CoinGecko id, e.g. `bitcoin`.
  public var id: String
  /// The purchases, oldest first as added.
  public var lots: [Lot]
  /// Members of the holding's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [JSONMember]

  /// Creates a holding.
  public init(id: String, lots: [Lot], extra: [JSONMember] = []) {
    self.id = id
    self.lots = lots
    self.extra = extra
  }

  /// The total amount over all lots.
  public var amount: Decimal {
    lots.reduce(Decimal(0)) { $0 + $1.amount }
  }
}
