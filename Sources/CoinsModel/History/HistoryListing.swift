#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every transaction of a portfolio (or of one coin, or of one wallet) in the order
/// `coins portfolio history` lists them, each sale with its realized profit or loss — kept as
/// small keys into the portfolio, so a history of 100,000 transactions is listed (in parts,
/// one per core) without a copy of each transaction.
///
/// The order: by UTC day (undated ones first); within a day, each holding's transactions keep
/// their order in the holding (the order entered), and of two holdings' transactions the one
/// whose id is the lower number comes first (ids are given in the order entered; an id that is
/// no number comes after those that are), then the one of the holding added first. That is a
/// merge of each holding's transactions, which are in that order already; a comparison of two
/// transactions at a time could not say it — when a holding's ids do not rise in the order
/// entered within a day, it is not transitive (a sort's answer then depends on the sort) —
/// while a merge gives one answer however the listing is cut into parts.
public struct HistoryListing: Sendable {
  /// One transaction listed: where it is in its holding and what it is ordered by.
  struct Step: Sendable {
    /// ``Transaction/day``.
    var day: Int
    /// The id as a number; `Int.max` when it is none.
    var order: Int
    /// Its index in ``Holding/transactions``.
    var index: Int32
    /// For a sale, its place among the holding's sales in the order they count; else -1.
    var sale: Int32
  }

  /// A holding listed: its place in the portfolio, its steps (in order) among ``steps``, and
  /// each sale's gain by currency, as its ledger in that currency gives it.
  struct Run: Sendable {
    var holding: Int
    var steps: Range<Int>
    var gains: [String: [RealizedGain]]
  }

  /// The portfolio listed.
  let portfolio: Portfolio
  /// The holdings listed, in the portfolio's order.
  let runs: [Run]
  /// Every run's steps, one run after another.
  let steps: [Step]
  /// Only this wallet's transactions, when given.
  let wallet: String?

  /// The transactions of `portfolio` (or of one `coin`, one `wallet`), each sale's gain first
  /// in, first out in its own currency (costs in others converted with `rates`); the ledgers
  /// worked out as `spread` runs them.
  public init(
    of portfolio: Portfolio, coin: String? = nil, wallet: String? = nil,
    rates: CurrencyRates = CurrencyRates(), spread: any WorkSpread
  ) {
    let shown = portfolio.holdings.enumerated().filter { coin == nil || $0.element.id == coin }
    let listed = spread.map(
      shown.map(\.offset), weight: { portfolio.holdings[$0].transactions.count },
      threshold: LedgerBuilder.manyTransactions
    ) { place in Self.run(of: portfolio.holdings[place], at: place, rates: rates) }
    var steps: [Step] = []
    steps.reserveCapacity(listed.reduce(0) { $0 + $1.steps.count })
    var runs: [Run] = []
    for (place, holdingSteps, gains) in listed {
      runs.append(
        Run(holding: place, steps: steps.count..<steps.count + holdingSteps.count, gains: gains))
      steps.append(contentsOf: holdingSteps)
    }
    self.portfolio = portfolio
    self.runs = runs
    self.steps = steps
    self.wallet = wallet
  }

  /// How many transactions the listing has before the wallet is chosen (what its parts are
  /// weighed by).
  public var count: Int { steps.count }

  /// The steps of `holding` in the order they count, and its ledgers' gains by currency (each
  /// ledger lists a gain for every sale, in the order they count: a sale takes its gain from
  /// the ledger in its own currency).
  private static func run(
    of holding: Holding, at place: Int, rates: CurrencyRates
  ) -> (place: Int, steps: [Step], gains: [String: [RealizedGain]]) {
    var gains: [String: [RealizedGain]] = [:]
    for currency in holding.saleCurrencies {
      gains[currency] =
        LedgerBuilder.ledger(
          of: holding, in: currency, method: .fifo, rates: rates, soldLots: false
        ).realized
    }
    var steps: [Step] = []
    steps.reserveCapacity(holding.transactions.count)
    var sales: Int32 = 0
    // Read in place: copying each transaction here would retain its strings 100,000 times.
    for index in holding.chronologicalIndices {
      var sale: Int32 = -1
      if holding.transactions[index].kind == .sell {
        sale = sales
        sales += 1
      }
      steps.append(
        Step(
          day: holding.transactions[index].day,
          order: Int(holding.transactions[index].id) ?? Int.max, index: Int32(index), sale: sale))
    }
    return (place, steps, gains)
  }
}
