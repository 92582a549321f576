import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CoinGeckoClient {
  /// The raw `/coins/{id}/history` answer for a UTC day: the coin's 00:00 UTC snapshot, checked
  /// to decode. Free plans reach only the past 365 days; an older day is HTTP 401 (error code
  /// 10012).
  package func history(id: String, day: Date) async throws(CoinGeckoError) -> Data {
    // A CoinGecko id is letters, digits, `-` and `_`: nothing else may reach the path.
    let safeID = SafeName.of(id)
    let body = try await get(.history(id: safeID, date: HistoryAnswer.dayText(day)))
    _ = try HistoryAnswer.decode(body, secrets: secrets)
    return body
  }
}
