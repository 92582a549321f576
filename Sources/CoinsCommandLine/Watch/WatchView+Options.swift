import CoinsWatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WatchView {
  /// The view `options` ask for, drawing where `context` writes, in its colours and on its
  /// clock.
  package convenience init(
    options: WatchOptions, context: CommandContext, favorites: [String] = [],
    watchlist: [String]? = nil, clockStart: Date? = nil
  ) {
    self.init(
      options: options.settings,
      context: WatchOutput(
        stdout: context.stdout, terminal: context.terminal,
        style: context.style(options.market.color), timeSource: context.timeSource),
      favorites: favorites, watchlist: watchlist, clockStart: clockStart)
  }
}

extension WatchOptions {
  /// What the screen needs of the options.
  package var settings: WatchSettings {
    WatchSettings(
      interval: interval, count: count, portfolio: portfolio, sort: sort, reverse: reverse,
      json: json, ascii: ascii, bell: bell, favoritesList: favorites && coins.isEmpty,
      portfolioSort: portfolioSort, showsZeroHoldings: all)
  }
}
