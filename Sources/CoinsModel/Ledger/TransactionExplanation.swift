#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How one transaction's figures were made (`coins portfolio explain`), built by
/// ``ExplanationBuilder`` from the same ledger the gains report uses.
public enum TransactionExplanation: Sendable, Equatable {
  /// A sale: its proceeds, fee, the lots it took and their share of its figures.
  case sale(SaleExplanation)
  /// A sale by the UK's rules: the disposal it is part of and what each rule matched.
  case ukSale(UKSaleExplanation)
  /// A sale by Germany's rules: its lots, each taxable or tax-free with the days held.
  case germanSale(GermanSaleExplanation)
  /// Coins that came in as income: their fair value and where it came from.
  case income(IncomeExplanation)
  /// A buy or a deposit: the coins it added, and the sales that took from them.
  case acquisition(AcquisitionExplanation)
  /// A transfer out: it realizes nothing; for a move, the transfer in that received it.
  case transferOut(id: String, coin: String, amount: Decimal, date: Date?, movedTo: String?)
}

/// A sale explained: its figures as the gains report shows them (rounded to the currency's
/// minor unit), and its lots' figures, shared out so that they add up to the sale's exactly.
public struct SaleExplanation: Sendable, Equatable {
  /// The sale's transaction id.
  public var transactionID: String
  /// The coin's CoinGecko id.
  public var coin: String
  /// The wallet sold from.
  public var wallet: String
  /// When it was sold.
  public var date: Date?
  /// Coins sold.
  public var amount: Decimal
  /// The sale's price per coin, in ``priceCurrency``; `nil` when unknown.
  public var price: Decimal?
  /// The currency of ``price``.
  public var priceCurrency: String
  /// Where a price `coins` looked up came from (``Transaction/priceSource``); `nil` for a
  /// price given by the user or an export.
  public var priceSource: String?
  /// The currency of every figure below.
  public var currency: String
  /// How sold coins were costed.
  public var method: CostBasisMethod
  /// Which lots the sale could take.
  public var scope: CostBasisScope
  /// The conversion of the sale's price into ``currency``, when its currency differs.
  public var conversion: RateUsed?
  /// The sale's proceeds after its fee, rounded; `nil` when unknown.
  public var proceeds: Decimal?
  /// The sale's fee in ``currency``, rounded.
  public var fee: Decimal
  /// The sale's cost basis, rounded; `nil` when unknown.
  public var costBasis: Decimal?
  /// The sale's gain, rounded from the exact gain; `nil` when unknown.
  public var gain: Decimal?
  /// The lots taken, in the order taken (none by average cost).
  public var lots: [ExplainedLot]
}

/// One lot a sale took, with where its cost came from and its holding period.
public struct ExplainedLot: Sendable, Equatable {
  /// The id of the buy or transfer in that acquired the coins.
  public var acquiredID: String
  /// Whether that was a buy or a transfer in.
  public var acquiredKind: TransactionKind
  /// The wallet it was acquired in.
  public var acquiredWallet: String
  /// When it was acquired; `nil` for an undated version-1 lot.
  public var acquired: Date?
  /// Coins taken from it by this sale.
  public var amount: Decimal
  /// Coins the acquisition added.
  public var acquiredAmount: Decimal
  /// Its price per coin, in ``priceCurrency``; `nil` when unknown.
  public var price: Decimal?
  /// The currency of ``price``.
  public var priceCurrency: String
  /// Where a price `coins` looked up came from (``Transaction/priceSource``); `nil` for a
  /// price given by the user or an export.
  public var priceSource: String?
  /// This lot's share of the acquisition's fee (fee × amount ÷ acquired amount), in
  /// ``feeCurrency``, exact.
  public var feeShare: Decimal
  /// The currency of the fee.
  public var feeCurrency: String
  /// The conversion of its price into the report's currency, when its currency differs.
  public var conversion: RateUsed?
  /// Its share of the sale's proceeds, rounded and shared out; `nil` when unknown.
  public var proceeds: Decimal?
  /// Its cost basis, rounded and shared out; `nil` when unknown.
  public var costBasis: Decimal?
  /// Its gain, rounded and shared out; `nil` when unknown.
  public var gain: Decimal?
  /// The last day of its first year held (``HoldingPeriod/anniversary(of:)``); `nil` undated.
  public var firstYearEnds: Date?
  /// Short or long term by the US rule; `nil` when either date is unknown.
  public var term: HoldingTerm?
  /// The moves that carried it from ``acquiredWallet`` to the sale's wallet, oldest first.
  public var moves: [MoveStep]
}

/// One move of coins between the user's wallets.
public struct MoveStep: Sendable, Equatable {
  /// The transfer out's id.
  public var outID: String
  /// The transfer in's id.
  public var inID: String
  /// The wallet the coins left.
  public var from: String
  /// The wallet they arrived in.
  public var to: String
  /// When they left.
  public var date: Date?
}

/// An exchange rate a figure was converted at.
public struct RateUsed: Sendable, Equatable {
  /// The currency converted from.
  public var from: String
  /// The currency converted into.
  public var to: String
  /// One unit of ``from`` in ``to``; `nil` when no rate was known (the figure is unknown).
  public var rate: Decimal?
  /// The day whose rate it is; `nil` for today's.
  public var day: Date?
  /// Whether today's rate stood in for the day's.
  public var atTodaysRate: Bool
}

/// Coins that came in as income, valued.
public struct IncomeExplanation: Sendable, Equatable {
  /// The transaction's id.
  public var transactionID: String
  /// The coin's CoinGecko id.
  public var coin: String
  /// When it came in.
  public var date: Date?
  /// Coins received.
  public var amount: Decimal
  /// Price per coin, in ``priceCurrency``; `nil` when no value is known.
  public var price: Decimal?
  /// The currency of ``price``.
  public var priceCurrency: String
  /// Amount × price, in ``priceCurrency``, exact; `nil` without a price.
  public var value: Decimal?
  /// The value in the report's currency, rounded; `nil` when unknown.
  public var valueInCurrency: Decimal?
  /// The report's currency.
  public var currency: String
  /// The conversion used, when the price's currency differs.
  public var conversion: RateUsed?
  /// Where the price came from (``Transaction/priceSource``); `nil` for a given one.
  public var priceSource: String?
}

/// A buy or deposit, and the sales that took from its coins.
public struct AcquisitionExplanation: Sendable, Equatable {
  /// The transaction's id.
  public var transactionID: String
  /// Buy or transfer in.
  public var kind: TransactionKind
  /// The coin's CoinGecko id.
  public var coin: String
  /// When.
  public var date: Date?
  /// Coins added.
  public var amount: Decimal
  /// Each sale that took from it, with how many coins, in the order they count.
  public var takenBy: [(sale: String, amount: Decimal)]

  /// Equal when every member is (the sales that took from it compared in order).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.transactionID == rhs.transactionID && lhs.kind == rhs.kind && lhs.coin == rhs.coin
      && lhs.date == rhs.date && lhs.amount == rhs.amount
      && lhs.takenBy.map(\.sale) == rhs.takenBy.map(\.sale)
      && lhs.takenBy.map(\.amount) == rhs.takenBy.map(\.amount)
  }
}
