#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One thing that leaves the portfolio's figures incomplete or assumed, with the transaction it
/// is about and the command that fixes it.
public struct OpenItem: Sendable, Equatable {
  /// Why the figures are incomplete.
  public enum Reason: String, Sendable, CaseIterable {
    /// A buy or deposit whose cost is unknown.
    case unknownCost
    /// A sale whose proceeds are unknown.
    case unknownValue
    /// Coins an import added as held before its export, of unknown cost.
    case heldBefore
    /// A transfer out and a transfer in of one coin that look like a move but are not paired.
    case unpairedMove
    /// Income without a fair value.
    case incomeWithoutValue
    /// A computed balance that differs from the one an export stated.
    case balanceDiffers
    /// A price or fee in another currency converted at today's rate: its day's was not had.
    case todaysRate
    /// A transfer in from outside entered without a cost, which counts as 0 (`transfer in`
    /// without `--cost`): every coin of it is all gain when sold.
    case zeroCost
  }

  /// The transaction's id.
  public var transaction: String
  /// The coin's CoinGecko id.
  public var coin: String
  /// Why.
  public var reason: Reason
  /// What is wrong, in words, up to the coin (`deposit of 1.5`).
  public var lead: String
  /// What is wrong, in words, after the coin (` into kraken on 2021-02-03 has no cost`).
  public var rest: String
  /// The command that fixes it.
  public var fix: String

  /// What is wrong, in words, the coin named `coin` (`deposit of 1.5 BTC into kraken on
  /// 2021-02-03 has no cost`).
  public func detail(naming coin: String) -> String { "\(lead) \(coin)\(rest)" }

  /// What is wrong, in words, the coin named by its CoinGecko id (as JSON names coins).
  public var detail: String { detail(naming: coin) }
}

/// A transaction the user accepted as it is (`check --accept`), with why.
public struct Acceptance: Sendable, Equatable {
  /// The transaction's id.
  public var transaction: String
  /// Why it is accepted.
  public var reason: String
  /// When it was accepted.
  public var date: Date?

  /// Creates an acceptance.
  public init(transaction: String, reason: String, date: Date?) {
    self.transaction = transaction
    self.reason = reason
    self.date = date
  }
}

/// Finds what leaves a portfolio's figures incomplete: unknown costs and values, coins held
/// before an export, transfers that look like an unpaired move, income without a value and
/// balances that differ from what an export stated.
public enum HistoryCheck {
  /// The open items of `portfolio`, by coin then date; accepted transactions left out.
  public static func items(of portfolio: Portfolio) -> [OpenItem] {
    var items: [OpenItem] = []
    for holding in portfolio.holdings {
      items += self.items(of: holding)
    }
    for reconciliation in BalanceReconciler.reconcile(portfolio.statedBalances, in: portfolio)
    where !reconciliation.agrees {
      let parting = reconciliation.parting
      let transaction =
        parting?.firstPartingTransaction?.id ?? parting?.lastAgreeingTransaction?.id ?? "-"
      let stated = reconciliation.stated
      var source = stated.file ?? "an export"
      if let line = stated.line { source += " line \(line)" }
      items.append(
        OpenItem(
          transaction: transaction, coin: reconciliation.coin, reason: .balanceDiffers,
          lead:
            "\(reconciliation.wallet ?? "all wallets") holds "
            + DecimalInput.text(reconciliation.computed),
          rest: ", \(source) states \(DecimalInput.text(stated.amount))",
          fix: "coins portfolio reconcile"))
    }
    let accepted = Set(portfolio.accepted.map(\.transaction))
    return items.filter { !accepted.contains($0.transaction) }
  }

  private static func items(of holding: Holding) -> [OpenItem] {
    let transactions = holding.transactions.sorted {
      ($0.date ?? .distantPast) < ($1.date ?? .distantPast)
    }
    let received = Set(transactions.compactMap(\.movedFrom))
    let unpairedOuts = transactions.filter { $0.kind == .transferOut && !received.contains($0.id) }
    var items: [OpenItem] = []
    for transaction in transactions {
      let id = transaction.id
      let on = transaction.date.map { " on \(DateInput.dayText($0))" } ?? ""
      let amount = DecimalInput.text(transaction.amount)
      func item(_ reason: OpenItem.Reason, _ lead: String, _ rest: String, _ fix: String) {
        items.append(
          OpenItem(
            transaction: id, coin: holding.id, reason: reason, lead: lead, rest: rest, fix: fix))
      }
      switch transaction.kind {
      case .buy where transaction.price == nil:
        item(
          .unknownCost, "buy of \(amount)", " in \(transaction.wallet)\(on) has no cost",
          "coins portfolio edit \(id) --price <price>")
      case .sell where transaction.price == nil:
        item(
          .unknownValue, "sale of \(amount)",
          " from \(transaction.wallet)\(on) has no proceeds",
          "coins portfolio edit \(id) --price <price>")
      case .transferIn where transaction.isIncome && transaction.price == nil:
        item(
          .incomeWithoutValue, "income of \(amount)",
          " into \(transaction.wallet)\(on) has no value",
          "coins portfolio reprice --transactions \(id)")
      case .transferIn where PortfolioImport.isHeldBefore(transaction):
        item(
          .heldBefore, amount,
          " held before the export into \(transaction.wallet)\(on), cost unknown",
          "coins portfolio import <the earlier export>, or coins portfolio edit \(id) --price <price>"
        )
      case .transferIn
      where transaction.movedFrom == nil && !transaction.isIncome && transaction.price == nil:
        if let out = lookalike(of: transaction, among: unpairedOuts) {
          item(
            .unpairedMove, "deposit of \(amount)",
            " into \(transaction.wallet)\(on) looks like withdrawal \(out.id) "
              + "from \(out.wallet), not paired",
            "coins portfolio transfer link \(out.id) \(id)")
        } else if transaction.costUnknown {
          item(
            .unknownCost, "deposit of \(amount)",
            " into \(transaction.wallet)\(on) has no cost",
            "coins portfolio edit \(id) --price <price>")
        } else {
          item(
            .zeroCost, "transfer in of \(amount)",
            " into \(transaction.wallet)\(on) was given no cost and counts as 0",
            "coins portfolio edit \(id) --price <price>")
        }
      default:
        break
      }
    }
    return items
  }

  /// The unpaired transfer out of another wallet that a deposit looks like the arrival of: sent
  /// at most 7 days before, at least as much as arrived and no more than 10% more.
  private static func lookalike(of arrival: Transaction, among outs: [Transaction])
    -> Transaction?
  {
    guard let arrived = arrival.date else { return nil }
    return outs.last { out in
      guard let sent = out.date, out.wallet != arrival.wallet, sent <= arrived,
        arrived.timeIntervalSince(sent) <= 7 * 86_400
      else { return false }
      return out.amount >= arrival.amount && out.amount * 10 <= arrival.amount * 11
    }
  }
}
