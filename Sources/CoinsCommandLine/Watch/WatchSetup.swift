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
  /// Why each coin of the watchlist that is not watched was not found (the watch starts with
  /// the others and says so).
  var unknownCoins: [String] = []

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
      let (ids, unknown) = try await resolve(
        options.coins, market: options.market, context: context)
      setup.watchlist = ((setup.watchlist ?? []) + ids).uniquedInOrder()
      setup.unknownCoins = unknown.map(\.message)
    }
    return setup
  }

  /// The coins as typed, resolved as `portfolio add` resolves them, in `market`'s currency and
  /// with its timeout: the ids of those found, and why each of the others was not (a coin no
  /// one knows). A failure when CoinGecko is needed and fails, or when no coin is found.
  static func resolve(_ coins: [String], market: MarketOptions, context: CommandContext)
    async throws(CommandFailure) -> (ids: [String], unknown: [CoinLookup.Failure])
  {
    let lookup = CoinLookup(
      service: context.makeService(options: market), currency: market.currency,
      maxAge: market.maxAge)
    var ids: [String] = []
    var unknown: [CoinLookup.Failure] = []
    do {
      let (snapshot, _) = try await lookup.marketSnapshot()
      for coin in coins {
        do {
          ids.append(try await lookup.find(coin, isID: false, in: snapshot).0.id)
        } catch .unknown(let query, let suggestions) {
          unknown.append(.unknown(query: query, suggestions: suggestions))
        }
      }
    } catch {
      throw CommandFailure(error)
    }
    if ids.isEmpty, let first = unknown.first {
      throw CommandFailure(
        messages: unknown.map(\.message), kind: first.isUnavailable ? .unavailable : .other)
    }
    return (ids, unknown)
  }

  /// The request of every refresh: the top (a page of 250) or, for a watchlist, one `ids`
  /// request; plus the holdings and the coins of the alert rules.
  func request(alerts: WatchAlerts) -> MarketRequest {
    MarketRequest.watch(
      currency: options.market.currency, top: options.count, watchlist: watchlist,
      portfolio: options.portfolio, held: holdings?.holdings.map(\.id) ?? [],
      alertCoins: alerts.coinIDs, maxAge: options.market.maxAge)
  }
}
