import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins convert <amount> <from> <to>`: between any two coins or currencies CoinGecko knows,
/// by `/exchange_rates` when both are currencies and `/simple/price` otherwise.
package struct ConvertCommand: RunnableCommand, Equatable {
  /// The amount, exactly as typed.
  package var amount: Decimal
  /// What the amount is of, as typed.
  package var from: String
  /// What to convert it into, as typed.
  package var to: String
  /// `--json`.
  var json = false
  /// Cache, fallback, timeout and color.
  var market = MarketOptions()

  static let spec = CommandSpec(
    path: ["convert"],
    abstract: "Convert an amount between coins and currencies.",
    discussion: """
      <from> and <to> are currency codes CoinGecko prices in (usd, eur, btc, …) or
      coins (a symbol or CoinGecko id). Between two currencies the rate comes from
      /exchange_rates, otherwise from /simple/price; the amount is read exactly.

      Examples:
        coins convert 0.5 btc eur
        coins convert 100 usd eth
        coins convert 1 eth sol --json
      """,
    arguments: [
      .init(name: "amount", help: "A plain decimal number such as 0.5 or 100."),
      .init(name: "from", help: "A currency code or a coin.", completion: .coinOrCurrency),
      .init(name: "to", help: "A currency code or a coin.", completion: .coinOrCurrency),
    ],
    options: [DiscoveryCommand.jsonOption]
      + MarketOptions.specs.filter { $0.name != "--currency" },
    parse: { parsed throws(UsageError) in try ConvertCommand(parsed) })

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    let words = parsed.positionals
    for (index, name) in ["<amount>", "<from>", "<to>"].enumerated() where words.count <= index {
      throw UsageError("Missing expected argument '\(name)'", commandPath: path)
    }
    try ParsedArguments.noExtra(words.dropFirst(3), path: path)
    guard let amount = DecimalInput.amount(words[0]) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(words[0]))' is invalid for '<amount>': expected a "
          + "positive plain decimal such as 0.5 or 100.", commandPath: path)
    }
    self.amount = amount
    from = words[1].lowercased()
    to = words[2].lowercased()
    market = try MarketOptions(parsed, path: path)
    json = parsed.flag(DiscoveryCommand.jsonOption)
  }

  /// `--utc`.
  package var displaysUTC: Bool { market.utc }
  package func run(in context: CommandContext) async throws(CommandFailure) {
    let service = context.makeService(options: market)
    let route = ConversionRoute(service: service, market: market)
    let terms: (from: ConversionTerm, to: ConversionTerm)
    let answer: Sourced<Double>
    do {
      (terms, answer) = try await route.rate(from: from, to: to)
    } catch {
      throw CommandFailure(error.message, kind: error.isUnavailable ? .unavailable : .other)
    }
    guard
      let conversion = CurrencyConversion(
        amount: amount, from: terms.from, to: terms.to, rate: answer.value)
    else {
      throw CommandFailure(
        "CoinGecko has no price to convert \(terms.from.label) into \(terms.to.label).")
    }
    let now = context.timeSource.now()
    context.warnIfNotLive(answer, now: now)
    if json {
      context.stdout.write(ConversionView.json(conversion, of: answer) + "\n")
    } else {
      let lines = ConversionView.lines(
        conversion, of: answer, now: now, style: context.style(market.color))
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
  }
}
