#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The profit or loss one sale realized, in the currency the ledger was kept in.
public struct RealizedGain: Sendable, Equatable {
  /// The sale's transaction id.
  public var transactionID: String
  /// The coin's CoinGecko id.
  public var coin: String
  /// When it was sold.
  public var date: Date?
  /// Coins sold.
  public var amount: Decimal
  /// What the sale brought in, after its fee; `nil` when its price or a rate is unknown.
  public var proceeds: Decimal?
  /// What the coins sold had cost, fees included; `nil` when a lot's cost is unknown.
  public var costBasis: Decimal?
  /// The sale's fee.
  public var fee: Decimal
  /// The lots the sale took, in the order taken; empty by average cost, and in a ledger made
  /// without them (``LedgerBuilder``'s `soldLots: false`). Their amounts add up to ``amount`` exactly, their proceeds and cost bases to the sale's (the
  /// last part takes what is left, so only `Decimal`'s 38th digit can differ).
  public var lots: [SoldLot] = []
  /// The wallet the coins were sold from.
  public var wallet: String = Transaction.defaultWallet
  /// How the sale's price was had and converted into the ledger's currency; `nil` in a ledger
  /// made without it (``LedgerBuilder``'s `provenance: false`) unless converted at today's
  /// rate, and in one made without ``RealizedGain/lots``.
  @Indirect public var provenance: FigureProvenance?

  /// Proceeds minus cost basis, when both are known.
  public var gain: Decimal? {
    guard let proceeds, let costBasis else { return nil }
    return (ExactDecimal(proceeds) - ExactDecimal(costBasis)).decimal
  }

  /// Each member as given.
  package init(
    transactionID: String, coin: String, date: Date? = nil, amount: Decimal,
    proceeds: Decimal? = nil, costBasis: Decimal? = nil, fee: Decimal, lots: [SoldLot] = [],
    wallet: String = Transaction.defaultWallet, provenance: FigureProvenance? = nil
  ) {
    self.transactionID = transactionID
    self.coin = coin
    self.date = date
    self.amount = amount
    self.proceeds = proceeds
    self.costBasis = costBasis
    self.fee = fee
    self.lots = lots
    self.wallet = wallet
    self.provenance = provenance
  }
}
