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

extension SearchCommand {
  /// `coins search`.
  static let spec = CommandSpec(
    path: ["search"],
    abstract: "Find coins by name, symbol or id, best market cap first.",
    discussion: """
      Coins sharing a symbol are listed separately; the id column is what --id and
      `coins portfolio add` accept.

      Examples:
        coins search bitcoin
        coins search usdc --json | jq -r '.coins[].id'
      """,
    arguments: [.init(name: "query", help: "A name, symbol or id, or a part of one.")],
    options: [DiscoveryCommand.jsonOption, MarketOptions.timeoutOption, MarketOptions.liveOption],
    parse: { parsed throws(UsageError) in try SearchCommand(parsed) })

  /// Reads `coins search`'s words.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    let market = try MarketOptions(parsed, path: path)
    guard let query = parsed.positionals.first, !Sanitizer.clean(query).isEmpty else {
      throw UsageError("Missing expected argument '<query>'", commandPath: path)
    }
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    self.init(query: query, json: parsed.flag(DiscoveryCommand.jsonOption), market: market)
  }
}
