import CoinsModel
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A source whose answers for closed days are kept on disk, one file per source, coin and
/// currency (`<cache>/prices/coinbase-bitcoin-BTC-USD.json`): a past day's open never changes,
/// so a day asked once is never asked again (nor a day the source left out), and when the
/// source cannot be reached the days kept are still answered. Today is kept once its open came
/// back (it does not change after 00:00 UTC), else asked again. Hourly
/// candles are kept alike, closed hours for good, the current hour always asked. A pair the
/// source does not list is remembered for a day (``UnlistedPair``).
package struct CachedPriceSource: PriceSource {
  private let inner: any PriceSource
  private let directory: URL
  private let timeSource: any TimeSource

  /// `inner`, its answers kept in `directory`.
  package init(_ inner: any PriceSource, directory: URL, timeSource: any TimeSource) {
    self.inner = inner
    self.directory = directory
    self.timeSource = timeSource
  }

  /// How outputs name it.
  package var name: PriceSourceName { inner.name }

  /// Whether its source has hourly candles.
  package var hasHourlyCandles: Bool { inner.hasHourlyCandles }

  /// The most hourly candles one request of its source carries.
  package var hourlyPage: Int { inner.hourlyPage }

  /// Its source's hourly opens: closed hours kept as closed days are (in
  /// `<cache>/prices/coinbase-bitcoin-BTC-USD-hourly.json`), never asked again; a span reaching
  /// the current hour is asked, and that hour not kept. `nil` (no hourly candles in `currency`)
  /// is passed on.
  package func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>)
    async -> HourlyAnswer?
  {
    let currentHour = HourlyOpens.hour(of: timeSource.now())
    let file = file(of: coin, in: currency, suffix: "-hourly")
    let cached = load(file).flatMap { CachedHourlyOpens(json: $0) }
    if let cached, hours.upperBound < currentHour, cached.covers(hours) {
      return .opens(cached.opens(in: hours))
    }
    let answer = await inner.hourlyOpens(of: coin, in: currency, hours: hours)
    guard case .opens(let opens)? = answer else {
      // Unreachable, rate limited: what is kept still answers.
      if let kept = cached?.opens(in: hours), !kept.opens.isEmpty { return .opens(kept) }
      return answer
    }
    var updated = cached ?? CachedHourlyOpens(pair: opens.pair)
    updated.add(opens, for: hours, currentHour: currentHour)
    if updated != cached { save(updated.json, to: file) }
    return answer
  }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    let today = UTCDay(timeSource.now())
    let file = file(of: coin, in: currency)
    let cached = load(file).flatMap { CachedOpens(json: $0) }
    if let cached, days.upperBound <= today, cached.covers(days) {
      return .opens(cached.opens(in: days))
    }
    let answer = await unlistedOrAsked(coin, in: currency) {
      await inner.dailyOpens(of: coin, in: currency, days: days)
    }
    guard case .opens(let opens) = answer else {
      // Unreachable, rate limited: what is kept still answers.
      if let kept = cached?.opens(in: days), !kept.opens.isEmpty { return .opens(kept) }
      return answer
    }
    var updated = cached ?? CachedOpens(empty: opens)
    updated.add(opens, for: days, today: today)
    if updated != cached { save(updated.json, to: file) }
    return answer
  }

  /// The source's answer that it lists no pair for `coin` in `currency`, when it said so in
  /// the last day (kept in `…-unlisted.json`), else `ask`'s answer, an unlisted one kept.
  private func unlistedOrAsked(
    _ coin: PricedCoin, in currency: String, _ ask: () async -> PriceSourceAnswer
  ) async -> PriceSourceAnswer {
    let file = file(of: coin, in: currency, suffix: "-unlisted")
    let now = timeSource.now().timeIntervalSince1970
    if let kept = load(file).flatMap({ UnlistedPair(json: $0) }), kept.holds(at: now) {
      return .unlisted(kept.reason)
    }
    let answer = await ask()
    if case .unlisted(let reason) = answer {
      save(UnlistedPair(reason: reason, saidAt: now).json, to: file)
    }
    return answer
  }

  /// `<name>-<id>-<BASE>-<CUR><suffix>.json` in the cache's folder.
  private func file(of coin: PricedCoin, in currency: String, suffix: String = "") -> URL {
    directory.appendingPathComponent(
      "\(name.rawValue)-\(SafeName.of(coin.id))-\(SafeName.of(coin.exchangeBase))-"
        + "\(SafeName.of(currency.uppercased()))\(suffix).json")
  }

  private func load(_ file: URL) -> JSONValue? {
    guard let bytes = try? Data(contentsOf: file) else { return nil }
    return try? JSONValueParser.parse([UInt8](bytes))
  }

  private func save(_ json: JSONValue, to file: URL) {
    try? Folder.create(directory)
    try? AtomicFile.write(Array(JSONValueWriter.write(json).utf8), to: file, durable: false)
  }
}
