#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One transfer in marked as income, at its fair value when received: amount × its price,
/// converted into the statement's currency at the rate of its day and rounded to the
/// currency's minor unit.
public struct IncomeReceipt: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The transfer in.
  public var transaction: Transaction
  /// Its value, rounded; `nil` without a price or a rate.
  public var value: Decimal?
  /// How its price was had and converted into the statement's currency.
  public var provenance: FigureProvenance
}

/// The income of one coin in one year: coins received and their summed (rounded) value.
public struct IncomeTotal: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// Coins received, exact.
  public var amount: Decimal
  /// The sum of the receipts' values as shown; `nil` when one is unknown.
  public var value: Decimal?
}

/// The income of one UTC year: per coin, and in all.
public struct IncomeYear: Sendable, Equatable {
  /// The year, e.g. 2026 (0 for undated receipts).
  public var year: Int
  /// The sum of the receipts' values as shown; `nil` when one is unknown.
  public var value: Decimal?
  /// Per coin, by id.
  public var coins: [IncomeTotal]
}

/// What `coins portfolio income` reports: every transfer in marked as income, oldest first, at
/// its value when received, and the totals per coin and year (sums of the rows shown).
public struct IncomeStatement: Sendable, Equatable {
  /// The currency of every value.
  public var currency: String
  /// The receipts, by UTC day, then in the order entered.
  public var receipts: [IncomeReceipt]
  /// One total per year, oldest first.
  public var years: [IncomeYear]
  /// Whether some value was converted at today's rate (the day's was out of reach).
  public var convertedAtTodaysRate: Bool
  /// Currencies no rate was known for: values in them are unknown.
  public var missingRates: [String]

  /// The income of `portfolio` in `currency` (only `year`'s when given), converted with
  /// `rates`.
  public init(
    _ portfolio: Portfolio, currency: String, rates: CurrencyRates = CurrencyRates(),
    year: Int? = nil
  ) {
    self.currency = currency.lowercased()
    var found: [(receipt: IncomeReceipt, day: Int)] = []
    var (todays, missing) = (false, Set<String>())
    for holding in portfolio.holdings {
      for index in holding.chronologicalIndices {
        let transaction = holding.transactions[index]
        guard transaction.isIncome,
          year == nil || GainsYear.year(of: transaction.date) == year
        else { continue }
        var value: Decimal?
        if let price = transaction.price {
          let conversion = rates.convert(
            transaction.amount * price, from: transaction.priceCurrency, to: self.currency,
            on: transaction.date)
          if conversion == nil { missing.insert(transaction.priceCurrency) }
          if conversion?.atTodaysRate == true { todays = true }
          value = MoneyRounding.rounded(conversion?.value, in: self.currency)
        }
        found.append(
          (
            IncomeReceipt(
              coin: holding.id, transaction: transaction, value: value,
              provenance: rates.provenance(of: transaction, in: self.currency)),
            transaction.day
          )
        )
      }
    }
    // A stable sort by day keeps each holding's order within a day.
    receipts = found.enumerated()
      .sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }
      .map(\.element.receipt)
    (convertedAtTodaysRate, missingRates) = (todays, missing.sorted())
    let byYear = Dictionary(grouping: receipts) { GainsYear.year(of: $0.transaction.date) }
    years = byYear.keys.sorted().map { year in
      let inYear = byYear[year] ?? []
      let byCoin = Dictionary(grouping: inYear, by: \.coin)
      return IncomeYear(
        year: year, value: MoneyRounding.sum(inYear.map(\.value)),
        coins: byCoin.keys.sorted().map { coin in
          let received = byCoin[coin] ?? []
          return IncomeTotal(
            coin: coin, amount: received.reduce(Decimal(0)) { $0 + $1.transaction.amount },
            value: MoneyRounding.sum(received.map(\.value)))
        })
    }
  }
}
