import CoinsModel
import CoinsPresentation
import CoinsTerminal

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the person at the keyboard has asked `coins watch` for: the highlighted row and the
/// scroll, the order, the filter, favourites only, the coin opened, the help overlay. A pure
/// state machine: ``handle(_:rowIDs:pageSize:now:)`` takes a key and says what to do.
package struct WatchInteraction: Sendable, Equatable {
  /// The screen on view.
  package enum Screen: Sendable, Equatable {
    /// The list of coins (or holdings).
    case list
    /// One coin in detail, by id.
    case detail(String)
    /// Every key, over the list.
    case help
    /// A market-wide search's results (``search``), when nothing loaded matched the filter.
    case search
  }

  /// What a key asks the watch to do besides redrawing.
  package enum Effect: Sendable, Equatable {
    /// Redraw (the state changed) — or nothing to do.
    case redraw
    /// End the watch.
    case quit
    /// Fetch now.
    case refreshNow
    /// Mark or unmark the coin as a favourite.
    case toggleFavorite(String)
    /// Fetch the coin's history over the range, for its detail view.
    case loadHistory(String, HistoryRange)
    /// Search all of CoinGecko for the text (`/search`), for ``search``.
    case search(String)
    /// Fetch the market row of a coin found by the search, for its detail view.
    case loadCoin(String)
  }

  /// The detail view's range keys: `1` day, `7` days, `3`0 days, a `y`ear, `m`ax.
  static let rangeKeys: [Character: HistoryRange] = [
    "1": .day, "7": .week, "3": .month, "y": .year, "m": .max,
  ]

  /// Pressing `R` more often than this asks nothing more of the API.
  static let manualRefreshSpacing: Double = 10

  package var screen = Screen.list
  /// The highlighted row, counted in the rows on view.
  package var selected = 0
  /// The first row on screen.
  package var scroll = 0
  /// The market list's order.
  package var sort: SortKey
  /// The portfolio's order; `nil`: the file's.
  package var portfolioSort: PortfolioSortKey?
  /// The order on view reversed.
  package var reverse: Bool
  /// Shown rows are those whose symbol or name contains this (case-insensitive).
  package var filter = ""
  /// Typing goes into the filter (`/` until Enter or Esc).
  package var isEditingFilter = false
  package var favoritesOnly = false
  /// The portfolio instead of the market.
  package var showsPortfolio: Bool
  /// When `R` last asked for a refresh.
  var lastManualRefresh: Date?
  /// A one-line notice for the status line (e.g. why `R` did nothing), until the next key.
  package var notice: String?
  /// The range of the detail view's chart (7 days, the market's sparkline, when opened).
  package var detailRange = HistoryRange.week
  /// The market-wide search on view (or under the detail view it opened), if any.
  package var search: WatchSearch?

  package init(
    sort: SortKey, portfolioSort: PortfolioSortKey? = nil, reverse: Bool, showsPortfolio: Bool
  ) {
    self.sort = sort
    self.portfolioSort = portfolioSort
    self.reverse = reverse
    self.showsPortfolio = showsPortfolio
  }

  /// Handles one key, given the ids of the rows on view (in order) and how many fit on screen.
  package mutating func handle(_ key: Key, rowIDs: [String], pageSize: Int, now: Date) -> Effect {
    notice = nil
    switch screen {
    case .help:
      if key == .character("q") { return .quit }
      screen = search == nil ? .list : .search
      return .redraw
    case .search:
      return handleSearchKey(key, pageSize: max(1, pageSize))
    case .detail(let id):
      switch key {
      case .character("q"): return .quit
      case .escape, .backspace: screen = search == nil ? .list : .search
      case .character("?"): screen = .help
      case .character(let character):
        guard let range = Self.rangeKeys[character] else { break }
        detailRange = range
        return range == .week ? .redraw : .loadHistory(id, range)
      default: break
      }
      return .redraw
    case .list:
      if isEditingFilter { return editFilter(key, rowIDs: rowIDs) }
      return handleListKey(key, rowIDs: rowIDs, pageSize: max(1, pageSize), now: now)
    }
  }

  /// A key typed into the filter; `rowIDs` are the rows the filter leaves.
  private mutating func editFilter(_ key: Key, rowIDs: [String]) -> Effect {
    switch key {
    case .character(let character): filter.append(character)
    case .backspace: if !filter.isEmpty { filter.removeLast() }
    case .enter:
      isEditingFilter = false
      if rowIDs.isEmpty, let effect = searchMarket() { return effect }
    case .escape:
      filter = ""
      isEditingFilter = false
    default: break
    }
    selected = 0
    scroll = 0
    return .redraw
  }

  private mutating func handleListKey(_ key: Key, rowIDs: [String], pageSize: Int, now: Date)
    -> Effect
  {
    let last = max(0, rowIDs.count - 1)
    switch key {
    case .up, .character("k"): selected = max(0, selected - 1)
    case .down, .character("j"): selected = min(last, selected + 1)
    case .pageUp: selected = max(0, selected - pageSize)
    case .pageDown: selected = min(last, selected + pageSize)
    case .home, .character("g"): selected = 0
    case .end, .character("G"): selected = last
    case .character("s"):
      if showsPortfolio {
        // The file's order, then each key in turn, then the file's order again.
        let keys: [PortfolioSortKey?] = [nil] + PortfolioSortKey.allCases
        portfolioSort = keys[((keys.firstIndex(of: portfolioSort) ?? 0) + 1) % keys.count]
      } else {
        let keys = SortKey.allCases
        sort = keys[((keys.firstIndex(of: sort) ?? 0) + 1) % keys.count]
      }
      reverse = false
    case .character("S"): reverse.toggle()
    case .character("/"):
      isEditingFilter = true
      return .redraw
    case .escape:
      filter = ""
    case .enter:
      if rowIDs.indices.contains(selected) {
        screen = .detail(rowIDs[selected])
        detailRange = .week
      } else if let effect = searchMarket() {
        return effect
      }
    case .character("f"):
      if rowIDs.indices.contains(selected) { return .toggleFavorite(rowIDs[selected]) }
    case .character("w"):
      favoritesOnly.toggle()
      selected = 0
    case .character("p"):
      showsPortfolio.toggle()
      selected = 0
    case .character("R"):
      if let lastManualRefresh, now.timeIntervalSince(lastManualRefresh) < Self.manualRefreshSpacing
      {
        notice = "Refreshed moments ago: R asks again at most every 10 s."
        return .redraw
      }
      lastManualRefresh = now
      return .refreshNow
    case .character("?"): screen = .help
    case .character("q"): return .quit
    default: break
    }
    scrollToSelection(pageSize: pageSize, rowCount: rowIDs.count)
    return .redraw
  }

  /// Whether the filter has text worth searching all of CoinGecko for (when nothing loaded
  /// matches it).
  package var searchableFilter: String? {
    var query = Substring(filter)
    while query.first?.isWhitespace == true { query.removeFirst() }
    while query.last?.isWhitespace == true { query.removeLast() }
    return query.isEmpty ? nil : String(query)
  }

  /// Starts a market-wide search for the filter's text, if it has any.
  private mutating func searchMarket() -> Effect? {
    guard let query = searchableFilter else { return nil }
    search = WatchSearch(query: query)
    screen = .search
    return .search(query)
  }

  /// A key on the search's results: move, open, mark a favourite, or go back to the list
  /// (the filter cleared: it matched nothing loaded).
  private mutating func handleSearchKey(_ key: Key, pageSize: Int) -> Effect {
    guard var search else {
      screen = .list
      return .redraw
    }
    let last = max(0, search.results.count - 1)
    switch key {
    case .up, .character("k"): search.selected = max(0, search.selected - 1)
    case .down, .character("j"): search.selected = min(last, search.selected + 1)
    case .pageUp: search.selected = max(0, search.selected - pageSize)
    case .pageDown: search.selected = min(last, search.selected + pageSize)
    case .home, .character("g"): search.selected = 0
    case .end, .character("G"): search.selected = last
    case .enter:
      guard let id = search.selectedID else { break }
      screen = .detail(id)
      detailRange = .week
      return .loadCoin(id)
    case .character("f"):
      if let id = search.selectedID { return .toggleFavorite(id) }
    case .escape, .backspace, .character("/"):
      self.search = nil
      screen = .list
      filter = ""
      isEditingFilter = key == .character("/")
      selected = 0
      scroll = 0
      return .redraw
    case .character("?"): screen = .help
    case .character("q"): return .quit
    default: break
    }
    if search.selected < search.scroll { search.scroll = search.selected }
    if search.selected >= search.scroll + pageSize {
      search.scroll = search.selected - pageSize + 1
    }
    self.search = search
    return .redraw
  }

  /// Highlights the row of `id` in `rowIDs` (the rows in their new order), scrolled into view;
  /// the first row when it is not among them.
  mutating func follow(_ id: String, in rowIDs: [String], pageSize: Int) {
    selected = rowIDs.firstIndex(of: id) ?? 0
    scrollToSelection(pageSize: max(1, pageSize), rowCount: rowIDs.count)
  }

  /// Keeps the highlighted row on screen and the scroll within the rows.
  mutating func scrollToSelection(pageSize: Int, rowCount: Int) {
    selected = min(max(0, selected), max(0, rowCount - 1))
    if selected < scroll { scroll = selected }
    if selected >= scroll + pageSize { scroll = selected - pageSize + 1 }
    scroll = min(max(0, scroll), max(0, rowCount - pageSize))
  }

  /// The order on view as the header says it: `rank ↑`, `24h ↓`, `value ↓`, `the file's order`.
  package var orderWords: String {
    if showsPortfolio, portfolioSort == nil {
      return reverse ? "the file's order, reversed" : "the file's order"
    }
    let (name, descendingByDefault) =
      showsPortfolio
      ? (portfolioSort?.rawValue ?? "", portfolioSort?.descendingByDefault ?? false)
      : (sort.rawValue, sort.descendingByDefault)
    return name + (descendingByDefault != reverse ? " ↓" : " ↑")
  }

  /// The header of the column the rows on view are ordered by.
  package var sortedColumn: String? {
    showsPortfolio ? portfolioSort?.column : sort.column
  }

  /// Whether the order on view is the one a watch starts with when no `--sort` is given.
  package var isDefaultOrder: Bool {
    !reverse && (showsPortfolio ? portfolioSort == nil : sort == .rank)
  }

  /// Whether a row with this symbol and name passes the filter.
  package func matches(symbol: String, name: String) -> Bool {
    guard !filter.isEmpty else { return true }
    let needle = filter.lowercased()
    return symbol.lowercased().contains(needle) || name.lowercased().contains(needle)
  }
}
