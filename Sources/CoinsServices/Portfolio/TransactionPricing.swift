import CoinGeckoAPI
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The price of a transaction: the user's, else — for a dated one — CoinGecko's 00:00 UTC
/// price that day, else — when asked for — its live price now. Never a cached or sample price:
/// a transaction is recorded at a price that was true.
package struct TransactionPricing: Sendable {
  /// Why there is no price.
  package enum Failure: Error, Equatable {
    /// CoinGecko has no price of the coin then (`when`: `on 2026-03-01`, `now`).
    case noPrice(when: String)
    /// CoinGecko could not be asked or refused (`doing`: `get the price of bitcoin on …`).
    case service(CoinGeckoError, doing: String)
  }

  /// A day's 00:00 UTC price, kept on disk for good.
  package let dayPrices: DayPriceLookup
  /// The live price.
  package let service: CoinDataService
  /// Today, which decides whether a day's answer may be kept.
  package let today: Date

  /// Prices through `dayPrices` and `service` on `today`.
  package init(dayPrices: DayPriceLookup, service: CoinDataService, today: Date) {
    self.dayPrices = dayPrices
    self.service = service
    self.today = today
  }

  /// The price of `coin` in `currency` per coin and where it came from: `given` when there is
  /// one, else the day's price of `date`, else (when `live`) the price now; `nil` when none
  /// applies (no price given, no date, not live).
  package func price(
    of coin: String, given: Decimal?, date: Date?, currency: String, live: Bool
  ) async throws(Failure) -> (price: Decimal, origin: PriceOrigin)? {
    if let given { return (given, .user) }
    if let date {
      let day = DateInput.startOfDay(date)
      let dayText = DateInput.dayText(day)
      let found: Decimal?
      do {
        found = try await dayPrices.price(of: coin, on: day, currency: currency, today: today)
      } catch {
        // A day beyond the plan's reach is CoinGecko's planLimit: a refusal.
        throw .service(error, doing: "get the price of \(coin) on \(dayText)")
      }
      guard let found else { throw .noPrice(when: "on \(dayText)") }
      return (found, .history(day: day))
    }
    guard live else { return nil }
    let rows: [Coin]
    do {
      rows = try await service.coins(ids: [coin], currency: currency)
    } catch {
      throw .service(error, doing: "fetch the price of \(coin) now")
    }
    guard let price = rows.first(where: { $0.id == coin })?.price,
      let exact = Decimal(string: String(price)).flatMap({
        DecimalInput.parse(DecimalInput.text($0))
      }),
      exact > 0
    else { throw .noPrice(when: "now") }
    return (exact, .live)
  }
}
