extension GainsStatement {
  /// The sales of `ledgers` made in `year` (every year when `nil`) as `coins portfolio gains`
  /// lists them: by date, and on the same date in the order found (ledger by ledger, sale by
  /// sale); each a ledger's index and the sale's place in its ``HoldingLedger/realized``.
  ///
  /// Small keys are sorted, so each sale is copied once, into its figures, afterwards.
  public static func order(of ledgers: [HoldingLedger], year: Int?) -> [(ledger: Int, sale: Int)] {
    orderWithLots(of: ledgers, year: year).map { ($0.ledger, $0.sale) }
  }

  /// ``order(of:year:)`` with each sale's number of lots, read as the ledgers are walked in
  /// order: the weight of a sale's figures, which looked up by the sorted order (one sale here,
  /// the next in another ledger) cost a cache miss each, on one core.
  static func orderWithLots(of ledgers: [HoldingLedger], year: Int?) -> [SalePlace] {
    var keys: [(date: Double, ledger: Int, sale: Int, lots: Int)] = []
    for place in ledgers.indices {
      let realized = ledgers[place].realized
      for index in realized.indices {
        let date = realized[index].date
        guard year == nil || GainsYear.year(of: date) == year else { continue }
        keys.append(
          (
            (date ?? .distantPast).timeIntervalSinceReferenceDate, place, index,
            realized[index].lots.count
          ))
      }
    }
    keys.sort { ($0.date, $0.ledger, $0.sale) < ($1.date, $1.ledger, $1.sale) }
    return keys.map { SalePlace(ledger: $0.ledger, sale: $0.sale, lots: $0.lots) }
  }

  /// The statement of the sales of `ledgers` in `year` (every year when `nil`), by date, its
  /// figures worked out as `spread` runs them.
  public init(
    ledgers: [HoldingLedger], year: Int?, currency: String, method: CostBasisMethod,
    rule: LongTermRule = .afterAnniversary, spread: any WorkSpread
  ) {
    self.init(
      ledgers: ledgers, places: Self.orderWithLots(of: ledgers, year: year), currency: currency,
      method: method, rule: rule, spread: spread)
  }
}

/// Where a sale is among the ledgers (a ledger's index, the sale's place in its
/// ``HoldingLedger/realized``) and how many lots it took: the weight of its figures.
struct SalePlace: Sendable {
  let ledger: Int
  let sale: Int
  let lots: Int
}
