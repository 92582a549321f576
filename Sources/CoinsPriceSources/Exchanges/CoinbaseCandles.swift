import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

/// Coinbase Exchange's public daily candles: `GET /products/{BASE}-{QUOTE}/candles
/// ?granularity=86400&start=…&end=…`, for pairs quoted in USD, EUR or GBP. A request covers at
/// most 300 candles (a longer span is refused, not cut), so a long span is asked in pages; rows
/// come newest first, may start before `start`, and leave out days without trades (the chain
/// carries the last earlier open forward).
package struct CoinbaseCandles: PriceSource {
  /// The quote currencies asked for.
  package static let quotes: Set<String> = ["USD", "EUR", "GBP"]
  /// The most candles one request may cover.
  package static let pageDays = 300

  private let baseURL: String
  private let transport: any HTTPTransport
  private let timeSource: any TimeSource
  private let timeout: Double

  /// Candles from `baseURL` through `transport`; days after today (by `timeSource`) are not
  /// asked.
  package init(
    baseURL: String, transport: any HTTPTransport, timeSource: any TimeSource,
    timeout: Double = 10
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.timeSource = timeSource
    self.timeout = timeout
  }

  /// How outputs name it.
  package var name: PriceSourceName { .coinbase }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    guard Self.quotes.contains(currency) else {
      return .unavailable("Coinbase quotes only USD, EUR and GBP, not \(currency)")
    }
    let product = "\(SafeName.of(coin.exchangeBase))-\(currency)"
    let last = min(days.upperBound, UTCDay(timeSource.now()))
    var opens: [UTCDay: ExactDecimal] = [:]
    var pageStart = days.lowerBound
    while pageStart <= last {
      let pageEnd = min(last, pageStart.adding(days: Self.pageDays - 1))
      let url =
        "\(baseURL)/products/\(product)/candles?granularity=86400"
        + "&start=\(Self.iso(pageStart))&end=\(Self.iso(pageEnd))"
      switch await SourceRequest.get(url, through: transport, timeout: timeout) {
      case .body(let body):
        do {
          let page = try CandleRows.opens(
            body, timeAt: 0, openAt: 3, millisecondTimes: false,
            keep: { (pageStart...pageEnd).contains($0) })
          opens.merge(page) { first, _ in first }
        } catch {
          return .unavailable("Coinbase's \(product) candles cannot be read: \(error.detail)")
        }
      case .status(404, _): return .unlisted("Coinbase lists no \(product)")
      case .rateLimited(let refused):
        return .unavailable(SourceRequest.rateLimitReason(.coinbase, refusedByBudget: refused))
      case .status(let status, _): return .unavailable("Coinbase answered HTTP \(status)")
      case .noAnswer(let why): return .unavailable("Coinbase \(why)")
      }
      pageStart = pageEnd.adding(days: 1)
    }
    return .opens(DailyOpens(opens: opens, pair: product, carriesForward: true))
  }

  /// It has hourly candles (`granularity=3600`).
  package var hasHourlyCandles: Bool { true }

  /// 300 hourly candles a request (12.5 days).
  package var hourlyPage: Int { Self.pageDays }

  /// The hourly opens of `coin` in `currency` over `hours` (hours since 1970): `granularity=3600`,
  /// 300 candles a request, `start` and `end` in UNIX seconds.
  package func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>)
    async -> HourlyAnswer?
  {
    guard Self.quotes.contains(currency) else { return nil }
    let product = "\(SafeName.of(coin.exchangeBase))-\(currency)"
    let last = min(hours.upperBound, HourlyOpens.hour(of: timeSource.now()))
    var opens: [Int: ExactDecimal] = [:]
    var pageStart = hours.lowerBound
    while pageStart <= last {
      let pageEnd = min(last, pageStart + Self.pageDays - 1)
      let url =
        "\(baseURL)/products/\(product)/candles?granularity=3600"
        + "&start=\(pageStart * 3_600)&end=\(pageEnd * 3_600)"
      switch await SourceRequest.get(url, through: transport, timeout: timeout) {
      case .body(let body):
        do {
          let page = try CandleRows.periodOpens(
            body, timeAt: 0, openAt: 3, millisecondTimes: false, period: 3_600,
            keep: { (pageStart...pageEnd).contains($0) })
          opens.merge(page) { first, _ in first }
        } catch {
          return .unavailable(
            "Coinbase's \(product) hourly candles cannot be read: \(error.detail)")
        }
      case .status(404, _): return .unavailable("Coinbase lists no \(product)")
      case .rateLimited(let refused):
        return .unavailable(SourceRequest.rateLimitReason(.coinbase, refusedByBudget: refused))
      case .status(let status, _): return .unavailable("Coinbase answered HTTP \(status)")
      case .noAnswer(let why): return .unavailable("Coinbase \(why)")
      }
      pageStart = pageEnd + 1
    }
    return .opens(HourlyOpens(opens: opens, pair: product))
  }

  private static func iso(_ day: UTCDay) -> String { "\(day)T00:00:00Z" }
}
