import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins search` through ``CoinDataService/search(_:allowFallback:)``: CoinGecko's
/// `/search`, or, when it cannot be reached, a search of the cached (or sample) market,
/// labelled as such.
struct SearchCommand: RunnableCommand, Equatable {
  let query: String
  let json: Bool
  let market: MarketOptions

  func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let answer: CoinDataService.SearchAnswer
    do {
      answer = try await service.search(query, allowFallback: !market.liveOnly)
    } catch {
      throw CommandFailure(error)
    }
    if let error = answer.unavailable {
      let what =
        answer.source == .sample
        ? "the bundled SAMPLE data" : "the cached market (top coins only)"
      context.stderr.write("Warning: \(Sentence.ended(error.message)) Searching \(what) instead.\n")
    }
    let results = answer.results.sorted(by: SymbolResolver.Candidate.rankOrder)
    if json {
      context.stdout.write(
        SearchResultsView.json(results, query: query, source: answer.source, asOf: answer.asOf)
          + "\n")
    } else if results.isEmpty {
      context.stdout.write("No coin matches '\(Sanitizer.printable(query))'.\n")
    } else {
      let lines = SearchResultsView.lines(results, width: context.terminal.width)
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
  }
}
