import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds the chain a command uses: each source in the settings' order over the one transport,
/// every host paced by one ``RequestBudget``, Coinbase and Binance made to answer in any
/// currency through the ECB, and CoinGecko the reference every exchange pair is checked
/// against (asked for that even when it is not in the order).
package struct PriceChainAssembly: Sendable {
  /// The chain.
  package var chain: PriceChain
  /// The budget its requests go through (its wait so far, for a final warning).
  package var budget: RequestBudget
  /// The ECB's euro reference rates, paced by the same budget (past days' fiat conversions).
  package var ecb: ECBRates

  /// The chain of `settings` over `transport`; `coinGecko` says the host, key and so the plan
  /// (the starting rate and the reach: a Pro key reaches all of the past), `ownSeries` your
  /// imported prices, `onWait` is told before each wait (``FetchProgress/waiting(_:)``); the
  /// sources' answers for closed days are kept in `cacheDirectory`, when given.
  package init(
    settings: PriceSettings, endpoints: PriceSourceEndpoints, coinGecko: CoinGeckoConfiguration,
    ownSeries: [OwnPriceSeries], transport: any HTTPTransport, timeSource: any TimeSource,
    cacheDirectory: URL? = nil, onWait: @escaping @Sendable (BudgetWait) -> Void = { _ in }
  ) {
    func cached(_ source: any PriceSource) -> any PriceSource {
      guard let cacheDirectory else { return source }
      return CachedPriceSource(source, directory: cacheDirectory, timeSource: timeSource)
    }
    let plan = Self.coinGeckoHost(coinGecko)
    func rated(_ host: BudgetHost, _ source: PriceSourceName) -> BudgetHost {
      var host = host
      if let rate = settings.rates[source] { host.perMinute = rate }
      return host
    }
    let hosts = [
      rated(plan, .coingecko), rated(.coinbase, .coinbase), rated(.binance, .binance),
      BudgetHost.ecb,
    ]
    let budget = RequestBudget(
      hosts: hosts, maxWait: settings.maxWait, timeSource: timeSource, onWait: onWait)
    self.budget = budget
    func paced(_ host: BudgetHost) -> any HTTPTransport {
      BudgetedTransport(transport, budget: budget, host: host.name)
    }
    let client = CoinGeckoClient(
      configuration: coinGecko, transport: paced(plan), deadline: settings.maxWait + 60,
      timeSource: timeSource)
    let isPro = coinGecko.apiKey?.header == "x-cg-pro-api-key"
    let coinGeckoSource = cached(
      CoinGeckoDailyOpens(
        client: client, timeSource: timeSource,
        reachDays: isPro ? nil : CoinGeckoDailyOpens.freeReachDays))
    let ecb = ECBRates(baseURL: endpoints.ecb, transport: paced(.ecb))
    self.ecb = ecb
    // The ECB prices no coin: it converts (`ECBConvertedSource`), it is not in the order.
    let sources: [any PriceSource] = settings.order.compactMap { name in
      switch name {
      case .ecb: nil
      case .yours: OwnPriceSource(series: ownSeries)
      case .coingecko: coinGeckoSource
      case .coinbase:
        ECBConvertedSource(
          cached(
            CoinbaseCandles(
              baseURL: endpoints.coinbase, transport: paced(.coinbase), timeSource: timeSource)),
          quotes: CoinbaseCandles.quotes, rates: ecb)
      case .binance:
        ECBConvertedSource(
          cached(
            BinanceKlines(
              baseURL: endpoints.binance, transport: paced(.binance), timeSource: timeSource)),
          quotes: ["USD"], rates: ecb)
      }
    }
    chain = PriceChain(sources: sources, reference: coinGeckoSource)
  }

  /// CoinGecko's starting rate for the plan `configuration`'s key says: keyless, Demo or Pro.
  package static func coinGeckoHost(_ configuration: CoinGeckoConfiguration) -> BudgetHost {
    switch configuration.apiKey?.header {
    case "x-cg-pro-api-key": .coinGeckoPro
    case "x-cg-demo-api-key": .coinGeckoDemo
    default: .coinGeckoKeyless
    }
  }
}
