import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One screen of `coins watch`: a header saying what is shown, how fresh it is and when the
/// next refresh comes; the table; and a status line when the data is not live.
package struct WatchFrame {
  /// What the frame shows.
  package enum Content {
    /// Market rows, already chosen and ordered, from this snapshot.
    case market([Coin], MarketSnapshot)
    /// The portfolio valued against a snapshot.
    case portfolio(PortfolioSnapshot)

    package var market: MarketSnapshot {
      switch self {
      case .market(_, let snapshot): snapshot
      case .portfolio(let snapshot): snapshot.market
      }
    }
  }

  var content: Content
  /// Prices of the previous tick by id, for the movement markers.
  var previousPrices: [String: Double]?
  var style: TextStyle
  var sparkline: SparklineRenderer
  /// Alerts that fired during the watch, newest last: shown in the status line, their rows
  /// marked with `!`.
  var alerts: [FiredAlert] = []
  /// The keyboard's choices, in an interactive watch: the highlight, scroll, order, filter.
  var cursor: WatchCursor?
  /// What the list is, when not the top as many as shown: `Watchlist`, `Top 40` (filtered).
  var listName: String?
  /// The header of the column the market rows are ordered by, kept when the width runs out.
  package var sortedColumn: String?
  /// The order, when not the one a watch starts with (`value ↓`): a plain frame's header says
  /// it (a terminal's says it always, in the cursor's line).
  var order: String?
  /// How many holdings at zero the portfolio view leaves out (without `--all`): when they are
  /// all it has, the frame says so rather than that the portfolio is empty.
  package var zeroHoldingsHidden = 0

  /// The smallest screen the view draws on.
  package static let minimumSize = (columns: 40, rows: 10)

  /// The lines for a terminal of `width` × `height` (rows beyond the height are cut).
  package func screen(now: Date, nextRefresh: Date?, width: Int, height: Int) -> [String] {
    if width < Self.minimumSize.columns || height < Self.minimumSize.rows {
      return [
        "Terminal too small: coins watch needs \(Self.minimumSize.columns)×"
          + "\(Self.minimumSize.rows) (now \(width)×\(height)).", "q quits",
      ].map { DisplayWidth.truncate($0, to: max(1, width)) }
    }
    // What a person must not miss comes first and is never cut: the header's parts wrap onto
    // a second line, each status sentence onto as many as it needs; the table gives way.
    var lines = LineLayout.packed(headerSegments(now: now, nextRefresh: nextRefresh), width: width)
    if let cursor {
      lines += LineLayout.packed([cursor.headerWords, "? keys", "q quits"], width: width)
        .map { style.apply(.dim, to: $0) }
    }
    let status = statusSentences(now: now, nextRefresh: nextRefresh).flatMap { sentence in
      LineLayout.wrapped(sentence.text, width: width).map { line in
        sentence.color.map { style.apply($0, to: line) } ?? line
      }
    }
    let room = max(2, height - lines.count - status.count)
    var body = table(width: cursor == nil ? width : width - 2)
    if let cursor, !holdsNothing {
      body = Self.scrolled(body, cursor: cursor, room: room, style: style)
    } else if body.count > room {
      body = Array(body.prefix(room))
    }
    lines += body
    lines += status
    return lines.map { DisplayWidth.of(Self.visible($0)) > width ? Self.cut($0, to: width) : $0 }
  }

  /// A plain frame for a pipe: a line with the time and freshness, the table, the status.
  package func plain(now: Date, width: Int) -> [String] {
    let market = content.market
    var lines = [
      "== \(SnapshotLabel.timestamp(now)) · \(title) · "
        + (order.map { "sorted by \($0) · " } ?? "")
        + SnapshotLabel.freshness(of: market, now: now) + " =="
    ]
    lines += table(width: width)
    lines += [statusLine(now: now, nextRefresh: nil), alertLine].compactMap { $0 }
    return lines
  }

  private var title: String {
    let currency = CurrencyStyle(code: content.market.currency).displayCode
    switch content {
    case .market(let coins, _): return "\(listName ?? "Top \(coins.count)") in \(currency)"
    case .portfolio: return "Portfolio in \(currency)"
    }
  }

  /// The header's parts, in the order they are read: what is shown, how fresh it is, the
  /// countdown (and, on a pipe's terminal-less frame, how to quit).
  private func headerSegments(now: Date, nextRefresh: Date?) -> [String] {
    let market = content.market
    let freshness: String
    switch market.source {
    case .live:
      freshness = "live, updated \(String(SnapshotLabel.timestamp(market.asOf).dropFirst(11)))"
    case .cache:
      // The time is in the status line's reason, when there is one; the header stays short.
      freshness = "CACHED \(SnapshotLabel.age(now.timeIntervalSince(market.asOf))) ago, not live"
    case .sample:
      freshness = "SAMPLE DATA, not live"
    }
    var segments = [
      "coins watch · \(title)",
      style.apply(market.source == .live ? .green : .yellow, to: freshness),
    ]
    if let nextRefresh { segments.append(Self.countdown(to: nextRefresh, now: now)) }
    if cursor == nil { segments.append("q quits") }
    return segments
  }

  /// The table's header line, then the rows from the cursor's scroll that fit in `room`, each
  /// behind a two-cell gutter: `▶ ` (and inverse video) on the highlighted one.
  static func scrolled(_ table: [String], cursor: WatchCursor, room: Int, style: TextStyle)
    -> [String]
  {
    guard let heading = table.first else { return [] }
    let rows = Array(table.dropFirst())
    let shown = rows.dropFirst(cursor.scroll).prefix(max(1, room - 1))
    var lines = ["  " + heading]
    for (index, row) in zip(shown.indices, shown) {
      lines.append(
        index == cursor.selected ? style.apply(.inverse, to: "▶ " + visible(row)) : "  " + row)
    }
    if rows.isEmpty { lines.append("  (no coin matches)") }
    return lines
  }

  /// `next refresh in 12 s`; once the refresh is due and under way, how long it has waited:
  /// `waiting for CoinGecko (12 s)` (never a countdown stuck at 0).
  static func countdown(to nextRefresh: Date, now: Date) -> String {
    let seconds = nextRefresh.timeIntervalSince(now)
    guard seconds <= 0 else { return "next refresh in \(Int(seconds.rounded(.up))) s" }
    return "waiting for CoinGecko (\(Int((-seconds).rounded(.down))) s)"
  }

  /// The status area's sentences, most important first: why the data is not live, the newest
  /// fired alert, a notice — each in its color.
  private func statusSentences(now: Date, nextRefresh: Date?) -> [(
    text: String, color: TextStyle.Color?
  )] {
    var sentences: [(text: String, color: TextStyle.Color?)] = []
    if let reason = notLiveText(now: now, nextRefresh: nextRefresh) {
      sentences.append((reason, .yellow))
    }
    if let alert = alertText { sentences.append((alert, .red)) }
    if let notice = cursor?.notice { sentences.append((notice, nil)) }
    return sentences
  }

  /// Why the data is not live — on its own line, beside a fired alert's, never hidden by it.
  private func statusLine(now: Date, nextRefresh: Date?) -> String? {
    notLiveText(now: now, nextRefresh: nextRefresh).map { style.apply(.yellow, to: $0) }
  }

  private func notLiveText(now: Date, nextRefresh: Date?) -> String? {
    let market = content.market
    guard market.source != .live else { return nil }
    let reason =
      market.staleReason
      ?? (market.source == .cache
        ? "the cached answer of \(SnapshotLabel.timestamp(market.asOf))"
        : "the sample data bundled with coins")
    var text = "Not live: \(Sentence.ended(reason))"
    if let nextRefresh, nextRefresh > now {
      text += " Retrying in \(Int(nextRefresh.timeIntervalSince(now).rounded(.up))) s."
    }
    return text
  }

  /// The newest fired alert (and how many more), e.g. `Alert: BTC above $52,000.00: now …`.
  private var alertLine: String? {
    alertText.map { style.apply(.red, to: $0) }
  }

  private var alertText: String? {
    guard let newest = alerts.last else { return nil }
    let more = alerts.count > 1 ? " (+\(alerts.count - 1) more)" : ""
    return "Alert: " + AlertText.fired(newest) + more
  }

  /// The ids of the coins whose alert fired, for the `!` beside their symbol.
  private var alertedIDs: Set<String> { Set(alerts.compactMap(\.rule.target.coinID)) }

  private func table(width: Int) -> [String] {
    let currency = CurrencyStyle(code: content.market.currency).ascii(
      sparkline == .ascii)
    let marked = alertedIDs
    let favorites = cursor?.favorites ?? []
    switch content {
    case .market(var coins, _):
      for index in coins.indices where marked.contains(coins[index].id) {
        coins[index].symbol += " !"
      }
      for index in coins.indices where favorites.contains(coins[index].id) {
        coins[index].symbol = "★ " + coins[index].symbol
      }
      return MarketTable(
        currency: currency, sparkline: sparkline, style: style, sortedColumn: sortedColumn
      )
      .render(coins, width: width, previousPrices: previousPrices)
    case .portfolio(var snapshot):
      for index in snapshot.rows.indices where marked.contains(snapshot.rows[index].id) {
        snapshot.rows[index].symbol += " !"
      }
      for index in snapshot.rows.indices where favorites.contains(snapshot.rows[index].id) {
        snapshot.rows[index].symbol = "★ " + snapshot.rows[index].symbol
      }
      if holdsNothing, zeroHoldingsHidden > 0 {
        return LineLayout.wrapped(
          String(PortfolioListing.allAtZeroMessage.dropLast()), width: width, indent: "")
      }
      if holdsNothing {
        return PortfolioListing.emptyMessage.split(separator: "\n").map(String.init)
      }
      // Holdings the keys' filter or favourites hide all: an empty heading, then the cursor's
      // `(no coin matches)`.
      if snapshot.rows.isEmpty { return [""] }
      return PortfolioTable(
        currency: currency, sparkline: sparkline, style: style, sortedColumn: sortedColumn
      )
      .render(snapshot, width: width, previousPrices: previousPrices)
    }
  }

  /// A portfolio with no holdings at all (not one whose holdings the filter hides): the
  /// frame says so once, with the command that adds a coin.
  private var holdsNothing: Bool {
    guard case .portfolio(let snapshot) = content, snapshot.rows.isEmpty else { return false }
    return cursor.map { $0.filter.isEmpty && !$0.favoritesOnly } ?? true
  }

  /// The text without color codes (the only escapes frames contain).
  package static func visible(_ line: String) -> String {
    var result = ""
    var inEscape = false
    for character in line {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character.isLetter { inEscape = false }
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A line cut to `width` visible cells (its color is dropped).
  static func cut(_ line: String, to width: Int) -> String {
    DisplayWidth.truncate(visible(line), to: width)
  }

  /// Creates a value from its parts.
  package init(
    content: Content, previousPrices: [String: Double]? = nil, style: TextStyle,
    sparkline: SparklineRenderer, alerts: [FiredAlert] = [], cursor: WatchCursor? = nil,
    listName: String? = nil, sortedColumn: String? = nil, order: String? = nil
  ) {
    self.order = order
    self.sortedColumn = sortedColumn
    self.listName = listName
    self.cursor = cursor
    self.alerts = alerts
    self.content = content
    self.previousPrices = previousPrices
    self.style = style
    self.sparkline = sparkline
  }
}
