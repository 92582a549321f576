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
/// source cannot be reached the days kept are still answered. Today is always asked.
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

  /// Its source's hourly opens, asked each time (an hour is asked only for a transaction with
  /// a time, so rarely twice: they are not kept).
  package func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>)
    async -> HourlyAnswer?
  {
    await inner.hourlyOpens(of: coin, in: currency, hours: hours)
  }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    let today = UTCDay(timeSource.now())
    let file = directory.appendingPathComponent(
      "\(name.rawValue)-\(SafeName.of(coin.id))-\(SafeName.of(coin.exchangeBase))-"
        + "\(SafeName.of(currency.uppercased())).json")
    let cached = load(file)
    if let cached, days.upperBound < today, cached.covers(days) {
      return .opens(cached.opens(in: days))
    }
    let answer = await inner.dailyOpens(of: coin, in: currency, days: days)
    guard case .opens(let opens) = answer else {
      // Unreachable, rate limited: what is kept still answers.
      if let kept = cached?.opens(in: days), !kept.opens.isEmpty { return .opens(kept) }
      return answer
    }
    var updated = cached ?? CachedOpens(empty: opens)
    updated.add(opens, for: days, today: today)
    if updated != cached {
      try? Folder.create(directory)
      try? AtomicFile.write(
        Array(JSONValueWriter.write(updated.json).utf8), to: file, durable: false)
    }
    return answer
  }

  private func load(_ file: URL) -> CachedOpens? {
    guard let bytes = try? Data(contentsOf: file),
      let json = try? JSONValueParser.parse([UInt8](bytes))
    else { return nil }
    return CachedOpens(json: json)
  }
}
