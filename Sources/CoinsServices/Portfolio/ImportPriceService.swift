import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The daily USD prices an import values trades and income with: each coin's past year from
/// `/coins/{id}/market_chart` (the series the currency conversion fetches for bitcoin), one
/// request per coin whatever the number of rows, kept a day beside the exchange rates
/// (bitcoin's is the very answer the conversion keeps).
package struct ImportPriceService: Sendable {
  let client: CoinGeckoClient
  let cache: AnswerCache
  /// How far back the free plans reach.
  package static let planDays = 365

  /// Prices through `client`, kept under `cacheDirectory/rates`.
  package init(client: CoinGeckoClient, cacheDirectory: URL) {
    self.client = client
    cache = AnswerCache(directory: cacheDirectory.appendingPathComponent("rates"))
  }

  /// The USD prices by UTC day of the coins in `wanted` (id → the days needed); a coin none of
  /// whose days is within the plan's year is not asked for. Stops asking after the first
  /// failure that says CoinGecko is out of reach; the reasons come back for the summary.
  package func prices(_ wanted: [String: Set<Int>], now: Date) async -> (
    prices: [String: [Int: Decimal]], problems: [String]
  ) {
    let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
    var prices: [String: [Int: Decimal]] = [:]
    var problems: [String] = []
    for id in wanted.keys.sorted() {
      guard let days = wanted[id], days.contains(where: { today - $0 < Self.planDays }) else {
        continue
      }
      let name = id == "bitcoin" ? "btc-daily-usd" : "daily-\(SafeName.of(id))-usd"
      if let stored = cache.load(name), now.timeIntervalSince(stored.storedAt) < 86_400,
        now >= stored.storedAt, let series = try? BitcoinDailyPrices.decode(stored.body)
      {
        prices[id] = series
        continue
      }
      do {
        let body = try await client.dailyPrices(of: id, currency: "usd")
        let series = try BitcoinDailyPrices.decode(body)
        try? cache.store(body, as: name)
        prices[id] = series
      } catch {
        problems.append("daily prices of \(id): \(error.message)")
        if error.isTransient { break }
      }
    }
    return (prices, problems)
  }
}
