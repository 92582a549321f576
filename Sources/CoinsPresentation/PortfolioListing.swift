import CoinsModel
import FoundationEssentials

/// `coins portfolio list`: holdings and their lots as stored, no prices.
package enum PortfolioListing {
  package static let emptyMessage =
    "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n"

  /// A table of holdings, by symbol and name, with their lots indented below.
  package static func text(
    _ portfolio: Portfolio, file: String, names: CoinNames = CoinNames(), width: Int
  ) -> String {
    // The four columns, one cell per holding and per lot (a large history has tens of
    // thousands of open lots).
    var (coins, coinNames, amounts, details) = ([String](), [String](), [String](), [String]())
    for holding in portfolio.holdings {
      let open = holding.lots
      coins.append(names.symbol(of: holding.id))
      coinNames.append(names.name(of: holding.id))
      amounts.append(DecimalInput.text(holding.amount))
      details.append(open.count == 1 ? "1 lot" : "\(open.count) lots")
      for lot in open {
        // A lot's day is its UTC day, as --date reads it and sales count it.
        var detail = lot.date.map(DateInput.dayText) ?? "—"
        if let cost = lot.cost {
          let style = CurrencyStyle(code: lot.costCurrency ?? "usd")
          detail += "  cost "
          detail += NumberFormat.price(cost.doubleValue, currency: style)
        }
        coins.append("  lot")
        coinNames.append("")
        amounts.append(DecimalInput.text(lot.amount))
        details.append(detail)
      }
    }
    let columns = [
      TableLayout.Column(header: "Coin", cells: coins, flexible: 5...12),
      TableLayout.Column(header: "Name", cells: coinNames, flexible: 6...30),
      TableLayout.Column(header: "Amount", cells: amounts, alignRight: true),
      TableLayout.Column(header: "Lots", cells: details, flexible: 8...60),
    ]
    let count = portfolio.holdings.count
    let title = "Portfolio \(file): \(count) holding\(count == 1 ? "" : "s")"
    let table = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    return ([title] + table).joined(separator: "\n") + "\n"
  }

  /// `{"file","holdings":[{"id","amount","lots":[{"amount","cost","costCurrency","date"}]}]}`;
  /// amounts and costs are exact decimal numbers.
  package static func json(_ portfolio: Portfolio, file: String) -> String {
    let holdings = portfolio.holdings.map { holding in
      JSONText.object([
        ("id", JSONText.string(holding.id)),
        ("amount", DecimalInput.text(holding.amount)),
        (
          "lots",
          JSONText.array(
            holding.lots.map { lot in
              JSONText.object([
                ("amount", DecimalInput.text(lot.amount)),
                ("cost", lot.cost.map(DecimalInput.text) ?? "null"),
                ("costCurrency", lot.costCurrency.map(JSONText.string) ?? "null"),
                ("date", lot.date.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"),
              ])
            })
        ),
      ])
    }
    return JSONText.object([
      ("file", JSONText.string(file)), ("holdings", JSONText.array(holdings)),
    ])
  }
}
