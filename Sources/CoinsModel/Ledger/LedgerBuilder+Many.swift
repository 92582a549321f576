extension LedgerBuilder {
  /// What a ledger is of: a holding whole (`wallet` `nil`), or its part in one wallet.
  public typealias Part = (holding: Holding, wallet: String?)

  /// The ledgers of `parts`, in their order, as
  /// ``ledger(of:in:method:rates:scope:wallet:soldLots:provenance:)`` makes each, as `spread` runs them
  /// (a large portfolio's are worth spreading over the cores).
  public static func ledgers(
    of parts: [Part], in currency: String, method: CostBasisMethod,
    rates: CurrencyRates = CurrencyRates(), scope: CostBasisScope = .universal,
    soldLots: Bool = true, provenance: Bool = false, spread: any WorkSpread
  ) -> [HoldingLedger] {
    spread.map(parts, weight: { $0.holding.transactions.count }, threshold: manyTransactions) {
      ledger(
        of: $0.holding, in: currency, method: method, rates: rates, scope: scope,
        wallet: $0.wallet, soldLots: soldLots, provenance: provenance)
    }
  }

  /// How many transactions make a portfolio worth spreading over the cores.
  static let manyTransactions = 20_000
}
