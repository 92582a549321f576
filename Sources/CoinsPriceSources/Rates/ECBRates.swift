import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ECB's euro reference rates: `GET {base}/data/EXR/D.{CUR1+CUR2…}.EUR.SP00.A
/// ?startPeriod=…&endPeriod=…&format=csvdata`, each rate being units of the currency per 1 EUR,
/// so every other pair crosses through the euro. Business days only: a weekend or holiday takes
/// the last fixing before it (up to ``carryBackLimit`` days), and says so.
package struct ECBRates: Sendable {
  /// The most days back a fixing is looked for (a long Easter weekend is four days).
  package static let carryBackLimit = 7

  private let baseURL: String
  private let transport: any HTTPTransport
  private let timeout: Double

  /// Rates from `baseURL` through `transport`.
  package init(baseURL: String, transport: any HTTPTransport, timeout: Double = 10) {
    self.baseURL = baseURL
    self.transport = transport
    self.timeout = timeout
  }

  /// Why the ECB gave no rates: a phrase for the chain's reasons.
  package struct Unavailable: Error, Equatable, Sendable {
    /// `the ECB could not be reached: connection refused`.
    package var reason: String

    /// The ECB unavailable for `reason`.
    package init(reason: String) {
      self.reason = reason
    }
  }

  /// The fixings of `currencies` (other than EUR) from `days`' first day less the carry-back
  /// reach to its last, one request for all of them.
  package func fixings(of currencies: Set<String>, days: ClosedRange<UTCDay>)
    async throws(Unavailable) -> ECBFixings
  {
    let asked = currencies.map { $0.uppercased() }.filter { $0 != "EUR" }.sorted()
    guard !asked.isEmpty else { return ECBFixings(rates: [:]) }
    let start = days.lowerBound.adding(days: -Self.carryBackLimit)
    let url =
      "\(baseURL)/data/EXR/D.\(asked.map(SafeName.of).joined(separator: "+")).EUR.SP00.A"
      + "?startPeriod=\(start)&endPeriod=\(days.upperBound)&format=csvdata"
    switch await SourceRequest.get(url, through: transport, timeout: timeout) {
    case .body(let body):
      do {
        return ECBFixings(rates: try ECBRatesCSV.rates(String(decoding: body, as: UTF8.self)))
      } catch {
        throw Unavailable(reason: "the ECB's rates cannot be read: \(error.detail)")
      }
    case .status(404, _):
      // The data portal answers 404 when no series matched: none of the currencies published.
      return ECBFixings(rates: [:])
    case .rateLimited(let refused):
      throw Unavailable(reason: SourceRequest.rateLimitReason(.ecb, refusedByBudget: refused))
    case .status(let status, _): throw Unavailable(reason: "the ECB answered HTTP \(status)")
    case .noAnswer(let why): throw Unavailable(reason: "the ECB \(why)")
    }
  }
}
