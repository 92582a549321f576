import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio wallets`: each wallet's coins, value, cost and profit, and the totals.
package enum WalletsReport {
  /// One wallet's part of the portfolio, valued.
  package struct Wallet: Sendable {
    /// The wallet's name.
    package var name: String
    /// Its part, valued as `coins portfolio value --wallet` values it.
    package var snapshot: PortfolioSnapshot

    package init(name: String, snapshot: PortfolioSnapshot) {
      (self.name, self.snapshot) = (name, snapshot)
    }

    /// How many coins it holds some of.
    var coins: Int { snapshot.rows.filter { $0.amount > 0 }.count }
  }

  package static let emptyMessage =
    "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n"

  /// A table: one row per wallet (by name), then the totals, which are the sums of the rows.
  package static func text(
    _ wallets: [Wallet], currency: CurrencyStyle, scope: CostBasisScope, width: Int
  ) -> String {
    var rows = wallets.map { wallet in
      [
        wallet.name, String(wallet.coins),
        MoneyFormat.text(wallet.snapshot.total, currency: currency),
        MoneyFormat.text(wallet.snapshot.cost, currency: currency),
        MoneyFormat.signed(MoneyFormat.decimal(wallet.snapshot.pnl), currency: currency),
      ]
    }
    let totals = totals(of: wallets)
    rows.append([
      "Total", "", MoneyFormat.text(totals.value, currency: currency),
      MoneyFormat.text(totals.cost, currency: currency),
      MoneyFormat.signed(totals.pnl, currency: currency),
    ])
    let headers = ["Wallet", "Coins", "Value", "Cost", "Unrealized P/L"]
    var columns = headers.enumerated().map { index, header in
      TableLayout.Column(
        header: header, cells: rows.map { $0[index] }, alignRight: index > 0,
        dropOrder: [1: 0, 3: 1][index], identifying: index == 0,
        shortHeader: index == 4 ? "P/L" : nil)
    }
    let all = CostCoverage.partly(wallets.flatMap(\.snapshot.rows))
    if !all.isEmpty {
      // Some coins have no known cost: the value the cost and P/L are over, and a label (the
      // first to give way: the summary says it too).
      let costed = wallets.map { MoneyFormat.text($0.snapshot.costedValue, currency: currency) }
      columns.insert(
        TableLayout.Column(
          header: "Costed",
          cells: costed + [MoneyFormat.text(totals.costedValue, currency: currency)],
          alignRight: true, dropOrder: 1),
        at: 3)
      let notes = wallets.map { costLabel($0.snapshot.partlyCosted) }
      columns.append(
        TableLayout.Column(header: "Note", cells: notes + [costLabel(all)], dropOrder: -1))
    }
    let title = "Wallets in \(currency.displayCode) · costs \(scope.name)"
    let table = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    return ([title] + table).joined(separator: "\n") + "\n"
  }

  /// `cost known for 1 of 2 BTC, 3 of 5 ETH` for the partly costed rows, empty without any.
  static func costLabel(_ coins: [CostCoverage]) -> String {
    guard !coins.isEmpty else { return "" }
    let labels = CoinNames.labels(coins.map { ($0.id, $0.knownSymbol) })
    let counts = zip(coins, labels).map { coin, label in
      "\(DecimalInput.text(coin.costedAmount)) of \(DecimalInput.text(coin.amount)) \(label)"
    }
    return "cost known for " + counts.joined(separator: ", ")
  }

  /// `{"currency","scope","wallets":[{"wallet","coins","value","cost","unrealizedPnl"}],
  /// "total":{"value","cost","unrealizedPnl"}}`; money in the currency's minor unit. When some
  /// coins have no known cost, each wallet and the total also carry `costedValue` (what the
  /// profit is over) and `partlyCosted`: `[{"id","costedAmount","uncostedAmount"}]`.
  package static func json(_ wallets: [Wallet], currency: String, scope: CostBasisScope)
    -> String
  {
    let totals = totals(of: wallets)
    let all = CostCoverage.partly(wallets.flatMap(\.snapshot.rows))
    let partly = !all.isEmpty
    return JSONText.object([
      ("currency", JSONText.string(currency)),
      ("scope", JSONText.string(scope.rawValue)),
      (
        "wallets",
        JSONText.array(
          wallets.map { wallet in
            JSONText.object(
              [
                ("wallet", JSONText.string(wallet.name)),
                ("coins", String(wallet.coins)),
                ("value", JSONText.number(wallet.snapshot.total)),
                ("cost", JSONText.number(wallet.snapshot.cost)),
                ("unrealizedPnl", JSONText.number(wallet.snapshot.pnl)),
              ]
                + (partly
                  ? costedMembers(
                    JSONText.number(wallet.snapshot.costedValue), wallet.snapshot.partlyCosted)
                  : []))
          })
      ),
      (
        "total",
        JSONText.object(
          [
            ("value", number(totals.value)), ("cost", number(totals.cost)),
            ("unrealizedPnl", number(totals.pnl)),
          ]
            + (partly
              ? costedMembers(
                number(totals.costedValue), all)
              : []))
      ),
    ])
  }

  /// The sums of the wallets' rounded figures, exact; `nil` where no wallet has the figure.
  private static func totals(of wallets: [Wallet]) -> (
    value: Decimal?, cost: Decimal?, pnl: Decimal?, costedValue: Decimal?
  ) {
    func sum(_ figure: (PortfolioSnapshot) -> Double?) -> Decimal? {
      let known = wallets.compactMap { MoneyFormat.decimal(figure($0.snapshot)) }
      return known.isEmpty ? nil : known.reduce(0, +)
    }
    return (sum { $0.total }, sum { $0.cost }, sum { $0.pnl }, sum { $0.costedValue })
  }

  /// `"costedValue"` and `"partlyCosted":[{"id","costedAmount","uncostedAmount"}]`.
  private static func costedMembers(_ costedValue: String, _ coins: [CostCoverage])
    -> [(String, String)]
  {
    let partly = JSONText.array(
      coins.map { coin in
        JSONText.object([
          ("id", JSONText.string(coin.id)),
          ("costedAmount", DecimalInput.text(coin.costedAmount)),
          ("uncostedAmount", DecimalInput.text(coin.uncostedAmount)),
        ])
      })
    return [("costedValue", costedValue), ("partlyCosted", partly)]
  }

  private static func number(_ value: Decimal?) -> String {
    value.map(DecimalInput.text) ?? "null"
  }
}
