import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The domain's large computations as a command asks for them: on every core (``EveryCore``).

extension LedgerBuilder {
  /// The ledgers of `parts`, in their order, on every core for a large portfolio.
  public static func ledgers(
    of parts: [Part], in currency: String, method: CostBasisMethod,
    rates: CurrencyRates = CurrencyRates(), scope: CostBasisScope = .universal,
    soldLots: Bool = true, provenance: Bool = false
  ) -> [HoldingLedger] {
    ledgers(
      of: parts, in: currency, method: method, rates: rates, scope: scope, soldLots: soldLots,
      provenance: provenance, spread: EveryCore())
  }
}

extension GainsStatement {
  /// The statement of `sales` in `currency`, its figures made on every core for many sales.
  public init(
    _ sales: [RealizedGain], currency: String, method: CostBasisMethod,
    rule: LongTermRule = .afterAnniversary
  ) {
    self.init(sales, currency: currency, method: method, rule: rule, spread: EveryCore())
  }

  /// The statement of the sales `order` picks from `ledgers`, its figures made on every core
  /// for many sales.
  public init(
    ledgers: [HoldingLedger], order: [(ledger: Int, sale: Int)], currency: String,
    method: CostBasisMethod, rule: LongTermRule = .afterAnniversary
  ) {
    self.init(
      ledgers: ledgers, order: order, currency: currency, method: method, rule: rule,
      spread: EveryCore())
  }

  /// The statement of the sales of `ledgers` in `year` (every year when `nil`), by date, its
  /// figures made on every core for many sales.
  public init(
    ledgers: [HoldingLedger], year: Int?, currency: String, method: CostBasisMethod,
    rule: LongTermRule = .afterAnniversary
  ) {
    self.init(
      ledgers: ledgers, year: year, currency: currency, method: method, rule: rule,
      spread: EveryCore())
  }
}

extension PortfolioValuation {
  /// The portfolio's snapshot in `market`, its ledgers made on every core for a large one.
  public static func value(
    _ portfolio: Portfolio, in market: MarketSnapshot, method: CostBasisMethod = .fifo,
    rates: CurrencyRates = CurrencyRates(), realizedSince: Date? = nil,
    scope: CostBasisScope = .universal, wallet: String? = nil, byWallet: Bool = false
  ) -> PortfolioSnapshot {
    value(
      portfolio, in: market, method: method, rates: rates, realizedSince: realizedSince,
      scope: scope, wallet: wallet, byWallet: byWallet, spread: EveryCore())
  }
}

extension TransactionCSV {
  /// The CSV text of every transaction, a long history's entries made on every core.
  public static func render(_ portfolio: Portfolio) -> String {
    render(portfolio, spread: EveryCore())
  }
}

extension TaxRules {
  /// The report these rules give of `holdings` (with each sale's provenance for
  /// `provenance`), its ledgers made on every core for a large portfolio.
  public func report(
    of holdings: [Holding], rates: CurrencyRates = CurrencyRates(),
    settings: TaxSettings = TaxSettings(), provenance: Bool = false
  ) -> TaxReport {
    report(
      of: holdings, rates: rates, settings: settings, provenance: provenance, spread: EveryCore())
  }
}
