import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  /// The price of a transaction (``TransactionPricing``): the user's, else — for a dated one —
  /// CoinGecko's 00:00 UTC price that day, else — when `live` — the price fetched now; `nil`
  /// when none applies. Without CoinGecko the command stops (exit 69) asking for
  /// `priceOption`.
  func transactionPrice(
    of coin: String, amount: Decimal, input: TransactionInput, currency: String,
    market: MarketOptions, live: Bool, priceOption: String
  ) async throws(CommandFailure) -> (price: Decimal, origin: PriceOrigin)? {
    let pricing = TransactionPricing(
      dayPrices: DayPriceLookup(
        client: makeClient(options: market),
        cacheDirectory: MarketCache.defaultDirectory(environment: environment)),
      service: makeService(options: market), today: timeSource.now())
    let ask = "Give the price with \(priceOption) or --total."
    do {
      return try await pricing.price(
        of: coin, given: input.pricePerCoin(amount: amount), date: input.date,
        currency: currency, live: live)
    } catch {
      switch error {
      case .noPrice(let when):
        throw CommandFailure("CoinGecko has no price of \(coin) in \(currency) \(when). \(ask)")
      case .service(let error, let doing):
        throw CommandFailure(
          "Cannot \(doing): \(Sentence.ended(error.message)) \(ask)",
          kind: error.isTransient ? .unavailable : .other)
      }
    }
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
