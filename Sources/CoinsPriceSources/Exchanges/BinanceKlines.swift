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
    let walked = await CandlePages.walk(days.lowerBound.number, last.number, size: Self.pageDays) {
      span in
      let url =
        "\(baseURL)/api/v3/klines?symbol=\(symbol)&interval=1d"
        + "&startTime=\(Int64(span.lowerBound) * 86_400_000)"
        + "&endTime=\(Int64(span.upperBound) * 86_400_000 + 86_399_999)&limit=\(Self.pageDays)"
      return await page(url, rows: "Binance's \(symbol) klines", symbol: symbol) {
        body throws(CandleRows.Unreadable) in
        try CandleRows.periodOpens(
          body, timeAt: 0, openAt: 1, millisecondTimes: true, period: 86_400,
          keep: span.contains)
      }
    }
    return walked.daily(pair: symbol, viaUSDT: true)
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
    let walked = await CandlePages.walk(hours.lowerBound, last, size: Self.pageDays) { span in
      let url =
        "\(baseURL)/api/v3/klines?symbol=\(symbol)&interval=1h"
        + "&startTime=\(Int64(span.lowerBound) * 3_600_000)"
        + "&endTime=\(Int64(span.upperBound) * 3_600_000 + 3_599_999)&limit=\(Self.pageDays)"
      return await page(url, rows: "Binance's \(symbol) hourly klines", symbol: symbol) {
        body throws(CandleRows.Unreadable) in
        try CandleRows.periodOpens(
          body, timeAt: 0, openAt: 1, millisecondTimes: true, period: 3_600, keep: span.contains)
      }
    }
    return walked.hourly(pair: symbol)
  }

  /// One page of klines: HTTP 451 (Binance serves no one here), 400 (no such symbol) and 418
  /// (an IP banned for ignoring 429s: a rate limit) as Binance means them.
  private func page(
    _ url: String, rows: String, symbol: String,
    read: ([UInt8]) throws(CandleRows.Unreadable) -> [Int: ExactDecimal]
  ) async -> CandlePages.Page {
    await CandlePages.page(
      url, source: .binance, rows: rows, through: transport, timeout: timeout,
      refusal: { status in
        switch status {
        case 451: .refused("Binance is unavailable here (HTTP 451)", unlisted: false)
        case 400: .refused("Binance lists no \(symbol)", unlisted: true)
        case 418:
          .refused(
            SourceRequest.rateLimitReason(.binance, refusedByBudget: false), unlisted: false)
        default: nil
        }
      }, read: read)
  }
}
