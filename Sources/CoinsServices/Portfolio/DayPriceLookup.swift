import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A coin's price at 00:00 UTC of a past day, from CoinGecko's `/coins/{id}/history`, kept on
/// disk for good once the day is over (a past day's snapshot never changes).
package struct DayPriceLookup: Sendable {
  let client: CoinGeckoClient
  let cache: AnswerCache

  /// Prices through `client`, kept under `cacheDirectory/history`.
  package init(client: CoinGeckoClient, cacheDirectory: URL) {
    self.client = client
    cache = AnswerCache(directory: cacheDirectory.appendingPathComponent("history"))
  }

  /// The price of `id` in `currency` at 00:00 UTC on `day`'s UTC day; `nil` when CoinGecko has
  /// none (the coin did not exist yet, or does not price in that currency). `today` decides
  /// whether the answer may be kept.
  package func price(of id: String, on day: Date, currency: String, today: Date)
    async throws(CoinGeckoError) -> Decimal?
  {
    // Only letters, digits, `-` and `_` of the id name the file: never a path.
    let name = "\(SafeName.of(id))-\(ISO8601Timestamp.format(day).prefix(10))"
    if let stored = cache.load(name), let answer = try? HistoryAnswer.decode(stored.body) {
      return answer.prices[currency.lowercased()]
    }
    let body = try await client.history(id: id, day: day)
    let answer = try HistoryAnswer.decode(body)
    if Self.dayNumber(day) < Self.dayNumber(today) { try? cache.store(body, as: name) }
    return answer.prices[currency.lowercased()]
  }

  private static func dayNumber(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }
}
