import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins price <coin> ...`: the prices of a few coins from one `/simple/price` request, for
/// prompts and status bars.
package struct PriceCommand: RunnableCommand, Equatable {
  /// What the user typed for each coin, in order.
  package var coins: [String]
  /// `--format`, when given.
  package var template: PriceTemplate?
  /// `--json`.
  var json = false
  /// Currency, cache, fallback and timeout.
  package var market = MarketOptions()

  package var marketMaxAge: Double? { market.maxAge }

  static let formatOption = CommandSpec.Option(
    name: "--format", valueName: "template",
    help: "Print each coin through this template. Placeholders: {symbol} {name} {id} {price} "
      + "{number} {change24h} {currency} {source} {age}; {{ and }} write braces.")

  static let spec = CommandSpec(
    path: ["price"],
    abstract: "Print the prices of a few coins, one line each: for prompts and status bars.",
    discussion: """
      One request to CoinGecko's /simple/price for all the coins, cached for
      --max-age seconds. Coins are named as in `coins info`; symbols and names come
      from the cached market (or the bundled sample), and a coin outside it is
      looked up once and remembered. A coin no one knows is named on stderr with
      the closest matches; the others still print, and the exit status is 1.

      Examples:
        coins price btc eth sol
        coins price btc --format '{symbol} {price} {change24h} ({source})'
        coins price btc --date 2021-05-01
        coins price btc eth --json | jq -r '.prices[] | "\\(.symbol) \\(.price)"'
      """,
    arguments: [
      .init(
        name: "coin", help: "A symbol (btc) or CoinGecko id (bitcoin); give several at once.",
        isRepeating: true, completion: .coin)
    ],
    options: [MarketOptions.currencyOption, formatOption, DiscoveryCommand.jsonOption]
      + MarketOptions.specs.filter { !["--currency", "--color", "--timeout"].contains($0.name) }
      + [MarketOptions.wholeTimeoutOption, PastPriceCommand.dateOption],
    parse: { parsed throws(UsageError) -> any RunnableCommand in
      // A past day's price comes from the price chain: a command of its own.
      if let date = parsed.value(PastPriceCommand.dateOption) {
        return try PastPriceCommand(parsed, date: date)
      }
      return try PriceCommand(parsed)
    })

  /// The most coins one command prices.
  static let maxCoins = 100

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    guard !parsed.positionals.isEmpty else {
      throw UsageError("Missing expected argument '<coin> ...'", commandPath: path)
    }
    guard parsed.positionals.count <= Self.maxCoins else {
      throw UsageError(
        "Too many coins: at most \(Self.maxCoins) at once.", commandPath: path)
    }
    if let empty = parsed.positionals.first(where: { Sanitizer.clean($0).isEmpty }) {
      throw UsageError(
        "The value '\(Sanitizer.printable(empty))' is invalid for '<coin>': expected a symbol or "
          + "CoinGecko id.", commandPath: path)
    }
    coins = parsed.positionals
    market = try MarketOptions(parsed, path: path)
    market.timeoutIsWholeBudget = true
    json = parsed.flag(DiscoveryCommand.jsonOption)
    if let text = parsed.value(Self.formatOption) {
      do {
        template = try PriceTemplate(text)
      } catch {
        throw UsageError(
          "The value '\(Sanitizer.printable(text))' is invalid for '--format <template>': "
            + error.message, commandPath: path)
      }
      if json {
        throw UsageError("'--json' and '--format' cannot be used together.", commandPath: path)
      }
    }
  }

  /// `--utc`.
  package var displaysUTC: Bool { market.utc }
  package func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let lookup = CoinLookup(service: service, currency: market.currency, maxAge: market.maxAge)
    let found: [SearchResult]
    let unknown: [CoinLookup.Failure]
    do {
      (found, unknown) = try await lookup.findEach(coins)
    } catch {
      throw CommandFailure(error)
    }
    // The coins it knows still print (a status line keeps its other coins); each unknown one
    // is named on stderr, and the exit status says something was wrong.
    let unknownCoins = CommandFailure(messages: unknown.map(\.message), kind: .other)
    guard !found.isEmpty else { throw unknownCoins }
    var seen = Set<String>()
    let ids = found.map(\.id).filter { seen.insert($0).inserted }
    let answer: Sourced<[CoinPrice]>
    do {
      answer = try await service.prices(
        ids: ids, currency: market.currency, maxAge: market.maxAge,
        allowFallback: !market.liveOnly)
    } catch {
      throw CommandFailure(error)
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(answer, now: now)
    let prices = Dictionary(answer.value.map { ($0.id, $0) }) { first, _ in first }
    let quotes = found.map {
      PriceQuote(coin: $0, price: prices[$0.id] ?? CoinPrice(id: $0.id, price: nil))
    }
    let lines: [String]
    if json {
      lines = [PriceView.json(quotes, of: answer, currency: market.currency)]
    } else if let template {
      lines = PriceView.lines(
        quotes, template: template, of: answer, currency: market.currency, now: now)
    } else {
      lines = PriceView.lines(quotes, of: answer, currency: market.currency, now: now)
    }
    context.stdout.write(lines.joined(separator: "\n") + "\n")
    if !unknown.isEmpty { throw unknownCoins }
  }
}
