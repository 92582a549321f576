import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsSupport
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// CoinGecko's daily snapshot (00:00 UTC) from `/coins/{id}/market_chart/range`, over at least
/// 92 days so that CoinGecko answers daily points, within the plan's reach: the free plans
/// (keyless and Demo) reach the past 365 days only, a Pro key all of it. A plan-wide refusal
/// (error 10012) is learned once: older days are not asked again in the same run.
package final class CoinGeckoDailyOpens: PriceSource {
  /// The days a free plan reaches, today included.
  package static let freeReachDays = 365
  /// The shortest span CoinGecko answers with daily points.
  private static let dailySpanDays = 92

  private let client: CoinGeckoClient
  private let timeSource: any TimeSource
  private let reachDays: Int?
  private let refusedBefore = Mutex<UTCDay?>(nil)

  /// Daily opens through `client`; `reachDays` is the plan's reach (`nil`: all of it, Pro).
  package init(client: CoinGeckoClient, timeSource: any TimeSource, reachDays: Int? = freeReachDays)
  {
    self.client = client
    self.timeSource = timeSource
    self.reachDays = reachDays
  }

  /// How outputs name it.
  package var name: PriceSourceName { .coingecko }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    let today = UTCDay(timeSource.now())
    var reachStart = reachDays.map { today.adding(days: 1 - $0) } ?? UTCDay(number: 0)
    if let refused = refusedBefore.withLock({ $0 }) { reachStart = max(reachStart, refused) }
    let last = min(days.upperBound, today)
    let first = max(days.lowerBound, reachStart)
    guard first <= last else {
      return .unavailable(
        "CoinGecko's free plan reaches only the past \(Self.freeReachDays) days (from \(reachStart))"
      )
    }
    // The window ends at the last day asked and grows back (then forward) to the span that
    // has daily points: anchored at the days asked, not at today, it does not depend on the
    // server's clock agreeing with ours.
    var from = first
    var to = last
    if to.number - from.number < Self.dailySpanDays {
      from = max(reachStart, to.adding(days: -Self.dailySpanDays))
    }
    if to.number - from.number < Self.dailySpanDays {
      to = min(today, from.adding(days: Self.dailySpanDays))
    }
    let body: Data
    do {
      body = try await client.marketChart(
        id: coin.id, currency: currency.lowercased(), from: from.unixSeconds,
        to: to.unixSeconds + 86_400
      ).body
    } catch {
      return .unavailable(reason(error, from: from, today: today))
    }
    guard let opens = Self.opens(body, keeping: days) else {
      return .unavailable("CoinGecko's answer for \(coin.id) cannot be read")
    }
    return .opens(DailyOpens(opens: opens, pair: coin.id, carriesForward: false))
  }

  /// The points of a `/market_chart` body at exactly 00:00 UTC, each the open of its day.
  package static func opens(_ body: Data, keeping days: ClosedRange<UTCDay>)
    -> [UTCDay: ExactDecimal]?
  {
    guard let points = (try? JSONValueParser.parse([UInt8](body)))?["prices"]?.arrayValue else {
      return nil
    }
    var opens: [UTCDay: ExactDecimal] = [:]
    for point in points {
      guard let pair = point.arrayValue, pair.count == 2, case .number(let time) = pair[0],
        let milliseconds = Int64(time), milliseconds % 86_400_000 == 0,
        let price = DecimalText.value(pair[1])
      else { continue }
      let day = UTCDay(number: Int(milliseconds / 86_400_000))
      if days.contains(day) { opens[day] = price }
    }
    return opens
  }

  private func reason(_ error: CoinGeckoError, from: UTCDay, today: UTCDay) -> String {
    switch error {
    case .planLimit(CoinGeckoError.historyBeyondPlan, _):
      // Learned once: the free plans' reach from now on, or past the day refused.
      let freeStart = today.adding(days: 1 - Self.freeReachDays)
      let learned = from < freeStart ? freeStart : from.adding(days: 1)
      refusedBefore.withLock { $0 = max($0 ?? learned, learned) }
      return "CoinGecko's plan does not reach \(from) or earlier"
    case .rateLimited(let wait):
      // The budget's refusal asks for a day: no server does.
      let refused = wait == Double(BudgetedTransport.refusalRetryAfter)
      return SourceRequest.rateLimitReason(.coingecko, refusedByBudget: refused)
    default: return error.message  // the chain names the source in front
    }
  }
}
