#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The private sales of a portfolio by Germany's rules (§ 23 EStG; BMF letter of 6 March 2025):
/// first in, first out within each wallet, a move keeping its coins' dates (the ledger of
/// ``CostBasisMethod/fifo`` by ``CostBasisScope/wallet``), in euros (or the currency asked
/// for) on Berlin's local days, and a report per calendar year.
public struct GermanTaxReport: Sendable, Equatable {
  /// The currency of every figure.
  public var currency: String
  /// The years from the first with a sale, income or other private sales to the last.
  public var years: [GermanTaxYear]
  /// Currencies no rate was known for: figures in them are unknown (counted as 0).
  public var missingRates: Set<String>

  /// The report of `holdings` in `currency`, converting with `rates`, on `zone`'s days, first
  /// in, first out by `scope` (per wallet, as the BMF letter allows, unless one pool is
  /// asked for); `otherPrivateSales` are each year's other § 23 results (gains positive,
  /// losses negative); with `provenance`, each sale and lot says how its figures were had
  /// (``GermanSale/provenance``), which only a report that shows it needs. Each coin is
  /// matched on its own, so `spread` may match them on several cores.
  public init(
    holdings: [Holding], currency: String = "eur", rates: CurrencyRates = CurrencyRates(),
    zone: TaxZone = .europeBerlin, scope: CostBasisScope = .wallet,
    otherPrivateSales: [Int: Decimal] = [:], provenance: Bool = false,
    spread: any WorkSpread = OneCore()
  ) {
    let currency = currency.lowercased()
    let calendar = TaxYearCalendar.calendarYear
    let coins = spread.map(
      holdings, weight: { $0.transactions.count }, threshold: LedgerBuilder.manyTransactions
    ) { holding in
      Self.coin(
        holding, in: currency, rates: rates, zone: zone, scope: scope, provenance: provenance)
    }
    var missing = Set<String>()
    var incomes: [Int: ExactDecimal] = [:]
    for coin in coins {
      missing.formUnion(coin.missing)
      incomes.merge(coin.income, uniquingKeysWith: +)
    }
    let income = incomes
    // Each sale is copied once, into its year (a sale is a large value to move about): by
    // where it is among the coins' sales, sorted by day and coin.
    let order = Self.orderByDayAndCoin(coins.map(\.sales))
    // Sorted by day, each year's sales are one run.
    let runs = calendar.runs(of: order.count) { order[$0].day }
    let known = (Array(runs.keys) + income.keys + otherPrivateSales.keys).filter { $0 != Int.min }
    var years: [GermanTaxYear] = []
    if let first = known.min(), let last = known.max() {
      // Each year's sales and results are its own: a large history's are made on every core.
      years = spread.map(
        Array(first...last), weight: { runs[$0]?.count ?? 0 },
        threshold: LedgerBuilder.manyTransactions
      ) { year in
        let inYear =
          runs[year].map { run in order[run].map { coins[$0.coin].sales[$0.sale] } } ?? []
        let results = Self.results(of: inYear)
        return GermanTaxYear(
          year: year, sales: inYear, cryptoResult: results.taxable,
          taxFreeResult: results.taxFree, otherPrivateSales: otherPrivateSales[year] ?? 0,
          freigrenze: GermanTaxYear.freigrenze(year), income: (income[year] ?? .zero).decimal)
      }
    }
    Self.offsetLosses(&years)
    self.currency = currency
    self.years = years
    self.missingRates = missing
  }

  /// Losses offset within § 23 only (§ 23 Abs. 3 Sätze 7–8 with § 10d EStG): each year's loss
  /// is carried back to the year before, as far as that year's taxed gain (after the losses
  /// already brought into it) allows, and the rest forward, used against the first later
  /// taxed gains.
  static func offsetLosses(_ years: inout [GermanTaxYear]) {
    var carried = ExactDecimal.zero
    for index in years.indices {
      let taxed = ExactDecimal(years[index].taxedBeforeLosses)
      let used = min(carried, taxed)
      years[index].lossesBroughtForwardUsed = used.decimal
      carried -= used
      let loss = ExactDecimal(years[index].loss)
      if loss > .zero, index > 0 {
        let back = min(loss, ExactDecimal(years[index - 1].taxableGain))
        years[index - 1].lossCarriedBackIn = back.decimal
        years[index].lossCarriedBack = back.decimal
        carried += loss - back
      } else {
        carried += loss
      }
      years[index].lossesCarriedForward = carried.decimal
    }
  }

