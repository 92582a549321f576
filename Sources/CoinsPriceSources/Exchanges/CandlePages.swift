import CoinsHTTP
import CoinsModel

/// An exchange's candles over a span of days or hours, asked page by page: what
/// ``BinanceKlines`` and ``CoinbaseCandles`` share.
enum CandlePages {
  /// What one page, or the whole walk, came to.
  enum Page: Equatable {
    /// The opens by period number (day or hour since 1970).
    case opens([Int: ExactDecimal])
    /// Why not, a sentence naming the exchange; `unlisted` when it does not list the pair.
    case refused(String, unlisted: Bool)
  }

  /// The opens of the periods `first...last`, asked `size` periods a page (`page` is given
  /// each page's span), the first answer for a period kept; or the first page's refusal.
  static func walk(
    _ first: Int, _ last: Int, size: Int, page: (ClosedRange<Int>) async -> Page
  ) async -> Page {
    var opens: [Int: ExactDecimal] = [:]
    var start = first
    while start <= last {
      let end = min(last, start + size - 1)
      switch await page(start...end) {
      case .opens(let found): opens.merge(found) { kept, _ in kept }
      case .refused(let reason, let unlisted): return .refused(reason, unlisted: unlisted)
      }
      start = end + 1
    }
    return .opens(opens)
  }

  /// One page: a GET of `url`, its body's candle rows read by `read` (`rows` names them in a
  /// refusal: `Binance's BTCUSDT klines`); any other answer refused as `refusal` says for the
  /// statuses the exchange gives a meaning, and else as every source says it.
  static func page(
    _ url: String, source: PriceSourceName, rows: String, through transport: any HTTPTransport,
    timeout: Double, refusal: (Int) -> Page?,
    read: ([UInt8]) throws(CandleRows.Unreadable) -> [Int: ExactDecimal]
  ) async -> Page {
    let name = source.displayName
    switch await SourceRequest.get(url, through: transport, timeout: timeout) {
    case .body(let body):
      do {
        return .opens(try read(body))
      } catch {
        return .refused("\(rows) cannot be read: \(error.detail)", unlisted: false)
      }
    case .status(let status, _):
      return refusal(status) ?? .refused("\(name) answered HTTP \(status)", unlisted: false)
    case .rateLimited(let refused):
      return .refused(
        SourceRequest.rateLimitReason(source, refusedByBudget: refused), unlisted: false)
    case .noAnswer(let why): return .refused("\(name) \(why)", unlisted: false)
    }
  }
}

extension CandlePages.Page {
  /// The walk's outcome as a daily source answers: day numbers made days, a pair it does not
  /// list said as unlisted.
  func daily(pair: String, viaUSDT: Bool = false) -> PriceSourceAnswer {
    switch self {
    case .opens(let opens):
      let days = Dictionary(uniqueKeysWithValues: opens.map { (UTCDay(number: $0.key), $0.value) })
      return .opens(DailyOpens(opens: days, pair: pair, viaUSDT: viaUSDT, carriesForward: true))
    case .refused(let reason, let unlisted):
      return unlisted ? .unlisted(reason) : .unavailable(reason)
    }
  }

  /// The walk's outcome as an hourly source answers (any refusal: unavailable).
  func hourly(pair: String) -> HourlyAnswer {
    switch self {
    case .opens(let opens): .opens(HourlyOpens(opens: opens, pair: pair))
    case .refused(let reason, _): .unavailable(reason)
    }
  }
}
