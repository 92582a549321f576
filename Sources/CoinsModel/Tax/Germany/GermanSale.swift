#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One sale by Germany's rules: its lots first in, first out within its wallet, each taxable
/// (held one year or less) or tax-free.
public struct GermanSale: Sendable, Equatable {
  /// The sale's transaction id.
  public var transactionID: String
  /// The coin's CoinGecko id.
  public var coin: String
  /// The wallet sold from.
  public var wallet: String
  /// The local day (Berlin) of the sale.
  public var day: Int
  /// Coins sold.
  public var amount: Decimal
  /// The lots it took, oldest first.
  public var lots: [GermanSoldLot]
  /// How its price (its proceeds) and fee were had and converted; `nil` when not worked out
  /// (the ledger works it out for every sale converted at today's rate).
  @Indirect public var provenance: FigureProvenance?

  /// Each member as given.
  public init(
    transactionID: String, coin: String, wallet: String, day: Int, amount: Decimal,
    lots: [GermanSoldLot], provenance: FigureProvenance? = nil
  ) {
    self.provenance = provenance
    self.transactionID = transactionID
    self.coin = coin
    self.wallet = wallet
    self.day = day
    self.amount = amount
    self.lots = lots
  }

  /// Whether its price or fee was converted at today's rate (the day's was out of reach), as
  /// its provenance says.
  public var atTodaysRate: Bool { provenance?.atTodaysRate == true }

  /// Whether a figure of it was converted at today's rate: its own price or fee, or a lot's
  /// acquisition's (``GermanSoldLot/atTodaysRate``).
  public var convertedAtTodaysRate: Bool {
    // By index: iterating would copy each lot (retaining its strings).
    atTodaysRate || lots.indices.contains { lots[$0].atTodaysRate }
  }

  /// The gain or loss of the lots held one year or less (the § 23 result), exact; `nil` when
  /// one of their figures is unknown.
  public var taxableGain: Decimal? { total(of: lots.filter { !$0.taxFree }) }

  /// The gain or loss of the lots held more than one year (tax-free), exact; `nil` when unknown.
  public var taxFreeGain: Decimal? { total(of: lots.filter(\.taxFree)) }

  private func total(of lots: [GermanSoldLot]) -> Decimal? {
    var sum = ExactDecimal.zero
    for lot in lots {
      guard let gain = lot.gain else { return nil }
      sum += ExactDecimal(gain)
    }
    return sum.decimal
  }
}
