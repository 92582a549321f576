import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds the ``CurrencyRates`` a ledger in one currency needs for transactions in others:
/// bitcoin's daily price over the past year in each currency (one `market_chart` request per
/// currency, so two per pair whatever the number of transactions) and today's rates
/// (`/exchange_rates`) for days beyond that. Answers are kept for a day.
package struct ExchangeRateService: Sendable {
  let client: CoinGeckoClient
  let cache: AnswerCache
  /// How long a kept answer is used.
  static let maxAge: Double = 86_400

  /// Rates through `client`, kept under `cacheDirectory/rates`.
  package init(client: CoinGeckoClient, cacheDirectory: URL) {
    self.client = client
    cache = AnswerCache(directory: cacheDirectory.appendingPathComponent("rates"))
  }

  /// The currencies other than `target` that `holdings`' prices and fees are in.
  package static func foreignCurrencies(in holdings: [Holding], target: String) -> Set<String> {
    var codes = CurrencyCodes()
    for holding in holdings {
      // Read in place: a copy of each of 100,000 transactions would retain all its members.
      for index in holding.transactions.indices {
        if holding.transactions[index].price != nil {
          codes.insert(holding.transactions[index].priceCurrency)
        }
        if holding.transactions[index].fee != nil {
          codes.insert(holding.transactions[index].feeCurrencyOrDefault)
        }
      }
    }
    var foreign = codes.codes
    foreign.remove(target.lowercased())
    return foreign
  }

  /// Rates between `target` and each of `currencies`, as far as CoinGecko answers; what it
  /// cannot give is left out (the ledger then converts at today's rate, or not at all). The
  /// reasons, if any, come back for a warning.
  package func rates(between target: String, and currencies: Set<String>, now: Date) async
    -> (rates: CurrencyRates, problems: [String])
  {
    guard !currencies.isEmpty else { return (CurrencyRates(), []) }
    var rates = CurrencyRates(today: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
    var problems: [String] = []
    for currency in ([target.lowercased()] + currencies.sorted()) {
      do {
        let body = try await answer("btc-daily-\(SafeName.of(currency))", now: now) {
          () async throws(CoinGeckoError) -> Data in
          try await client.bitcoinDailyPrices(currency: currency)
        }
        rates.dailyBitcoinPrices[currency] = try BitcoinDailyPrices.decode(body)
      } catch {
        problems.append("daily rates in \(currency): \(error.message)")
      }
    }
    do {
      let body = try await answer("exchange-rates", now: now) {
        () async throws(CoinGeckoError) -> Data in
        try await client.exchangeRates()
      }
      rates.todaysBitcoinPrices = try BitcoinDailyPrices.today(body)
    } catch {
      problems.append("today's rates: \(error.message)")
    }
    return (rates, problems)
  }

  /// A kept answer younger than a day, else a fresh one (then kept).
  private func answer(
    _ name: String, now: Date, fetch: () async throws(CoinGeckoError) -> Data
  ) async throws(CoinGeckoError) -> Data {
    if let stored = cache.load(name), now.timeIntervalSince(stored.storedAt) < Self.maxAge,
      now >= stored.storedAt
    {
      return stored.body
    }
    let body = try await fetch()
    try? cache.store(body, as: name)
    return body
  }
}
