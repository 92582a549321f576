import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a transaction's price came from.
enum PriceOrigin: Equatable {
  /// The user gave it.
  case user
  /// CoinGecko's 00:00 UTC snapshot of that day.
  case history(day: Date)
  /// CoinGecko's live price, fetched now.
  case live
}

extension CommandContext {
  /// `date` checked not to be in the future, or now when none was given (cut to whole
  /// milliseconds so the file reads back the same).
  /// A date in the future is a usage error of the command at `path` (exit 64).
  func transactionDate(_ date: Date?, path: [String]) throws(CommandFailure) -> Date {
    let now = ISO8601Timestamp.wholeMilliseconds(timeSource.now())
    guard let date else { return now }
    guard date <= now else {
      throw CommandFailure(
        UsageError(
          "The date \(ISO8601Timestamp.format(date)) is in the future; a transaction is "
            + "recorded when it has happened.", commandPath: path))
    }
    return date
  }

  /// The price of a transaction: the user's, else — for a dated one — CoinGecko's 00:00 UTC
  /// price that day, else — when `live` — the price fetched now; `nil` when none applies.
  /// Never a cached or sample price: without CoinGecko the command stops (exit 69) asking for
  /// `priceOption`.
  func transactionPrice(
    of coin: String, amount: Decimal, input: TransactionInput, currency: String,
    market: MarketOptions, live: Bool, priceOption: String
  ) async throws(CommandFailure) -> (price: Decimal, origin: PriceOrigin)? {
    if let price = input.pricePerCoin(amount: amount) { return (price, .user) }
    let ask = "Give the price with \(priceOption) or --total."
    func noPrice(_ when: String) -> CommandFailure {
      CommandFailure("CoinGecko has no price of \(coin) in \(currency) \(when). \(ask)")
    }
    if let date = input.date {
      let day = DateInput.startOfDay(date)
      let dayText = DateInput.dayText(day)
      let found: Decimal?
      do {
        found = try await DayPriceLookup(
          client: makeClient(options: market),
          cacheDirectory: MarketCache.defaultDirectory(environment: environment)
        ).price(of: coin, on: day, currency: currency, today: timeSource.now())
      } catch {
        // A day beyond the plan's reach is CoinGecko's planLimit: a refusal, exit 1.
        throw stopped(by: error, doing: "get the price of \(coin) on \(dayText)", ask: ask)
      }
      guard let found else { throw noPrice("on \(dayText)") }
      return (found, .history(day: day))
    }
    guard live else { return nil }
    let rows: [Coin]
    do {
      rows = try await makeService(options: market).coins(ids: [coin], currency: currency)
    } catch {
      throw stopped(by: error, doing: "fetch the price of \(coin) now", ask: ask)
    }
    guard let price = rows.first(where: { $0.id == coin })?.price,
      let exact = Decimal(string: String(price)).flatMap({
        DecimalInput.parse(DecimalInput.text($0))
      }),
      exact > 0
    else { throw noPrice("now") }
    return (exact, .live)
  }

  /// A CoinGecko failure printed as `Cannot <doing>: <why> <ask>`: exit 69 when CoinGecko was
  /// unavailable, 1 when it refused.
  private func stopped(by error: CoinGeckoError, doing: String, ask: String) -> CommandFailure {
    CommandFailure(
      "Cannot \(doing): \(Sentence.ended(error.message)) \(ask)",
      kind: error.isTransient ? .unavailable : .other)
  }

  /// Changes the portfolio file under its lock, telling the user once when a file of an
  /// earlier version is rewritten in the current one; a failure is thrown. A coin a failure names is named by its symbol where `names` knows it.
  func updatePortfolio<T>(
    _ store: PortfolioStore, after earlier: PortfolioRead? = nil, names: CoinNames = CoinNames(),
    _ change: (inout Portfolio) throws -> T
  ) throws(CommandFailure) -> T {
    do {
      return try store.update(
        after: earlier,
        onUpgrade: { version, kept in
          stderr.write(
            "Note: the portfolio file was upgraded to format version \(Portfolio.formatVersion); "
              + "the version-\(version) file is kept as \(kept.path).\n")
        }, change)
    } catch let error as PortfolioError {
      throw CommandFailure(error.naming(names))
    } catch {
      throw CommandFailure("\(error)")
    }
  }

  /// A price as the user reads it: `$42,000.00`.
  func money(_ value: Decimal, _ currency: String) -> String {
    NumberFormat.price(value.doubleValue, currency: CurrencyStyle(code: currency))
  }
}

extension CommandContext {
  /// The exchange rates `portfolio`'s figures in currencies other than `currency` need (none
  /// asked for when every figure is in `currency`); what CoinGecko cannot give is left out.
  func exchangeRates(for portfolio: Portfolio, in currency: String, options: MarketOptions) async
    -> CurrencyRates
  {
    let foreign = ExchangeRateService.foreignCurrencies(in: portfolio.holdings, target: currency)
    guard !foreign.isEmpty else { return CurrencyRates() }
    let service = ExchangeRateService(
      client: makeClient(options: options),
      cacheDirectory: MarketCache.defaultDirectory(environment: environment))
    return await service.rates(between: currency, and: foreign, now: timeSource.now()).rates
  }
}
