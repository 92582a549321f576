#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioValuation {
  /// A row and its exact figures, as ``row(for:ledger:coin:since:wallet:)`` makes them.
  typealias JoinedRow = (row: PortfolioRow, exact: ExactFigures)

  /// The whole-holding rows with their money made the sums of their coin × wallet cells, each
  /// rounded once: one rounding path, so that `value`, `value --by-wallet` and `wallets` show
  /// the same totals to the cent. Only a holding in more than one wallet changes; the
  /// percentages keep coming from the exact figures. The cells' ledgers run as `spread` runs
  /// them.
  static func summingCells(
    _ joined: [JoinedRow], of holdings: [Holding], coins: [String: Coin], currency: String,
    method: CostBasisMethod, rates: CurrencyRates, scope: CostBasisScope, since: Date?,
    spread: any WorkSpread
  ) -> [JoinedRow] {
    let split = holdings.indices.filter { holdings[$0].wallets.count > 1 }
    guard !split.isEmpty else { return joined }
    let parts = split.flatMap { index in
      holdings[index].wallets.map { (holding: holdings[index], wallet: Optional($0), index: index) }
    }
    let ledgers = LedgerBuilder.ledgers(
      of: parts.map { ($0.holding, $0.wallet) }, in: currency, method: method, rates: rates,
      scope: scope, soldLots: false, spread: spread)
    var cells: [Int: [PortfolioRow]] = [:]
    for (part, ledger) in zip(parts, ledgers) {
      let cell = row(
        for: part.holding, ledger: ledger, coin: coins[part.holding.id], since: since,
        wallet: part.wallet
      ).row
      cells[part.index, default: []].append(cell)
    }
    var result = joined
    for (index, mine) in cells {
      func summed(_ figure: Double?, _ path: KeyPath<PortfolioRow, Double?>) -> Double? {
        figure == nil ? nil : sum(mine.compactMap { $0[keyPath: path] })
      }
      var row = result[index].row
      row.value = summed(row.value, \.value)
      row.change24hValue = summed(row.change24hValue, \.change24hValue)
      row.cost = summed(row.cost, \.cost)
      row.pnl = summed(row.pnl, \.pnl)
      row.fees = summed(row.fees, \.fees)
      row.costedValue = summed(row.costedValue, \.costedValue)
      result[index].row = row
    }
    return result
  }
}
