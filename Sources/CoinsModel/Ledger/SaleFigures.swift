#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One sale as a report shows it: its money rounded to the currency's minor unit
/// (``MoneyRounding``) — proceeds, cost basis and gain each once, from the exact figure — with
/// its lots, each rounded on its own.
public struct SaleFigures: Sendable, Equatable {
  /// The sale, exact.
  public var sale: RealizedGain
  /// Its proceeds, rounded; `nil` when unknown.
  public var proceeds: Decimal?
  /// Its cost basis, rounded; `nil` when unknown.
  public var costBasis: Decimal?
  /// Its gain, rounded from the exact gain (so it may differ by a cent from the rounded
  /// proceeds minus the rounded cost basis); `nil` when unknown.
  public var gain: Decimal?
  /// Its fee, rounded.
  public var fee: Decimal
  /// The lots it took, rounded on their own: their sums may differ from the sale's figures by
  /// a cent or so.
  public var lots: [LotFigures]

  /// The sale's figures in `currency`, its lots' terms by `rule`.
  public init(_ sale: RealizedGain, in currency: String, rule: LongTermRule) {
    self.init(sale, digits: MinorUnit.digits(of: currency), rule: rule)
  }

  /// The sale's figures rounded to `digits` after the point (its currency's minor unit, looked
  /// up once for a whole statement).
  init(_ sale: RealizedGain, digits: Int, rule: LongTermRule) {
    self.sale = sale
    proceeds = sale.proceeds.map { MoneyRounding.rounded($0, digits: digits) }
    costBasis = sale.costBasis.map { MoneyRounding.rounded($0, digits: digits) }
    gain = MoneyRounding.roundedDifference(sale.proceeds, sale.costBasis, digits: digits)
    fee = MoneyRounding.rounded(sale.fee, digits: digits)
    lots = sale.lots.map { LotFigures($0, soldAt: sale.date, digits: digits, rule: rule) }
  }

  /// The term of all its lots when they share one; `nil` when they are of both terms, or one's
  /// is unknown, or there are none.
  public var term: HoldingTerm? {
    guard let first = lots.first?.term, lots.allSatisfy({ $0.term == first }) else { return nil }
    return first
  }
}

/// One lot of a sale as a report shows it: rounded, with its holding period.
public struct LotFigures: Sendable, Equatable {
  /// The lot, exact.
  public var lot: SoldLot
  /// Its share of the proceeds, rounded; `nil` when unknown.
  public var proceeds: Decimal?
  /// Its cost basis, rounded; `nil` when unknown.
  public var costBasis: Decimal?
  /// Its gain, rounded from the exact gain; `nil` when unknown.
  public var gain: Decimal?
  /// UTC days from acquisition to sale; `nil` when either is undated.
  public var days: Int?
  /// Short or long term; `nil` when either date is unknown.
  public var term: HoldingTerm?

  /// The lot's figures in `currency`, sold at `date`, its term by `rule`.
  public init(_ lot: SoldLot, soldAt date: Date?, in currency: String, rule: LongTermRule) {
    self.init(lot, soldAt: date, digits: MinorUnit.digits(of: currency), rule: rule)
  }

  /// The lot's figures rounded to `digits` after the point.
  init(_ lot: SoldLot, soldAt date: Date?, digits: Int, rule: LongTermRule) {
    self.lot = lot
    proceeds = lot.proceeds.map { MoneyRounding.rounded($0, digits: digits) }
    costBasis = lot.costBasis.map { MoneyRounding.rounded($0, digits: digits) }
    gain = MoneyRounding.roundedDifference(lot.proceeds, lot.costBasis, digits: digits)
    days = HoldingPeriod.days(from: lot.acquired, to: date)
    term = HoldingPeriod.term(acquired: lot.acquired, sold: date, rule: rule)
  }
}
