import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A range's performance as `coins portfolio performance` prints it: the figures side by side
/// with the benchmark's, a row per coin, wallet or period when asked, and the prices' sources.
package struct PerformanceReport: Sendable {
  /// What was measured.
  package var performance: Performance
  /// `Portfolio` or `Wallet kraken`.
  package var title: String
  /// The benchmark's figures and its symbol (`BTC`), when there is one.
  package var benchmark: (figures: BenchmarkPerformance, symbol: String)?
  /// Each wallet's own figures (`--by-wallet`).
  package var wallets: [(wallet: String, performance: Performance)] = []
  /// A row per coin (`--by-coin`).
  package var byCoin = false
  /// A row per month or year (`--per`).
  package var per: ReturnPeriod?
  /// The coins' symbols.
  package var names = CoinNames()
  /// The sources that priced the range: `coingecko`, `coinbase (BTC-USD)`.
  package var sources: [String] = []
  /// The indices' chart in plain ASCII (`_.-~=+*^`) instead of blocks.
  package var ascii = false

  /// A report of `performance` titled `title`.
  package init(_ performance: Performance, title: String) {
    self.performance = performance
    self.title = title
  }

  /// `2026-03-01`.
  package static func day(_ number: Int) -> String {
    DateInput.dayText(Date(timeIntervalSince1970: Double(number) * 86_400))
  }

  /// A return as a percentage: `+12.34%`.
  static func percent(_ rate: Double?) -> String { NumberFormat.percent(rate.map { $0 * 100 }) }

  /// Whether the range is longer than a year (then returns are also shown per year).
  var overAYear: Bool { performance.days.count > 365 }

  /// Whether the money-weighted returns are yearly rates (a range of a year or more) rather
  /// than the range's own.
  var moneyWeightedIsAnnualized: Bool {
    MoneyWeightedReturn.isAnnualized(days: performance.days.count)
  }

  /// What the money-weighted return is called: `Money-weighted return` (over the range) or
  /// `Money-weighted, a year`.
  var moneyWeightedLabel: String {
    moneyWeightedIsAnnualized ? "Money-weighted, a year" : "Money-weighted return"
  }

  /// The money-weighted return's text: the rate, or `undefined (why)`.
  static func moneyWeighted(_ result: MoneyWeightedReturn) -> String {
    switch result {
    case .rate(let rate): percent(rate)
    case .undefined: "undefined"
    }
  }

  /// The drawdown's text: `-25.00% (2026-03-02 to 2026-03-03)`, `none`.
  static func drawdown(_ drawdown: Drawdown?) -> String {
    guard let drawdown else { return "none" }
    return percent(drawdown.depth) + " (\(day(drawdown.peakDay)) to \(day(drawdown.troughDay)))"
  }

  /// The table.
  package func text() -> String {
    let currency = CurrencyStyle(code: performance.currency)
    let money = { (value: Decimal) in MoneyFormat.text(value, currency: currency) }
    let signed = { (value: Decimal) in MoneyFormat.signed(value, currency: currency) }
    let parts = performance.parts
    let days = performance.days
    var lines = [
      "\(title) · \(Self.day(days.lowerBound)) to \(Self.day(days.upperBound)) "
        + "(\(days.count) day\(days.count == 1 ? "" : "s")) · \(currency.displayCode)"
        + (benchmark.map { " · against \($0.symbol)" } ?? "")
    ]
    let mark = benchmark.map { (figures: $0.figures, parts: $0.figures.parts) }
    var rows: [[String]] = [["", "Portfolio"] + (benchmark.map { [$0.symbol] } ?? [])]
    func row(_ label: String, _ mine: String, _ theirs: String? = nil) {
      rows.append([label, mine] + (benchmark == nil ? [] : [theirs ?? ""]))
    }
    row("Value at start", money(parts.start), mark.map { money($0.parts.start) })
    row("Value at end", money(parts.end), mark.map { money($0.parts.end) })
    row("Net flows", signed(parts.netFlows), mark.map { signed($0.parts.netFlows) })
    row("Gain", signed(parts.gain), mark.map { signed($0.parts.gain) })
    row("  realized", signed(parts.realized))
    row("  unrealized", signed(parts.unrealized))
    row("  income", signed(parts.income))
    row("  fees", signed(parts.fees))
    row(
      "Time-weighted return", Self.percent(performance.returns.cumulative),
      mark.map { Self.percent($0.figures.returns.cumulative) })
    if overAYear {
      row(
        "  a year", Self.percent(performance.returns.annualized),
        mark.map { Self.percent($0.figures.returns.annualized) })
    }
    row(
      moneyWeightedLabel, Self.moneyWeighted(performance.moneyWeighted),
      mark.map { Self.moneyWeighted($0.figures.moneyWeighted) })
    row(
      "Max drawdown", Self.drawdown(performance.returns.drawdown),
      mark.map { Self.drawdown($0.figures.returns.drawdown) })
    lines += Self.aligned(rows, leftColumns: 1)
    lines += [""] + indexLines()
    if byCoin { lines += [""] + coinRows(money: money, signed: signed) }
    if !wallets.isEmpty { lines += [""] + walletRows(signed: signed) }
    if let per { lines += [""] + periodRows(per) }
    lines += notes()
    return lines.joined(separator: "\n") + "\n"
  }

  /// The time-weighted indices (1 before the first day) as sparklines on one scale, the
  /// portfolio's above the benchmark's, each with its first and last level.
  func indexLines(width: Int = 40) -> [String] {
    var series = [("Portfolio", [1] + performance.returns.index)]
    if let benchmark { series.append((benchmark.symbol, [1] + benchmark.figures.returns.index)) }
    let sampled = series.map { ($0.0, SparklineRenderer.resample($0.1, to: width), $0.1) }
    let all = sampled.flatMap(\.1).filter(\.isFinite)
    guard let low = all.min(), let high = all.max() else { return [] }
    let levels = (ascii ? SparklineRenderer.ascii : SparklineRenderer.blocks).levels
    let top = Double(levels.count - 1)
    let rows = sampled.map { label, points, whole -> [String] in
      let line = String(
        points.map { value -> Character in
          guard high > low, value.isFinite else { return levels[levels.count / 2] }
          return levels[
            max(0, min(levels.count - 1, Int(((value - low) / (high - low) * top).rounded())))]
        })
      let ends =
        NumberFormat.fixed(whole.first ?? 1, decimals: 2) + " to "
        + NumberFormat.fixed(whole.last ?? 1, decimals: 2)
      return [label, line, ends]
    }
    return Self.aligned(rows, leftColumns: 2)
  }

  private func coinRows(money: (Decimal) -> String, signed: (Decimal) -> String) -> [String] {
    var rows = [["Coin", "Start", "End", "Net flows", "Gain", "Contribution"]]
    for coin in performance.coins {
      rows.append([
        names.symbol(of: coin.coin), money(coin.parts.start), money(coin.parts.end),
        signed(coin.parts.netFlows), signed(coin.parts.gain), Self.percent(coin.contribution),
      ])
    }
    return Self.aligned(rows, leftColumns: 1)
  }

  private func walletRows(signed: (Decimal) -> String) -> [String] {
    let moneyWeighted = moneyWeightedIsAnnualized ? "Money-weighted, a year" : "Money-weighted"
    var rows = [["Wallet", "Net flows", "Gain", "Time-weighted", moneyWeighted]]
    for (wallet, figures) in wallets {
      rows.append([
        Sanitizer.printable(wallet), signed(figures.parts.netFlows), signed(figures.parts.gain),
        Self.percent(figures.returns.cumulative), Self.moneyWeighted(figures.moneyWeighted),
      ])
    }
    return Self.aligned(rows, leftColumns: 1)
  }

  private func periodRows(_ per: ReturnPeriod) -> [String] {
    var rows = [
      [per == .month ? "Month" : "Year", "Portfolio"] + (benchmark.map { [$0.symbol] } ?? [])
    ]
    for (label, days) in per.split(performance.days) {
      rows.append(
        [label, Self.percent(performance.returns.cumulative(over: days))]
          + (benchmark.map { [Self.percent($0.figures.returns.cumulative(over: days))] } ?? []))
    }
    return Self.aligned(rows, leftColumns: 1)
  }

  private func notes() -> [String] {
    var lines: [String] = []
    if case .undefined(let why) = performance.moneyWeighted {
      lines.append("Money-weighted return undefined: \(why).")
    }
    if let benchmark, let day = benchmark.figures.negativeFrom {
      lines.append(
        "\(benchmark.symbol) held a negative amount from \(Self.day(day)): the withdrawals were "
          + "more than it held.")
    }
    if !performance.uncountedFeeCurrencies.isEmpty {
      lines.append(
        "Fees in \(performance.uncountedFeeCurrencies.joined(separator: ", ")) are not counted "
          + "(no rate to \(performance.currency.uppercased())).")
    }
    if !sources.isEmpty { lines.append("Prices: \(sources.joined(separator: ", ")).") }
    return lines.isEmpty ? [] : [""] + lines
  }

  /// Columns padded to their widest cell: the first `leftColumns` to the left, the rest to the
  /// right, two spaces apart.
  static func aligned(_ rows: [[String]], leftColumns: Int) -> [String] {
    let count = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        let padding = String(repeating: " ", count: widths[index] - cell.count)
        return index < leftColumns ? cell + padding : padding + cell
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
