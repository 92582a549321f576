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

  /// Reads the files and resolves the watchlist; `nil` after reporting why it cannot start
  /// (`status` is then the exit status).
  static func prepare(_ options: WatchOptions, context: CommandContext, status: inout Int32)
    async -> WatchSetup?
  {
    var setup = WatchSetup(options: options, favorites: [])
    let store = context.portfolioStore(file: options.file)
    if options.portfolio {
      guard let holdings = context.loadPortfolio(from: store, status: &status) else { return nil }
      setup.holdings = holdings
    } else if context.terminal.isTerminal && !options.json {
      // Only for `p`: a portfolio that cannot be read is not this view's business.
      setup.holdings = try? store.load()
    }
    let favorites = context.favoritesStore()
    do {
      setup.favorites = try favorites.load()
    } catch {
      if options.favorites {
        status = context.fail(error.message, status: ExitCode.dataError)
        return nil
      }
      context.stderr.write("Warning: \(error.message)\n")
    }
    if options.favorites {
      guard !setup.favorites.isEmpty else {
        status = context.fail(
          "There are no favourites yet: mark one with f in `coins watch`, or name the coins "
            + "(`coins watch btc eth`).", status: ExitCode.failure)
        return nil
      }
      setup.watchlist = setup.favorites
    }
    if !options.coins.isEmpty {
      guard let ids = await resolve(options.coins, context: context, status: &status) else {
        return nil
      }
      setup.watchlist = ((setup.watchlist ?? []) + ids).uniquedInOrder()
    }
    return setup
  }

  /// The coins as typed, resolved as `portfolio add` resolves them; `nil` after reporting why
  /// one cannot be.
  static func resolve(_ coins: [String], context: CommandContext, status: inout Int32)
    async -> [String]?
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
      status = context.fail(error.message, status: error.exitCode)
      return nil
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
