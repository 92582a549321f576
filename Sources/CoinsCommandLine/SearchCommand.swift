import CoinsModel
import CoinsPresentation
import CoinsServices
import Foundation

/// Runs `coins search`: CoinGecko's `/search`, or, when it cannot be reached, a search of the
/// cached (or sample) market, labelled as such.
struct SearchCommand {
  let query: String
  let json: Bool
  let market: MarketOptions

  func run(in context: CommandContext) async -> Int32 {
    let client = context.makeClient(options: market)
    let now = context.timeSource.now()
    var source = DataSource.live
    var asOf = now
    var results: [SearchResult]
    do {
      results = try await client.search(query)
    } catch {
      guard error.isTransient, !market.liveOnly else { return context.fail(error) }
      // Only what is on disk: CoinGecko has just failed, asking it again would only wait.
      let service = context.makeService(options: market)
      let cached = await service.cachedSnapshot(currency: "usd")
      let onDisk = cached == nil ? await service.sampleSnapshot() : cached
      guard let snapshot = onDisk else { return context.fail(error) }
      source = snapshot.source == .sample ? .sample : .cache
      asOf = snapshot.asOf
      results = Self.localMatches(query, in: snapshot.coins)
      let what =
        source == .sample ? "the bundled SAMPLE data" : "the cached market (top coins only)"
      context.stderr.write("Warning: \(Sentence.ended(error.message)) Searching \(what) instead.\n")
    }
    results.sort(by: SymbolResolver.betterRanked)
    if json {
      context.stdout.write(
        SearchResultsView.json(results, query: query, source: source, asOf: asOf) + "\n")
    } else if results.isEmpty {
      context.stdout.write("No coin matches '\(Sanitizer.printable(query))'.\n")
    } else {
      let lines = SearchResultsView.lines(results, width: context.terminal.width)
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
    return ExitCode.success
  }

  /// Coins whose id, symbol or name contain the query, for searching offline.
  static func localMatches(_ query: String, in coins: [Coin]) -> [SearchResult] {
    let wanted = query.lowercased()
    return coins.filter {
      $0.id.contains(wanted) || $0.symbol.lowercased().contains(wanted)
        || $0.name.lowercased().contains(wanted)
    }.map(SearchResult.init)
  }
}
