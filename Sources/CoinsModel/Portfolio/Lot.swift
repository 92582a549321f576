import FoundationEssentials

/// One purchase: how much, optionally at what price per coin (and in which currency), and when.
public struct Lot: Sendable, Equatable {
  /// Coins bought; always more than 0.
  public var amount: Decimal
  /// Price paid per coin, if the user said.
  public var cost: Decimal?
  /// The currency of ``cost`` (`usd`, `eur`, …).
  public var costCurrency: String?
  /// When the lot was added.
  public var date: Date?
  /// Members of the lot's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [JSONMember]

  /// Creates a lot.
  public init(
    amount: Decimal, cost: Decimal? = nil, costCurrency: String? = nil, date: Date? = nil,
    extra: [JSONMember] = []
  ) {
    self.amount = amount
    self.cost = cost
    self.costCurrency = costCurrency
    self.date = date
    self.extra = extra
  }
}
