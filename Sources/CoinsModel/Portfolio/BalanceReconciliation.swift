#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether a coin's computed balance in a wallet equals what was stated of it and, where not,
/// where the two part: the one answer the import summary, `reconcile` and `check` give.
public struct BalanceReconciliation: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The wallet, `nil` for every wallet together.
  public var wallet: String?
  /// The latest statement of the coin and wallet.
  public var stated: BalanceStatement
  /// What the transactions add up to at the statement's moment.
  public var computed: Decimal
  /// Where the balances part, when the latest statement differs.
  public var parting: Parting?

  /// Whether the computed balance equals the stated one.
  public var agrees: Bool { parting == nil }
  /// Computed less stated: what the history has too much (negative: too little).
  public var difference: Decimal { computed - stated.amount }

  /// Where a history parts from its statements: after the last statement that still agreed
  /// (the start, when none did) and by the first that differs.
  public struct Parting: Sendable, Equatable {
    /// The last statement that agreed, `nil` for the start (nothing held).
    public var lastAgreeing: BalanceStatement?
    /// The first statement after it that differs.
    public var firstDiffering: BalanceStatement
    /// What the transactions add up to at `firstDiffering`.
    public var computedThen: Decimal
    /// The last transaction at which they still agree (at or before `lastAgreeing`).
    public var lastAgreeingTransaction: Transaction?
    /// The first transaction after which they part: the first after `lastAgreeing`, when it is
    /// at or before `firstDiffering`; `nil` when no transaction lies between the two (one is
    /// missing there).
    public var firstPartingTransaction: Transaction?
  }
}

/// Compares stated balances with what a portfolio's transactions add up to, walking each coin
/// and wallet's transactions by date.
public enum BalanceReconciler {
  /// One reconciliation per coin and wallet of `statements`, in the order first stated. A
  /// statement counts every transaction dated at or before its moment (an undated one: all);
  /// of statements of one moment the last given counts.
  public static func reconcile(_ statements: [BalanceStatement], in portfolio: Portfolio)
    -> [BalanceReconciliation]
  {
    var order: [Key] = []
    var groups: [Key: [BalanceStatement]] = [:]
    for statement in statements {
      let key = Key(coin: statement.coin, wallet: statement.wallet)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(statement)
    }
    return order.map { key in
      let all = portfolio.holding(id: key.coin)?.transactions ?? []
      return reconcile(groups[key] ?? [], all, order: places(of: key, in: all))
    }
  }

  private struct Key: Hashable {
    var coin: String
    var wallet: String?
  }

  /// Where the coin's transactions in the wallet (every wallet when `nil`) are in `all`, by
  /// date, undated first: their places sorted, not copies of them (a 100,000-transaction
  /// import copied each three times).
  private static func places(of key: Key, in all: [Transaction]) -> [Int] {
    var places =
      key.wallet.map { wallet in all.indices.filter { all[$0].wallet == wallet } }
      ?? Array(all.indices)
    func when(_ place: Int) -> Date { all[place].date ?? .distantPast }
    let sorted = zip(places, places.dropFirst()).allSatisfy { when($0) <= when($1) }
    if !sorted { places.sort { (when($0), $0) < (when($1), $1) } }
    return places
  }

  private static func reconcile(
    _ given: [BalanceStatement], _ all: [Transaction], order: [Int]
  ) -> BalanceReconciliation {
    // By moment, undated last; of one moment the last given.
    let sorted = given.enumerated().sorted {
      ($0.element.date ?? .distantFuture, $0.offset) < (
        $1.element.date ?? .distantFuture, $1.offset
      )
    }.map(\.element)
    var statements: [BalanceStatement] = []
    for statement in sorted {
      if let last = statements.last, last.date == statement.date {
        statements[statements.count - 1] = statement
      } else {
        statements.append(statement)
      }
    }
    var next = 0
    var held = ExactDecimal.zero
    var lastAgreeing: (statement: BalanceStatement, transactions: Int)?
    var parting: BalanceReconciliation.Parting?
    for statement in statements {
      while next < order.count,
        statement.date.map({ (all[order[next]].date ?? .distantPast) <= $0 }) ?? true
      {
        held = held + ExactDecimal(all[order[next]].signedAmount)
        next += 1
      }
      let computed = held.decimal
      if computed == statement.amount {
        lastAgreeing = (statement, next)
        parting = nil
      } else if parting == nil {
        let after = lastAgreeing?.transactions ?? 0
        parting = BalanceReconciliation.Parting(
          lastAgreeing: lastAgreeing?.statement, firstDiffering: statement, computedThen: computed,
          lastAgreeingTransaction: after > 0 ? all[order[after - 1]] : nil,
          firstPartingTransaction: after < next ? all[order[after]] : nil)
      }
    }
    let latest = statements[statements.count - 1]
    return BalanceReconciliation(
      coin: latest.coin, wallet: latest.wallet, stated: latest, computed: held.decimal,
      parting: parting)
  }
}
