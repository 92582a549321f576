import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsPriceSources
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

  /// The price of a transaction: the user's, else — for a dated one — the open of its UTC day
  /// from the price chain (your prices, then `[prices] order`; ``pastPrice(of:symbol:on:in:)``),
  /// else — when `live` — CoinGecko's price now (``TransactionPricing``); `nil` when none
  /// applies. A day no source prices stops the command (exit 69), each source's reason named,
  /// asking for `priceOption`.
  func transactionPrice(
    of coin: String, symbol: String, amount: Decimal, input: TransactionInput, currency: String,
    market: MarketOptions, live: Bool, priceOption: String
  ) async throws(CommandFailure) -> (price: Decimal, origin: PriceOrigin)? {
    let ask = "Give the price with \(priceOption) or --total."
    if let given = input.pricePerCoin(amount: amount) { return (given, .user) }
    if let date = input.date {
      let day = UTCDay(date)
      switch try await pastPrice(of: coin, symbol: symbol, at: date, in: currency) {
      case .priced(let found):
        let hour = TimeInterval((found.provenance.hour ?? 0) * 3_600)
        return (
          found.price.decimal,
          .dayOpen(
            day: day.start.addingTimeInterval(hour), words: PastPriceView.source(found),
            label: found.provenance.label)
        )
      case .unknown(let reasons):
        throw CommandFailure(
          messages: ["No source has a price of \(coin) on \(day) in \(currency.uppercased()):"]
            + reasons.map(\.line) + [ask], kind: .unavailable)
      }
    }
    let pricing = TransactionPricing(
      dayPrices: DayPriceLookup(
        client: makeClient(options: market),
        cacheDirectory: MarketCache.defaultDirectory(environment: environment)),
      service: makeService(options: market), today: timeSource.now())
    do {
      return try await pricing.price(
        of: coin, given: nil, date: nil, currency: currency, live: live)
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

  /// The line saying where a looked-up price came from, `""` for the user's:
  /// `Price at 00:00 UTC on 2021-05-01: $57,714.66 (Coinbase BTC-USD open).`
  func priceOriginLine(_ origin: PriceOrigin, price: Decimal, currency: String) -> String {
    switch origin {
    case .user: ""
    case .history(let day):
      "Price at 00:00 UTC on \(DateInput.dayText(day)): \(money(price, currency)) "
        + "(CoinGecko history).\n"
    case .dayOpen(let start, let words, _):
      "Price at \(PriceProvenance.clock(PriceChain.hourOfDay(start))) on \(DateInput.dayText(start)): "
        + "\(money(price, currency)) (\(words)).\n"
    case .live: "Price now: \(money(price, currency)) (CoinGecko, live).\n"
    }
  }

  /// What a transaction records as the source of `origin`'s price (``Transaction/priceSource``).
  func recordedSource(_ origin: PriceOrigin?) -> String? {
    switch origin {
    case .dayOpen(_, _, let label)?: label
    // CoinGecko's 00:00 UTC snapshot is the day's price from CoinGecko, as the chain names it.
    case .history?: PriceSourceName.coingecko.rawValue
    case .user?, .live?, nil: nil
    }
  }

  /// Changes the portfolio file under its lock, telling the user once when a file of an
  /// earlier version is rewritten in the current one; a failure is thrown. A coin a failure
  /// names is named by its symbol where `names` knows it.
  func updatePortfolio<T>(
    _ store: PortfolioStore, after earlier: PortfolioRead? = nil, names: CoinNames = CoinNames(),
    _ change: (inout Portfolio) throws -> T
  ) throws(CommandFailure) -> T {
    try saving(names: names) { onUpgrade in
      try store.update(after: earlier, onUpgrade: onUpgrade, change)
    }
  }

  /// Saves `changed` (`earlier`'s portfolio changed outside the lock, with the change's result)
  /// when the file is still what `earlier` read, else applies `change` to it under the lock
  /// (``PortfolioStore/update(after:reusing:onUpgrade:_:)``); told and failing as
  /// ``updatePortfolio(_:after:names:_:)``.
  func updatePortfolio<T>(
    _ store: PortfolioStore, after earlier: PortfolioRead,
    reusing changed: (portfolio: Portfolio, result: T), _ change: (inout Portfolio) throws -> T
  ) throws(CommandFailure) -> T {
    try saving(names: CoinNames()) { onUpgrade in
      try store.update(after: earlier, reusing: changed, onUpgrade: onUpgrade, change)
    }
  }

  /// Runs `save` with the note on an upgraded file, its failure turned into a command failure.
  private func saving<T>(
    names: CoinNames, _ save: (_ onUpgrade: (Int, URL) -> Void) throws -> T
  ) throws(CommandFailure) -> T {
    do {
      return try save { version, kept in
        stderr.write(
          "Note: the portfolio file was upgraded to format version \(Portfolio.formatVersion); "
            + "the version-\(version) file is kept as \(kept.path).\n")
      }
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
  /// asked for when every figure is in `currency`): CoinGecko's (bitcoin's daily price in each,
  /// and today's), and for past days the ECB's euro reference rates, which then convert every
  /// currency the ECB publishes (one source for the report). What cannot be had is left out; a
  /// weekend or holiday at the last fixing before it is said on stderr.
  func exchangeRates(for portfolio: Portfolio, in currency: String, options: MarketOptions) async
    -> CurrencyRates
  {
    let foreign = ExchangeRateService.foreignCurrencies(in: portfolio.holdings, target: currency)
    guard !foreign.isEmpty else { return CurrencyRates() }
    let service = ExchangeRateService(
      client: makeClient(options: options),
      cacheDirectory: MarketCache.defaultDirectory(environment: environment))
    var rates = await service.rates(between: currency, and: foreign, now: timeSource.now()).rates
    var days: Set<UTCDay> = []
    for holding in portfolio.holdings {
      for index in holding.transactions.indices {
        if let date = holding.transactions[index].date { days.insert(UTCDay(date)) }
      }
    }
    guard let chain = try? PriceChainSetup.settings(environment: environment) else { return rates }
    let assembly = PriceChainSetup.assembly(
      in: self, settings: chain, ownSeries: [], onWait: { _ in })
    let outcome = await ECBCurrencyRates.fill(
      &rates, currencies: foreign.union([currency.lowercased()]), days: days,
      today: UTCDay(timeSource.now()), ecb: assembly.ecb,
      cache: ECBYearCache(
        directory: MarketCache.defaultDirectory(environment: environment)
          .appendingPathComponent(PriceChainSetup.cacheFolderName)))
    if outcome.carriedBack > 0 {
      let count = outcome.carriedBack == 1 ? "1 day" : "\(outcome.carriedBack) days"
      stderr.write(
        "Note: past days are converted at the ECB's euro reference rates; \(count) without a "
          + "fixing (a weekend or holiday) took the last rate before it.\n")
    }
    return rates
  }
}
