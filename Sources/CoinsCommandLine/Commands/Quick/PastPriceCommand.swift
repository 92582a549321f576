import CoinsModel
import CoinsPresentation
import CoinsPriceSources
import CoinsServices

/// `coins price <coin> --date YYYY-MM-DD`: the open of that UTC day from the price chain (your
/// prices, then the sources in `[prices] order`), with the source named.
struct PastPriceCommand: RunnableCommand, Equatable {
  /// What the user typed for the coin.
  var coin: String
  /// The day priced.
  var day: UTCDay
  /// `--json`.
  var json = false
  /// The currency (and the lookup's cache and timeout).
  var market = MarketOptions()

  static let dateOption = CommandSpec.Option(
    name: "--date", valueName: "date",
    help: "Print the open of this UTC day (YYYY-MM-DD) instead, from your prices, CoinGecko, "
      + "Coinbase or Binance, with its source; one coin.")

  init(_ parsed: ParsedArguments, date: String) throws(UsageError) {
    let path = PriceCommand.spec.path
    guard parsed.positionals.count == 1, let coin = parsed.positionals.first,
      !Sanitizer.clean(coin).isEmpty
    else {
      throw UsageError(
        parsed.positionals.isEmpty
          ? "Missing expected argument '<coin> ...'" : "'--date' prices one coin at a time.",
        commandPath: path)
    }
    if parsed.value(PriceCommand.formatOption) != nil {
      throw UsageError("'--date' and '--format' cannot be used together.", commandPath: path)
    }
    self.coin = coin
    day = try PricesCommand.day(date, for: "--date <date>", path: path)
    market = try MarketOptions(parsed, path: path)
    json = parsed.flag(DiscoveryCommand.jsonOption)
  }

  func run(in context: CommandContext) async throws(CommandFailure) {
    let today = UTCDay(context.timeSource.now())
    guard day <= today else {
      throw CommandFailure(
        UsageError(
          "'--date' \(day) is in the future (today is \(today) UTC).",
          commandPath: PriceCommand.spec.path))
    }
    let settings = try PriceChainSetup.settings(environment: context.environment)
    let own = try PricesCommand.load(from: PricesCommand.store(in: context))
    let service = context.makeService(options: market)
    let lookup = CoinLookup(service: service, currency: market.currency, maxAge: market.maxAge)
    let found: SearchResult
    do throws(CoinLookup.Failure) {
      guard let first = try await lookup.findAll([coin]).first else {
        throw CoinLookup.Failure.unknown(query: coin, suggestions: [])
      }
      found = first
    } catch {
      throw CommandFailure(error)
    }
    let stderr = context.stderr
    let assembly = PriceChainSetup.assembly(
      in: context, settings: settings, ownSeries: own,
      onWait: { wait in stderr.write("Fetching the price: \(wait.phrase)\n") })
    let currency = market.currency.uppercased()
    let pricing = await assembly.chain.price(
      of: settings.coin(id: found.id, symbol: found.symbol), in: currency, on: day)
    let named = "\(Sanitizer.clean(found.name)) (\(Sanitizer.clean(found.symbol).uppercased()))"
    switch pricing {
    case .unknown(let reasons):
      throw CommandFailure(
        messages: ["No source has a price of \(named) on \(day) in \(currency):"]
          + reasons.map(\.line),
        kind: .unavailable)
    case .priced(let price):
      if json {
        context.stdout.write(PastPriceView.json(price, coin: found))
      } else {
        context.stdout.write(
          "\(named) on \(day) at 00:00 UTC: \(PastPriceView.money(price)) "
            + "(\(PastPriceView.source(price)))\n")
      }
    }
  }
}
