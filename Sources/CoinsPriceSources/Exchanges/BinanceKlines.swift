import CoinGeckoAPI
import CoinsHTTP
import CoinsModel

/// Binance's public daily klines against USDT: `GET /api/v3/klines?symbol={BASE}USDT
/// &interval=1d&startTime=…&endTime=…&limit=1000` (milliseconds), valued in USD at 1 USDT =
/// 1 USD and labelled so. The 1d kline opens at 00:00 UTC; rows are `[openTime, "open", "high",
/// "low", "close", …]`, numbers as strings, oldest first. HTTP 451 means Binance serves no one
/// where the request comes from: unavailable here, not an error.
package struct BinanceKlines: PriceSource {
  /// The most klines one request returns.
  package static let pageDays = 1000

  private let baseURL: String
  private let transport: any HTTPTransport
  private let timeSource: any TimeSource
  private let timeout: Double

  /// Klines from `baseURL` through `transport`; days after today (by `timeSource`) are not
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
  package var name: PriceSourceName { .binance }

  /// The opens of `coin` in `currency` on the days of `days` it has, or why none.
  package func dailyOpens(of coin: PricedCoin, in currency: String, days: ClosedRange<UTCDay>)
    async -> PriceSourceAnswer
  {
    guard currency == "USD" else {
      return .unavailable("Binance prices only in USD (via USDT), not \(currency)")
    }
    let symbol = "\(SafeName.of(coin.exchangeBase))USDT"
    let last = min(days.upperBound, UTCDay(timeSource.now()))
    var opens: [UTCDay: ExactDecimal] = [:]
    var pageStart = days.lowerBound
    while pageStart <= last {
      let pageEnd = min(last, pageStart.adding(days: Self.pageDays - 1))
      let url =
        "\(baseURL)/api/v3/klines?symbol=\(symbol)&interval=1d"
        + "&startTime=\(pageStart.unixSeconds * 1000)"
        + "&endTime=\(pageEnd.unixSeconds * 1000 + 86_399_999)&limit=\(Self.pageDays)"
      switch await SourceRequest.get(url, through: transport, timeout: timeout) {
      case .body(let body):
        do {
          let page = try CandleRows.opens(
            body, timeAt: 0, openAt: 1, millisecondTimes: true,
            keep: { (pageStart...pageEnd).contains($0) })
          opens.merge(page) { first, _ in first }
        } catch {
          return .unavailable("Binance's \(symbol) klines cannot be read: \(error.detail)")
        }
      case .status(451, _): return .unavailable("Binance is unavailable here (HTTP 451)")
      case .status(400, _): return .unlisted("Binance lists no \(symbol)")
      case .rateLimited(let refused):
        return .unavailable(SourceRequest.rateLimitReason(.binance, refusedByBudget: refused))
      case .status(418, _):
        return .unavailable(SourceRequest.rateLimitReason(.binance, refusedByBudget: false))
      case .status(let status, _): return .unavailable("Binance answered HTTP \(status)")
      case .noAnswer(let why): return .unavailable("Binance \(why)")
      }
      pageStart = pageEnd.adding(days: 1)
    }
    return .opens(DailyOpens(opens: opens, pair: symbol, viaUSDT: true, carriesForward: true))
  }

  /// It has hourly klines (`interval=1h`).
  package var hasHourlyCandles: Bool { true }

  /// 1,000 hourly klines a request.
  package var hourlyPage: Int { Self.pageDays }

  /// The hourly opens of `coin` in USD (via USDT) over `hours` (hours since 1970):
  /// `interval=1h`, 1,000 klines a request.
  package func hourlyOpens(of coin: PricedCoin, in currency: String, hours: ClosedRange<Int>)
    async -> HourlyAnswer?
  {
    guard currency == "USD" else { return nil }
    let symbol = "\(SafeName.of(coin.exchangeBase))USDT"
    let last = min(hours.upperBound, HourlyOpens.hour(of: timeSource.now()))
    var opens: [Int: ExactDecimal] = [:]
    var pageStart = hours.lowerBound
    while pageStart <= last {
      let pageEnd = min(last, pageStart + Self.pageDays - 1)
      let url =
        "\(baseURL)/api/v3/klines?symbol=\(symbol)&interval=1h"
        + "&startTime=\(Int64(pageStart) * 3_600_000)"
        + "&endTime=\(Int64(pageEnd) * 3_600_000 + 3_599_999)&limit=\(Self.pageDays)"
      switch await SourceRequest.get(url, through: transport, timeout: timeout) {
      case .body(let body):
        do {
          let page = try CandleRows.periodOpens(
            body, timeAt: 0, openAt: 1, millisecondTimes: true, period: 3_600,
            keep: { (pageStart...pageEnd).contains($0) })
          opens.merge(page) { first, _ in first }
        } catch {
          return .unavailable("Binance's \(symbol) hourly klines cannot be read: \(error.detail)")
        }
      case .status(451, _): return .unavailable("Binance is unavailable here (HTTP 451)")
      case .status(400, _): return .unavailable("Binance lists no \(symbol)")
      case .rateLimited(let refused):
        return .unavailable(SourceRequest.rateLimitReason(.binance, refusedByBudget: refused))
      case .status(let status, _): return .unavailable("Binance answered HTTP \(status)")
      case .noAnswer(let why): return .unavailable("Binance \(why)")
      }
      pageStart = pageEnd + 1
    }
    return .opens(HourlyOpens(opens: opens, pair: symbol))
  }
}
