import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins top`: gets the market, orders it, prints a table, JSON or CSV.
package struct TopCommand: RunnableCommand, Equatable {
  package let options: TopOptions

  package var marketMaxAge: Double? { options.market.maxAge }
  /// `--utc`.
  package var displaysUTC: Bool { options.market.utc }

  package func run(in context: CommandContext) async -> Int32 {
    var status = ExitCode.success
    guard let list = await chosenCoins(context, status: &status) else { return status }
    let service = context.makeService(options: options.market)
    let request = MarketRequest(
      currency: options.market.currency, count: list.isEmpty ? options.count : 0,
      extraIDs: list, maxAge: options.market.maxAge, allowFallback: !options.market.liveOnly,
      category: options.category)
    let snapshot: MarketSnapshot
    do {
      snapshot = try await service.snapshot(for: request)
    } catch {
      return context.fail(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(snapshot, now: now)
    if let category = options.category, snapshot.coins.isEmpty {
      return context.fail(
        "CoinGecko has no coins in the category '\(category)'. See `coins categories` for the "
          + "ids.", status: ExitCode.failure)
    }
    let wanted = Set(list)
    let top =
      list.isEmpty ? snapshot.top(options.count) : snapshot.coins.filter { wanted.contains($0.id) }
    if top.count < options.count && options.category == nil && list.isEmpty {
      context.stderr.write(
        "Warning: only \(top.count) of the \(options.count) coins asked for are available.\n")
    }
    let coins = options.sort.sort(top, reverse: options.reverse)
    switch options.format {
    case .json:
      context.stdout.write(MarketJSON.render(coins, of: snapshot) + "\n")
    case .csv:
      context.stdout.write(MarketCSV.render(coins))
    case .table:
      context.stdout.write(table(coins, snapshot: snapshot, now: now, context: context))
    }
    StartupTrace.mark("written")
    return ExitCode.success
  }

  /// The ids of `--coins` or `--favorites` (empty: the top); `nil` after reporting why not.
  private func chosenCoins(_ context: CommandContext, status: inout Int32) async -> [String]? {
    var ids: [String] = []
    if options.favorites {
      let store = context.favoritesStore()
      do {
        ids = try store.load()
      } catch {
        status = context.fail(error.message, status: ExitCode.dataError)
        return nil
      }
      guard !ids.isEmpty else {
        status = context.fail(
          "There are no favourites yet: mark one with f in `coins watch`.",
          status: ExitCode.failure)
        return nil
      }
    }
    if !options.coins.isEmpty {
      guard
        let resolved = await WatchSetup.resolve(options.coins, context: context, status: &status)
      else { return nil }
      ids += resolved
    }
    return ids.uniquedInOrder()
  }

  private func table(_ coins: [Coin], snapshot: MarketSnapshot, now: Date, context: CommandContext)
    -> String
  {
    StartupTrace.mark("render")
    let style = context.style(options.market.color)
    let currency = CurrencyStyle(code: snapshot.currency).ascii(options.ascii)
    var title = "Top \(coins.count) coins"
    if options.favorites {
      title = "Favourites"
    } else if !options.coins.isEmpty {
      title = "\(coins.count) chosen coins"
    }
    if let category = options.category { title += " in the category \(category)" }
    title += " by market cap in \(currency.displayCode)"
    if options.sort != .rank || options.reverse {
      title += ", by \(options.sort.rawValue)\(options.reverse ? " (reversed)" : "")"
    }
    let header =
      title + " · " + SnapshotLabel.styledFreshness(of: snapshot, now: now, style: style)
    let table = MarketTable(
      currency: currency, sparkline: options.ascii ? .ascii : .blocks, style: style,
      sortedColumn: options.sort.column)
    let lines = [header] + table.render(coins, width: context.terminal.width)
    StartupTrace.mark("rendered")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each member as given.
  package init(options: TopOptions) {
    self.options = options
  }
}
