#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sale already made whose figures a correction would change (or delete), and by which
/// methods: what `portfolio remove` must say before it rewrites a closed year.
public struct ChangedSale: Sendable, Equatable {
  /// The sale's transaction id.
  public var id: String
  /// When it was sold.
  public var date: Date?
  /// Coins sold.
  public var amount: Decimal
  /// The methods by which its proceeds, cost basis or gain (each as its currency's minor unit
  /// shows it) would change, by one pool per coin (`fifo`) and, where that differs, by wallet
  /// (`fifo by wallet`); every one when the sale would be deleted.
  public var methods: [String]
  /// Whether the sale itself would be gone.
  public var deleted: Bool

  /// The UTC year it was sold in; `nil` undated.
  public var year: Int? {
    date.map {
      ISO8601Timestamp.civilFromDays(Int(($0.timeIntervalSince1970 / 86_400).rounded(.down))).year
    }
  }
}

extension Holding {
  /// The sales of this holding that `changed` (the holding after a correction; `nil` when it
  /// is gone) would delete, or whose proceeds, cost basis or gain in the sale's own currency
  /// would change as shown, by any method, in one pool or by wallet; in the order they count.
  public func salesChanged(in changed: Holding?) -> [ChangedSale] {
    var methods: [String: [String]] = [:]
    let currencies = Dictionary(
      transactions.filter { $0.kind == .sell }.map { ($0.id, $0.priceCurrency) },
      uniquingKeysWith: { first, _ in first })
    for method in CostBasisMethod.allCases {
      // By wallet differs from one pool only where there are several wallets.
      for scope in wallets.count > 1 ? [CostBasisScope.universal, .wallet] : [.universal] {
        let label = scope == .universal ? method.rawValue : "\(method.rawValue) by wallet"
        for currency in saleCurrencies.sorted() {
          let before = LedgerBuilder.ledger(
            of: self, in: currency, method: method, scope: scope, soldLots: false)
          let after = changed.map {
            LedgerBuilder.ledger(
              of: $0, in: currency, method: method, scope: scope, soldLots: false)
          }
          let figures = Dictionary(
            (after?.realized ?? []).map { ($0.transactionID, Self.shown($0, currency)) },
            uniquingKeysWith: { first, _ in first })
          // Each sale in its own currency's ledger, as the history shows its gain.
          for sale in before.realized
          where currencies[sale.transactionID] == currency
            && figures[sale.transactionID] != Self.shown(sale, currency)
          {
            if methods[sale.transactionID]?.contains(label) != true {
              methods[sale.transactionID, default: []].append(label)
            }
          }
        }
      }
    }
    let kept = Set(changed?.transactions.map(\.id) ?? [])
    return chronological.filter { $0.kind == .sell && methods[$0.id] != nil }.map { sale in
      ChangedSale(
        id: sale.id, date: sale.date, amount: sale.amount, methods: methods[sale.id] ?? [],
        deleted: !kept.contains(sale.id))
    }
  }

  /// A sale's figures as its currency's minor unit shows them.
  private static func shown(_ sale: RealizedGain, _ currency: String) -> [Decimal?] {
    [sale.proceeds, sale.costBasis, sale.gain].map { MoneyRounding.rounded($0, in: currency) }
  }
}
