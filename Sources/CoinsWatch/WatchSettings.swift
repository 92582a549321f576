import CoinsPresentation

/// What the watch's screen was asked for on the command line: the interval, the list, its
/// order and how it is drawn. The command fills it from its options.
package struct WatchSettings: Sendable, Equatable {
  /// Seconds between refreshes.
  package var interval: Double
  /// How many coins of the top, when no watchlist is given.
  package var count: Int
  /// The portfolio on view at the start instead of the market.
  package var portfolio: Bool
  /// The column the market list is ordered by at the start.
  package var sort: SortKey
  /// The column the portfolio is ordered by at the start; `nil`: the file's order.
  package var portfolioSort: PortfolioSortKey?
  /// The holdings at zero listed in the portfolio view (`--all`); hidden otherwise, as
  /// `portfolio value` hides them.
  package var showsZeroHoldings: Bool
  /// The order reversed at the start.
  package var reverse: Bool
  /// One JSON object per line on a pipe instead of frames.
  package var json: Bool
  /// Plain ASCII sparklines and currency signs.
  package var ascii: Bool
  /// Ring the terminal bell when an alert fires.
  package var bell: Bool
  /// The list is the favourites alone (titled so).
  package var favoritesList: Bool

  /// Each member as given.
  package init(
    interval: Double, count: Int, portfolio: Bool, sort: SortKey, reverse: Bool, json: Bool,
    ascii: Bool, bell: Bool, favoritesList: Bool, portfolioSort: PortfolioSortKey? = nil,
    showsZeroHoldings: Bool = false
  ) {
    self.showsZeroHoldings = showsZeroHoldings
    self.portfolioSort = portfolioSort
    self.interval = interval
    self.count = count
    self.portfolio = portfolio
    self.sort = sort
    self.reverse = reverse
    self.json = json
    self.ascii = ascii
    self.bell = bell
    self.favoritesList = favoritesList
  }
}
