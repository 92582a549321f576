import CoinsModel
import CoinsSupport

/// `coins portfolio value --json`:
/// `{"source","asOf","currency","total","change24h","cost","pnl","unrealizedPnl","realizedPnl",
/// "fees","method","convertedAtTodaysRate","holdings":[…],"sparkline":[…]}`; `pnl` is
/// `unrealizedPnl`, kept for scripts written before it. When some holding's coins are only
/// partly costed, every holding also carries `costedAmount`, `uncostedAmount` and
/// `costedValue` (what `pnl` is over: `costedValue` − `cost` = `pnl`) and the document its
/// `costedValue` before `holdings`.
package enum PortfolioJSON {
  package static func render(_ snapshot: PortfolioSnapshot, extra: [(String, String)] = [])
    -> String
  {
    // Some coins without a known cost: every row says how many have one, and their value.
    let partly = !snapshot.partlyCosted.isEmpty
    let holdings = snapshot.rows.map { row in
      var members = [
        ("id", JSONText.string(row.id)),
        ("symbol", JSONText.string(row.symbol)),
        ("name", JSONText.string(row.name)),
        ("amount", DecimalInput.text(row.amount)),
        ("price", JSONText.number(row.price)),
        ("value", JSONText.number(row.value)),
        ("allocation", JSONText.number(row.allocation)),
        ("change24h", JSONText.number(row.change24h)),
        ("change24hValue", JSONText.number(row.change24hValue)),
        ("cost", JSONText.number(row.cost)),
        ("pnl", JSONText.number(row.pnl)),
        ("pnlPercent", JSONText.number(row.pnlPercent)),
        ("unrealizedPnl", JSONText.number(row.pnl)),
        ("realizedPnl", JSONText.number(row.realizedPnl)),
        ("fees", JSONText.number(row.fees)),
      ]
      if partly {
        members += [
          ("costedAmount", DecimalInput.text(row.costedAmount)),
          ("uncostedAmount", DecimalInput.text(row.uncostedAmount)),
          ("costedValue", JSONText.number(row.costedValue)),
        ]
      }
      // A wallet's part of the holding names the wallet after the coin.
      if let wallet = row.wallet { members.insert(("wallet", JSONText.string(wallet)), at: 1) }
      return JSONText.object(members)
    }
    let costedTotal: [(String, String)] =
      partly ? [("costedValue", JSONText.number(snapshot.costedValue))] : []
    return JSONText.object(
      MarketJSON.header(of: snapshot.market) + [
        ("total", JSONText.number(snapshot.total)),
        ("change24h", JSONText.number(snapshot.change24h)),
        ("change24hValue", JSONText.number(snapshot.change24hValue)),
        ("cost", JSONText.number(snapshot.cost)),
        ("pnl", JSONText.number(snapshot.pnl)),
        ("pnlPercent", JSONText.number(snapshot.pnlPercent)),
        ("unrealizedPnl", JSONText.number(snapshot.pnl)),
        ("realizedPnl", JSONText.number(snapshot.realizedPnl)),
        ("fees", JSONText.number(snapshot.fees)),
        ("method", JSONText.string(snapshot.method.rawValue)),
        ("convertedAtTodaysRate", snapshot.convertedAtTodaysRate ? "true" : "false"),
      ] + costedTotal + [
        ("holdings", JSONText.array(holdings)),
        ("sparkline", JSONText.array(snapshot.sparkline.map { JSONText.number($0) })),
      ] + extra)
  }
}
