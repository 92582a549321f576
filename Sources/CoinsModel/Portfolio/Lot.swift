#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Coins still held from one buy or transfer in: how much is left, at what price per coin (and
/// in which currency), and when. Version-1 files stored these directly.
public struct Lot: Sendable, Equatable {
  /// Coins left; always more than 0.
  public var amount: Decimal
  /// Price paid per coin, if the user said.
  public var cost: Decimal?
  /// The currency of ``cost`` (`usd`, `eur`, …).
  public var costCurrency: String?
  /// When the lot was added.
  public var date: Date?
  /// Members of the lot's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [KeptMember]

  /// Creates a lot.
  public init(
    amount: Decimal, cost: Decimal? = nil, costCurrency: String? = nil, date: Date? = nil,
    extra: [KeptMember] = []
  ) {
    self.amount = amount
    self.cost = cost
    self.costCurrency = costCurrency
    self.date = date
    self.extra = extra
  }

  /// The lot as the buy it records (how a version-1 file's lots are read).
  public var asBuy: Transaction {
    Transaction(
      kind: .buy, amount: amount, price: cost, currency: costCurrency, date: date, extra: extra)
  }
}
