import CoinsModel
import FoundationEssentials

/// `coins portfolio list`: holdings and their lots as stored, no prices.
package enum PortfolioListing {
  package static let emptyMessage =
    "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n"

  /// A table of holdings with their lots indented below.
  package static func text(_ portfolio: Portfolio, file: String, width: Int) -> String {
    // The three columns, one cell per holding and per lot (a large history has tens of
    // thousands of open lots).
    var (coins, amounts, details) = ([String](), [String](), [String]())
    for holding in portfolio.holdings {
      let open = holding.lots
      coins.append(holding.id)
      amounts.append(DecimalInput.text(holding.amount))
      details.append(open.count == 1 ? "1 lot" : "\(open.count) lots")
      for lot in open {
        var detail = lot.date.map(DateInput.dayText) ?? "—"
        if let cost = lot.cost {
          let style = CurrencyStyle(code: lot.costCurrency ?? "usd")
          detail += "  cost "
          detail += NumberFormat.price(cost.doubleValue, currency: style)
        }
        coins.append("  lot")
        amounts.append(DecimalInput.text(lot.amount))
        details.append(detail)
      }
    }
    let columns = [
      TableLayout.Column(header: "Coin", cells: coins, flexible: 8...40),
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
