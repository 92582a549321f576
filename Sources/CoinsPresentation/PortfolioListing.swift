import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio list`: holdings and their lots as stored, no prices.
package enum PortfolioListing {
  package static let emptyMessage =
    "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n"

  /// A portfolio whose every holding is at zero (sold or moved out), all hidden by default:
  /// `--all` shows them.
  package static let allAtZeroMessage =
    "Every holding is at zero (held no more), hidden by default: --all shows them.\n"

  /// One row of the listing: a holding, or its part in one wallet.
  package struct Part: Sendable {
    /// The coin's CoinGecko id.
    package var id: String
    /// The wallet, when the part is one wallet's.
    package var wallet: String?
    /// Coins held.
    package var amount: Decimal
    /// The lots still open, oldest first.
    package var lots: [Lot]

    /// Of ``amount``, the coins in lots whose cost is known.
    package var costedAmount: Decimal {
      lots.reduce(ExactDecimal.zero) { $1.cost == nil ? $0 : $0 + ExactDecimal($1.amount) }.decimal
    }

    /// Whether some of the coins have a known cost and some do not.
    var isPartlyCosted: Bool { costedAmount > 0 && costedAmount < amount }

    /// Every holding whole (`wallet` and `byWallet` unset), or only `wallet`'s part of each
    /// (holdings it has nothing of left out), or each holding's part in each wallet holding
    /// some of it.
    package static func of(_ portfolio: Portfolio, wallet: String? = nil, byWallet: Bool = false)
      -> [Part]
    {
      portfolio.holdings.flatMap { holding -> [Part] in
        if let wallet {
          let amount = holding.amount(in: wallet)
          guard amount > 0 else { return [] }
          return [
            Part(id: holding.id, wallet: wallet, amount: amount, lots: holding.lots(in: wallet))
          ]
        }
        guard byWallet else {
          return [Part(id: holding.id, amount: holding.amount, lots: holding.lots)]
        }
        return holding.amountsByWallet.map { part in
          Part(
            id: holding.id, wallet: part.wallet, amount: part.amount,
            lots: holding.lots(in: part.wallet))
        }
      }
    }
  }

  /// A table of holdings, by symbol and name, with their lots indented below.
  package static func text(
    _ portfolio: Portfolio, file: String, names: CoinNames = CoinNames(), width: Int
  ) -> String {
    text(
      Part.of(portfolio), holdings: portfolio.holdings.count, file: file, names: names, width: width
    )
  }

  /// A table of `parts`, by symbol and name (and wallet, when they are wallets' parts), with
  /// their lots indented below.
  package static func text(
    _ parts: [Part], holdings count: Int, file: String, names: CoinNames = CoinNames(),
    width: Int
  ) -> String {
    let names = names.among(parts.map(\.id))
    // The columns, one cell per part and per lot (a large history has tens of thousands of
    // open lots).
    var (coins, coinNames, wallets) = ([String](), [String](), [String]())
    var (amounts, details) = ([String](), [String]())
    for part in parts {
      let open = part.lots
      coins.append(names.symbol(of: part.id))
      coinNames.append(names.name(of: part.id))
      wallets.append(part.wallet.map(Sanitizer.printable) ?? "")
      amounts.append(DecimalInput.text(part.amount))
      var lots = open.count == 1 ? "1 lot" : "\(open.count) lots"
      if part.isPartlyCosted {
        lots +=
          " · cost known for \(DecimalInput.text(part.costedAmount)) of "
          + DecimalInput.text(part.amount)
      }
      details.append(lots)
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
        wallets.append("")
        amounts.append(DecimalInput.text(lot.amount))
        details.append(detail)
      }
    }
    var columns = [
      TableLayout.Column(header: "Coin", cells: coins, identifying: true),
      TableLayout.Column(header: "Name", cells: coinNames, flexible: 6...30, dropOrder: 0),
      TableLayout.Column(header: "Amount", cells: amounts, alignRight: true),
      TableLayout.Column(header: "Lots", cells: details, flexible: 8...60),
    ]
    if parts.contains(where: { $0.wallet != nil }) {
      columns.insert(
        TableLayout.Column(
          header: "Wallet", cells: wallets, dropOrder: 1, wrapsUnderRow: true),
        at: 2)
    }
    let title = "Portfolio \(file): \(count) holding\(count == 1 ? "" : "s")"
    let table = TableLayout.render(columns, width: width, style: TextStyle(enabled: false))
    return ([title] + table).joined(separator: "\n") + "\n"
  }

  /// `{"file","holdings":[{"id","amount","lots":[{"amount","cost","costCurrency","date"}]}]}`;
  /// amounts and costs are exact decimal numbers. A holding some of whose coins have no known
  /// cost also has `costedAmount` and `uncostedAmount` after `amount`.
  package static func json(_ portfolio: Portfolio, file: String) -> String {
    json(Part.of(portfolio), file: file)
  }

  /// As ``json(_:file:)-(Portfolio,_)`` for `parts`; a wallet's part has `"wallet"` after
  /// `"id"`.
  package static func json(_ parts: [Part], file: String) -> String {
    let holdings = parts.map { part in
      JSONText.object(
        [("id", JSONText.string(part.id))]
          + (part.wallet.map { [("wallet", JSONText.string($0))] } ?? []) + [
            ("amount", DecimalInput.text(part.amount))
          ]
          + costedMembers(part) + [
            (
              "lots",
              JSONText.array(
                part.lots.map { lot in
                  JSONText.object([
                    ("amount", DecimalInput.text(lot.amount)),
                    ("cost", lot.cost.map(DecimalInput.text) ?? "null"),
                    ("costCurrency", lot.costCurrency.map(JSONText.string) ?? "null"),
                    (
                      "date",
                      lot.date.map { JSONText.string(ISO8601Timestamp.format($0)) } ?? "null"
                    ),
                  ])
                })
            )
          ])
    }
    return JSONText.object([
      ("file", JSONText.string(file)), ("holdings", JSONText.array(holdings)),
    ])
  }

  /// `costedAmount` and `uncostedAmount` for a part some of whose coins have no known cost.
  private static func costedMembers(_ part: Part) -> [(String, String)] {
    guard part.isPartlyCosted else { return [] }
    return [
      ("costedAmount", DecimalInput.text(part.costedAmount)),
      ("uncostedAmount", DecimalInput.text(part.amount - part.costedAmount)),
    ]
  }
}
