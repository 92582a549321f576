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
    let walked = await CandlePages.walk(days.lowerBound.number, last.number, size: Self.pageDays) {
      span in
      let url =
        "\(baseURL)/products/\(product)/candles?granularity=86400"
        + "&start=\(Self.iso(span.lowerBound))&end=\(Self.iso(span.upperBound))"
      return await page(url, rows: "Coinbase's \(product) candles", product: product) {
        body throws(CandleRows.Unreadable) in
        try CandleRows.periodOpens(
          body, timeAt: 0, openAt: 3, millisecondTimes: false, period: 86_400,
          keep: span.contains)
      }
    }
    return walked.daily(pair: product)
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
    let walked = await CandlePages.walk(hours.lowerBound, last, size: Self.pageDays) { span in
      let url =
        "\(baseURL)/products/\(product)/candles?granularity=3600"
        + "&start=\(span.lowerBound * 3_600)&end=\(span.upperBound * 3_600)"
      return await page(url, rows: "Coinbase's \(product) hourly candles", product: product) {
        body throws(CandleRows.Unreadable) in
        try CandleRows.periodOpens(
          body, timeAt: 0, openAt: 3, millisecondTimes: false, period: 3_600, keep: span.contains)
      }
    }
    return walked.hourly(pair: product)
  }

  /// One page of candles: HTTP 404 means Coinbase lists no such product.
  private func page(
    _ url: String, rows: String, product: String,
    read: ([UInt8]) throws(CandleRows.Unreadable) -> [Int: ExactDecimal]
  ) async -> CandlePages.Page {
    await CandlePages.page(
      url, source: .coinbase, rows: rows, through: transport, timeout: timeout,
      refusal: { $0 == 404 ? .refused("Coinbase lists no \(product)", unlisted: true) : nil },
      read: read)
  }

  /// A day's midnight as Coinbase's `start` and `end` take it.
  private static func iso(_ day: Int) -> String { "\(UTCDay(number: day))T00:00:00Z" }
}