  /// One coin's sales (its ledger first in, first out by `scope`, with their provenance when
  /// asked for) and its income per year, with the currencies no rate was known for.
  static func coin(
    _ holding: Holding, in currency: String, rates: CurrencyRates, zone: TaxZone,
    scope: CostBasisScope, provenance: Bool = false
  ) -> (sales: [GermanSale], income: [Int: ExactDecimal], missing: Set<String>) {
    let ledger = LedgerBuilder.ledger(
      of: holding, in: currency, method: .fifo, rates: rates, scope: scope,
      provenance: provenance)
    var missing = Set(ledger.missingRates)
    // Each sale and lot converted at today's rate has its provenance, which says so.
    let sales = ledger.realized.map { Self.sale($0, zone: zone) }
    var income: [Int: ExactDecimal] = [:]
    // Only a coin with income needs its events (each transaction's value converted again).
    if holding.transactions.contains(where: \.isIncome) {
      let events = TaxEvent.events(
        of: holding, in: currency, rates: rates, zone: zone, missing: &missing)
      for event in events where event.isIncome && event.kind == .acquisition {
        let value = MoneyRounding.rounded(event.value ?? .zero, digits: 2)
        income[TaxYearCalendar.calendarYear.year(ofDay: event.day), default: .zero] += value
      }
    }
    return (sales, income, missing)
  }

  /// A realized gain of the wallet-scoped FIFO ledger as a German sale.
  static func sale(_ realized: RealizedGain, zone: TaxZone) -> GermanSale {
    let day = realized.date.map(zone.day(of:)) ?? Int.min
    let lots = realized.lots.map { lot -> GermanSoldLot in
      let acquired = lot.acquired.map(zone.day(of:))
      let held = acquired.flatMap { day == Int.min ? nil : day - $0 }
      return GermanSoldLot(
        acquiredID: lot.acquiredID, acquiredDay: acquired, amount: lot.amount,
        proceeds: lot.proceeds, cost: lot.costBasis, daysHeld: held,
        taxFree: acquired.map {
          day != Int.min && GermanHoldingPeriod.isTaxFree(acquired: $0, sold: day)
        }
          ?? false, provenance: lot.provenance)
    }
    return GermanSale(
      transactionID: realized.transactionID, coin: realized.coin, wallet: realized.wallet,
      day: day, amount: realized.amount, lots: lots, provenance: realized.provenance)
  }

  /// Where each of the coins' sales (`sales[coin][sale]`) goes when they are sorted by day,
  /// then coin id, sales that tie in the order given (coin after coin), with its day. Sorted
  /// on whole numbers: each id's place among the ids in their order, looked up once per run
  /// of sales naming one id (a coin's sales all name it).
  static func orderByDayAndCoin(_ sales: [[GermanSale]]) -> [(day: Int, coin: Int, sale: Int)] {
    var ids = Set<String>()
    for coin in sales.indices {
      var last: String?
      for sale in sales[coin].indices where sales[coin][sale].coin != last {
        last = sales[coin][sale].coin
        ids.insert(sales[coin][sale].coin)
      }
    }
    let rank = Dictionary(uniqueKeysWithValues: ids.sorted().enumerated().map { ($1, $0) })
    // The keys themselves sorted (not indices into them): each comparison reads two keys side
    // by side, not two places and two ranks from wherever they lie.
    var keys: [(day: Int, rank: Int, coin: Int, sale: Int)] = []
    keys.reserveCapacity(sales.reduce(0) { $0 + $1.count })
    for coin in sales.indices {
      var last: (id: String, rank: Int)?
      for sale in sales[coin].indices {
        if last?.id != sales[coin][sale].coin {
          last = (sales[coin][sale].coin, rank[sales[coin][sale].coin] ?? 0)
        }
        keys.append((sales[coin][sale].day, last?.rank ?? 0, coin, sale))
      }
    }
    // Coin and sale after day and rank: ties in the order given, as a stable sort keeps them.
    keys.sort { ($0.day, $0.rank, $0.coin, $0.sale) < ($1.day, $1.rank, $1.coin, $1.sale) }
    return keys.map { ($0.day, $0.coin, $0.sale) }
  }

  /// The gains of the lots of `sales` held one year or less (`taxable`) and of those held
  /// longer (`taxFree`), each lot's rounded to the cent, then summed (unknown counted as 0).
  static func results(of sales: [GermanSale]) -> (taxable: Decimal, taxFree: Decimal) {
    var taxable = ExactDecimal.zero
    var taxFree = ExactDecimal.zero
    for sale in sales.indices {
      for lot in sales[sale].lots.indices {
        let gain = MoneyRounding.rounded(
          ExactDecimal(sales[sale].lots[lot].gain ?? 0), digits: 2)
        if sales[sale].lots[lot].taxFree { taxFree += gain } else { taxable += gain }
      }
    }
    return (taxable.decimal, taxFree.decimal)
  }
}
