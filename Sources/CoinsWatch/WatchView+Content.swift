import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsTerminal

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WatchView {
  /// The rows on view and their frame content.
  struct Shown {
    var content: WatchFrame.Content
    var rowIDs: [String]

    /// Prices by id, for the ▲/▼ markers of the next tick.
    var prices: [String: Double] {
      switch content {
      case .market(let coins, _):
        Dictionary(coins.compactMap { coin in coin.price.map { (coin.id, $0) } }) { a, _ in a }
      case .portfolio(let snapshot):
        Dictionary(snapshot.rows.compactMap { row in row.price.map { (row.id, $0) } }) { a, _ in
          a
        }
      }
    }
  }

  /// The market rows of `snapshot`: the watchlist or the top `--top`, filtered and ordered as
  /// the keyboard chose (on a pipe, as the options say).
  func rows(of snapshot: MarketSnapshot, in state: State) -> [Coin] {
    let interaction = state.interaction
    var coins: [Coin]
    if let watchlist {
      let wanted = Set(watchlist)
      coins = snapshot.coins.filter { wanted.contains($0.id) }
    } else {
      coins = snapshot.top(options.count)
    }
    coins = coins.filter { interaction.matches(symbol: $0.symbol, name: $0.name) }
    if interaction.favoritesOnly {
      let favorites = Set(state.favorites)
      coins = coins.filter { favorites.contains($0.id) }
    }
    return interaction.sort.sort(coins, reverse: interaction.reverse)
  }

  /// What is on view: the market or the portfolio, filtered; `nil` before any data.
  func content(of state: State) -> Shown? {
    guard let market = state.market else { return nil }
    guard state.interaction.showsPortfolio else {
      let coins = rows(of: market, in: state)
      return Shown(content: .market(coins, market), rowIDs: coins.map(\.id))
    }
    // HomeModel's snapshot, valued in the market on view: both arrive together.
    guard let portfolio = state.portfolio else { return nil }
    var snapshot = ordered(portfolio, in: state)
    let favorites = Set(state.favorites)
    snapshot.rows = snapshot.rows.filter { row in
      state.interaction.matches(symbol: row.symbol, name: row.name)
        && (!state.interaction.favoritesOnly || favorites.contains(row.id))
    }
    return Shown(content: .portfolio(snapshot), rowIDs: snapshot.rows.map(\.id))
  }

  /// The holdings in the order the keys (or `--sort`) chose: the file's unless asked; those
  /// at zero left out unless `--all` asked for them (the totals keep what they realized).
  func ordered(_ snapshot: PortfolioSnapshot, in state: State) -> PortfolioSnapshot {
    var ordered = snapshot
    if !options.showsZeroHoldings { ordered.rows.removeAll { $0.amount == 0 } }
    let interaction = state.interaction
    if let key = interaction.portfolioSort {
      ordered.rows = key.sort(ordered.rows, reverse: interaction.reverse)
    } else if interaction.reverse {
      ordered.rows.reverse()
    }
    return ordered
  }

  /// The list's name in the title: the watchlist, the favourites, or the top `--top` (when
  /// keys narrow it, it is still the top that many).
  var listName: String? {
    if options.favoritesList { return "Favourites" }
    if let watchlist { return "Watchlist of \(watchlist.count)" }
    return isFullScreen ? "Top \(options.count)" : nil
  }

  /// The frame of the list, with the cursor on a terminal.
  func frame(of state: State, shown: Shown? = nil) -> WatchFrame? {
    guard let shown = shown ?? content(of: state) else { return nil }
    let interaction = state.interaction
    let cursor = WatchCursor(
      selected: interaction.selected, scroll: interaction.scroll, order: interaction.orderWords,
      filter: interaction.filter,
      isEditingFilter: interaction.isEditingFilter, favoritesOnly: interaction.favoritesOnly,
      favorites: Set(state.favorites), notice: interaction.notice ?? searchOffer(state, shown))
    var frame = WatchFrame(
      content: shown.content, previousPrices: state.previousPrices,
      style: context.style, sparkline: options.ascii ? .ascii : .blocks,
      alerts: state.alerts, cursor: isFullScreen ? cursor : nil, listName: listName,
      sortedColumn: interaction.sortedColumn,
      order: interaction.isDefaultOrder ? nil : interaction.orderWords)
    if interaction.showsPortfolio, !options.showsZeroHoldings {
      frame.zeroHoldingsHidden = state.portfolio?.rows.count { $0.amount == 0 } ?? 0
    }
    return frame
  }

  /// The full screen: the list, the help, or one coin in detail.
  func screenLines(of state: State, now: Date, size: (columns: Int, rows: Int)) -> [String]? {
    var fitted = state
    let shown = content(of: state)
    if let shown {
      fitted.interaction.scrollToSelection(
        pageSize: max(1, size.rows - 5), rowCount: shown.rowIDs.count)
    }
    guard let frame = frame(of: fitted, shown: shown), let market = state.market else {
      return nil
    }
    switch state.interaction.screen {
    case .list:
      return frame.screen(
        now: now, nextRefresh: market.nextRefresh, width: size.columns, height: size.rows)
    case .help:
      return WatchHelp.lines.prefix(size.rows).map { DisplayWidth.truncate($0, to: size.columns) }
    case .search:
      guard let search = state.interaction.search else { return nil }
      return WatchSearchFrame(
        search: search, favorites: Set(state.favorites), notice: state.interaction.notice,
        style: context.style
      ).screen(width: size.columns, height: size.rows)
    case .detail(let id):
      let lines = detailLines(id, state: state, market: market, now: now, size: size)
      return lines.prefix(size.rows).map { line in
        DisplayWidth.of(WatchFrame.visible(line)) > size.columns
          ? DisplayWidth.truncate(WatchFrame.visible(line), to: size.columns) : line
      }
    }
  }

  /// One coin: the `info` view, with its chart over the range the keys chose.
  private func detailLines(
    _ id: String, state: State, market: MarketSnapshot, now: Date, size: (columns: Int, rows: Int)
  ) -> [String] {
    let range = state.interaction.detailRange
    let style = context.style
    let title =
      "coins watch · chart \(range.rawValue) (1 7 3 y m) · Esc or Backspace: back · "
      + (state.interaction.notice ?? "q quits")
    guard let coin = market.coin(id: id) ?? state.searchedCoins[id]?.coin else {
      return [title, ""] + missingCoinLines(id, state: state)
    }
    let currency = CurrencyStyle(code: market.currency).ascii(options.ascii)
    let info = CoinInfoView(currency: currency, style: style, ascii: options.ascii)
    guard range != .week else {
      return [title] + info.lines(coin, snapshot: market, now: now, width: size.columns)
    }
    var lines =
      [title]
      + info.lines(
        coin, snapshot: market, now: now, width: size.columns, sparklineChart: false) + [""]
    guard let history = state.histories["\(id) \(range.rawValue)"] else {
      return lines + ["Fetching the \(range.rawValue) history…"]
    }
    let chart = ChartView(
      height: max(8, size.rows - lines.count - 6), ascii: options.ascii, candles: false,
      currency: currency, style: style)
    lines += chart.lines(
      history, of: ChartSubject(id: coin.id, symbol: coin.symbol, name: coin.name),
      asked: .range(range), now: now, width: size.columns)
    return lines
  }
}
