extension GainsStatement {
  /// The sales of `ledgers` made in `year` (every year when `nil`) as `coins portfolio gains`
  /// lists them: by date, and on the same date in the order found (ledger by ledger, sale by
  /// sale); each a ledger's index and the sale's place in its ``HoldingLedger/realized``.
  ///
  /// Small keys are sorted, so each sale is copied once, into its figures, afterwards.
  public static func order(of ledgers: [HoldingLedger], year: Int?) -> [(ledger: Int, sale: Int)] {
    var keys: [(date: Double, ledger: Int, sale: Int)] = []
    for (place, ledger) in ledgers.enumerated() {
      for index in ledger.realized.indices {
        let date = ledger.realized[index].date
        guard year == nil || GainsYear.year(of: date) == year else { continue }
        keys.append(((date ?? .distantPast).timeIntervalSinceReferenceDate, place, index))
      }
    }
    keys.sort { $0 < $1 }
    return keys.map { ($0.ledger, $0.sale) }
  }

  /// The statement of the sales of `ledgers` in `year` (every year when `nil`), by date, its
  /// figures worked out as `spread` runs them.
  public init(
    ledgers: [HoldingLedger], year: Int?, currency: String, method: CostBasisMethod,
    rule: LongTermRule = .afterAnniversary, spread: any WorkSpread
  ) {
    self.init(
      ledgers: ledgers, order: Self.order(of: ledgers, year: year), currency: currency,
      method: method, rule: rule, spread: spread)
  }
}
