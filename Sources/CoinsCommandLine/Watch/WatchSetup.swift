import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `coins watch` needs before its first fetch: the holdings (for `--portfolio`, and for
/// `p` in the interactive view), the favourites, and the coins of a watchlist resolved to ids.
struct WatchSetup {
  var options: WatchOptions
  var holdings: Portfolio?
  var favorites: [String]
  var watchlist: [String]?

  /// Reads the files and resolves the watchlist; a failure when the view cannot start.
  static func prepare(_ options: WatchOptions, context: CommandContext)
    async throws(CommandFailure) -> WatchSetup
  {
    var setup = WatchSetup(options: options, favorites: [])
    let store = context.portfolioStore(file: options.file)
    if options.portfolio {
      setup.holdings = try context.loadPortfolio(from: store)
    } else if context.terminal.isTerminal && !options.json {
      // Only for `p`: a portfolio that cannot be read is not this view's business.
      setup.holdings = try? store.load()
    }
    let favorites = context.favoritesStore()
    do {
      setup.favorites = try favorites.load()
    } catch {
      if options.favorites { throw CommandFailure(error.message, kind: .badData) }
      context.stderr.write("Warning: \(error.message)\n")
    }
    if options.favorites {
      guard !setup.favorites.isEmpty else {
        throw CommandFailure(
          "There are no favourites yet: mark one with f in `coins watch`, or name the coins "
            + "(`coins watch btc eth`).")
      }
      setup.watchlist = setup.favorites
    }
    if !options.coins.isEmpty {
      let ids = try await resolve(options.coins, context: context)
      setup.watchlist = ((setup.watchlist ?? []) + ids).uniquedInOrder()
    }
    return setup
  }

  /// The coins as typed, resolved as `portfolio add` resolves them; a failure when one cannot
  /// be.
  static func resolve(_ coins: [String], context: CommandContext)
    async throws(CommandFailure) -> [String]
  {
    let market = MarketOptions()
    let lookup = CoinLookup(
      service: context.makeService(options: market), currency: market.currency,
      maxAge: market.maxAge)
    var ids: [String] = []
    do {
      let (snapshot, _) = try await lookup.marketSnapshot()
      for coin in coins {
        ids.append(try await lookup.find(coin, isID: false, in: snapshot).0.id)
      }
    } catch {
      throw CommandFailure(error)
    }
    return ids
  }

  /// The request of every refresh: the top (a page of 250) or, for a watchlist, one `ids`
  /// request; plus the holdings and the coins of the alert rules.
  func request(alerts: WatchAlerts) -> MarketRequest {
    let extra = (watchlist ?? []) + (holdings?.holdings.map(\.id) ?? []) + alerts.coinIDs
    return MarketRequest(
      currency: options.market.currency,
      count: watchlist != nil ? 0 : (options.portfolio ? 250 : options.count),
      extraIDs: extra.uniquedInOrder(), maxAge: options.market.maxAge, allowFallback: false)
  }
}
