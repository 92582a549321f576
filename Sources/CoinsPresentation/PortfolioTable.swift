import CoinsModel

/// `coins portfolio value` for people: one row per holding, a total row, the total's 24h change
/// and profit, and the 7-day value sparkline.
package struct PortfolioTable {
  var currency: CurrencyStyle
  var sparkline: SparklineRenderer
  var style: TextStyle
  /// The header of the column the rows are ordered by: it keeps its place when the width runs
  /// out.
  var sortedColumn: String?

  /// The table, summary and chart lines; with `previousPrices` (by id), ▲/▼ after each price.
  package func render(
    _ snapshot: PortfolioSnapshot, width: Int, previousPrices: [String: Double]? = nil
  )
    -> [String]
  {
    let rows = snapshot.rows
    let money = { (value: Double?) in MoneyFormat.text(value, currency: currency) }
    var symbols = CoinNames.labels(rows.map { ($0.id, $0.knownSymbol) })
    var names = rows.map(\.name)
    var wallets = rows.map { $0.wallet.map(Sanitizer.printable) ?? "" }
    var amounts = rows.map { DecimalInput.text($0.amount) }
    var prices = rows.map { NumberFormat.price($0.price, currency: currency) }
    var values = rows.map { money($0.value) }
    var shares = rows.map { $0.allocation.map { NumberFormat.fixed($0, decimals: 2) + "%" } ?? "—" }
    var changes = rows.map { NumberFormat.percent($0.change24h) }
    var changeColors = rows.map { TextStyle.trend($0.change24h) }
    var costs = rows.map { money($0.cost) }
    var pnls = rows.map { signedMoney($0.pnl) }
    var pnlPercents = rows.map { NumberFormat.percent($0.pnlPercent) }
    var pnlColors = rows.map { TextStyle.trend($0.pnl) }
    symbols.append("Total")
    names.append("")
    wallets.append("")
    amounts.append("")
    prices.append("")
    values.append(money(snapshot.total))
    shares.append(snapshot.total > 0 ? "100.00%" : "—")
    changes.append(NumberFormat.percent(snapshot.change24h))
    changeColors.append(TextStyle.trend(snapshot.change24h))
    costs.append(money(snapshot.cost))
    pnls.append(signedMoney(snapshot.pnl))
    pnlPercents.append(NumberFormat.percent(snapshot.pnlPercent))
    pnlColors.append(TextStyle.trend(snapshot.pnl))
    var columns = [
      TableLayout.Column(header: "Coin", cells: symbols, identifying: true),
      TableLayout.Column(
        header: "Name", cells: names, flexible: 8...20, dropOrder: 1, comfortableWidth: 12),
      TableLayout.Column(header: "Amount", cells: amounts, alignRight: true),
      TableLayout.Column(header: "Price", cells: prices, alignRight: true, dropOrder: 4),
      TableLayout.Column(header: "Value", cells: values, alignRight: true),
      TableLayout.Column(header: "Share", cells: shares, alignRight: true, dropOrder: 3),
      TableLayout.Column(
        header: "24h", cells: changes, colors: changeColors, alignRight: true, dropOrder: 5),
      TableLayout.Column(header: "Cost", cells: costs, alignRight: true, dropOrder: 0),
      TableLayout.Column(
        header: "P/L", cells: pnls, colors: pnlColors, alignRight: true, dropOrder: 2),
      TableLayout.Column(
        header: "P/L %", cells: pnlPercents, colors: pnlColors, alignRight: true, dropOrder: 0),
    ]
    if !snapshot.partlyCosted.isEmpty {
      // Some coins have no known cost: the value the cost and P/L are over, and a label (the
      // first to give way: the summary says it too).
      columns.insert(
        TableLayout.Column(
          header: "Costed",
          cells: rows.map { money($0.costedValue) } + [money(snapshot.costedValue)],
          alignRight: true, dropOrder: 0),
        at: columns.firstIndex { $0.header == "Cost" } ?? columns.count)
      columns.append(
        TableLayout.Column(
          header: "Note",
          cells: rows.map(Self.costLabel) + [WalletsReport.costLabel(snapshot.partlyCosted)],
          dropOrder: -1))
    }
    if rows.contains(where: { $0.wallet != nil }) {
      columns.insert(
        TableLayout.Column(
          header: "Wallet", cells: wallets, dropOrder: 1, wrapsUnderRow: true),
        at: 2)
    }
    for index in columns.indices where columns[index].header == sortedColumn {
      columns[index].dropOrder = nil
    }
    if let previousPrices {
      // The total row has no price of its own, so no marker either.
      let markerRows = rows.map { (id: $0.id, price: $0.price) } + [(id: "", price: nil)]
      columns.insert(
        MovementMarkers.column(markerRows, previous: previousPrices, dropOrder: 4),
        at: (columns.firstIndex { $0.header == "Price" } ?? 3) + 1)
    }
    var lines = TableLayout.render(columns, width: width, style: style)
    lines.append(summary(snapshot))
    if let chart = chartLine(snapshot, width: width) { lines.append(chart) }
    return lines
  }

  /// `24h: +$161.23 (+0.50%) · P/L: +$2,500.00 (+8.33%) on $30,000.00`: the profit, and its
  /// percentage, on the cost of the holdings with a price — `(DEEP unpriced)` names those whose
  /// cost is left out, so the figures can be checked against each other.
  private func summary(_ snapshot: PortfolioSnapshot) -> String {
    var parts: [String] = []
    let change = style.apply(
      TextStyle.trend(snapshot.change24h),
      to: "\(signedMoney(snapshot.change24hValue)) (\(NumberFormat.percent(snapshot.change24h)))")
    parts.append("24h: \(change)")
    if let cost = snapshot.pnlCost ?? snapshot.cost {
      let pnl = style.apply(
        TextStyle.trend(snapshot.pnl),
        to: "\(signedMoney(snapshot.pnl)) (\(NumberFormat.percent(snapshot.pnlPercent)))")
      var part = "P/L: \(pnl) on \(MoneyFormat.text(cost, currency: currency))"
      let unpriced = CoinNames.labels(snapshot.costedButUnpriced.map { ($0.id, $0.knownSymbol) })
      if !unpriced.isEmpty { part += " (\(unpriced.joined(separator: ", ")) unpriced)" }
      let partly = snapshot.partlyCosted
      if !partly.isEmpty {
        part += " · costed value \(MoneyFormat.text(snapshot.costedValue, currency: currency))"
        part += " (\(WalletsReport.costLabel(partly)))"
      }
      parts.append(part)
    }
    if snapshot.convertedAtTodaysRate { parts.append("some costs converted at today's rate") }
    // Realized profit and fees once there is any: a portfolio of plain buys reads as before.
    if snapshot.realizedPnl != 0 || snapshot.fees != 0 {
      let realized = style.apply(
        TextStyle.trend(snapshot.realizedPnl), to: signedMoney(snapshot.realizedPnl))
      parts.append("Realized: \(realized)")
      parts.append("Fees: \(MoneyFormat.text(snapshot.fees, currency: currency))")
      parts.append(snapshot.method.label)
    }
    return parts.joined(separator: " · ")
  }

  /// `7d: ▁▂▃…█  low $31,200.00  high $33,000.00`.
  private func chartLine(_ snapshot: PortfolioSnapshot, width: Int) -> String? {
    let series = snapshot.sparkline
    guard let low = series.min(), let high = series.max() else { return nil }
    let labels =
      "  low \(MoneyFormat.text(low, currency: currency))"
      + "  high \(MoneyFormat.text(high, currency: currency))"
    let room = max(8, min(48, width - 4 - DisplayWidth.of(labels)))
    let chart = sparkline.render(series, width: room)
    let trend = TextStyle.trend((series.last ?? 0) - (series.first ?? 0))
    return "7d: " + style.apply(trend, to: chart) + labels
  }

  /// `cost known for 1 of 2` for a row some of whose coins have no known cost, else empty.
  package static func costLabel(_ row: PortfolioRow) -> String {
    guard row.isPartlyCosted else { return "" }
    return
      "cost known for \(DecimalInput.text(row.costedAmount)) of \(DecimalInput.text(row.amount))"
  }

  private func signedMoney(_ value: Double?) -> String {
    guard let value, value.isFinite else { return NumberFormat.unknown }
    let text = MoneyFormat.text(abs(value), currency: currency)
    return value < 0 ? "-" + text : value > 0 ? "+" + text : text
  }

  /// Creates a value from its parts.
  package init(
    currency: CurrencyStyle, sparkline: SparklineRenderer, style: TextStyle,
    sortedColumn: String? = nil
  ) {
    self.currency = currency
    self.sparkline = sparkline
    self.style = style
    self.sortedColumn = sortedColumn
  }
}
