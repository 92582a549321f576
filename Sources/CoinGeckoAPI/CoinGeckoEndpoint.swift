#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The CoinGecko API calls `coins` makes, each turned into a path and query.
package enum CoinGeckoEndpoint: Sendable, Equatable {
  /// The most requests `/coins/markets` answers in one page, and the most ids per request.
  package static let maxPerPage = 250

  /// `/coins/markets` by market cap, one page, with sparklines and 1h/24h/7d changes.
  case markets(currency: String, page: Int, perPage: Int)
  /// `/coins/markets` for these ids only (at most ``maxPerPage``).
  case marketsByIDs(currency: String, ids: [String])
  /// `/search?query=…`.
  case search(query: String)
  /// `/global`.
  case global
  /// `/coins/markets` for one category (`category=…`), one page, like ``markets``.
  case categoryMarkets(currency: String, category: String, page: Int)
  /// `/simple/price` for these ids in one currency, with the 24h change and update time.
  case simplePrice(ids: [String], currency: String)
  /// `/exchange_rates`: every currency's units per bitcoin.
  case exchangeRates
  /// `/search/trending`.
  case trending
  /// `/coins/categories`, largest market cap first.
  case categories
  /// `/coins/{id}/history?date=DD-MM-YYYY&localization=false`: the 00:00 UTC snapshot of a day.
  case history(id: String, date: String)
  /// `/coins/{id}/market_chart?vs_currency=…&days=N` (`days` a number or `max`).
  case marketChart(id: String, currency: String, days: String)
  /// `/coins/{id}/market_chart/range?vs_currency=…&from=…&to=…` (UNIX seconds).
  case marketChartRange(id: String, currency: String, from: Int64, to: Int64)
  /// `/coins/{id}/ohlc?vs_currency=…&days=N`.
  case ohlc(id: String, currency: String, days: String)

  package var path: String {
    switch self {
    case .markets, .marketsByIDs, .categoryMarkets: "/coins/markets"
    case .search: "/search"
    case .global: "/global"
    case .simplePrice: "/simple/price"
    case .exchangeRates: "/exchange_rates"
    case .trending: "/search/trending"
    case .categories: "/coins/categories"
    case .history(let id, _): "/coins/\(Self.pathSegment(id))/history"
    case .marketChart(let id, _, _): "/coins/\(Self.pathSegment(id))/market_chart"
    case .marketChartRange(let id, _, _, _): "/coins/\(Self.pathSegment(id))/market_chart/range"
    case .ohlc(let id, _, _): "/coins/\(Self.pathSegment(id))/ohlc"
    }
  }

  /// The query items every market page shares.
  private static func marketPage(currency: String, page: Int, perPage: Int) -> [URLQueryItem] {
    [
      URLQueryItem(name: "vs_currency", value: currency),
      URLQueryItem(name: "order", value: "market_cap_desc"),
      URLQueryItem(name: "per_page", value: String(min(perPage, Self.maxPerPage))),
      URLQueryItem(name: "page", value: String(page)),
      URLQueryItem(name: "sparkline", value: "true"),
      URLQueryItem(name: "price_change_percentage", value: "1h,24h,7d"),
    ]
  }

  package var queryItems: [URLQueryItem] {
    switch self {
    case .markets(let currency, let page, let perPage):
      Self.marketPage(currency: currency, page: page, perPage: perPage)
    case .categoryMarkets(let currency, let category, let page):
      [URLQueryItem(name: "category", value: category)]
        + Self.marketPage(currency: currency, page: page, perPage: Self.maxPerPage)
    case .simplePrice(let ids, let currency):
      [
        URLQueryItem(name: "ids", value: ids.joined(separator: ",")),
        URLQueryItem(name: "vs_currencies", value: currency),
        URLQueryItem(name: "include_24hr_change", value: "true"),
        URLQueryItem(name: "include_last_updated_at", value: "true"),
      ]
    case .marketsByIDs(let currency, let ids):
      [
        URLQueryItem(name: "vs_currency", value: currency),
        URLQueryItem(name: "ids", value: ids.prefix(Self.maxPerPage).joined(separator: ",")),
        URLQueryItem(name: "order", value: "market_cap_desc"),
        URLQueryItem(name: "per_page", value: String(Self.maxPerPage)),
        URLQueryItem(name: "page", value: "1"),
        URLQueryItem(name: "sparkline", value: "true"),
        URLQueryItem(name: "price_change_percentage", value: "1h,24h,7d"),
      ]
    case .search(let query):
      [URLQueryItem(name: "query", value: query)]
    case .global, .exchangeRates, .trending, .categories:
      []
    case .history(_, let date):
      [
        URLQueryItem(name: "date", value: date),
        URLQueryItem(name: "localization", value: "false"),
      ]
    case .marketChart(_, let currency, let days), .ohlc(_, let currency, let days):
      [
        URLQueryItem(name: "vs_currency", value: currency),
        URLQueryItem(name: "days", value: days),
      ]
    case .marketChartRange(_, let currency, let from, let to):
      [
        URLQueryItem(name: "vs_currency", value: currency),
        URLQueryItem(name: "from", value: String(from)),
        URLQueryItem(name: "to", value: String(to)),
      ]
    }
  }

  /// A coin id made safe as one path segment: anything but letters, digits, `-`, `_` and `.`
  /// is percent-encoded (ids are plain, but `--id` is typed by people).
  static func pathSegment(_ id: String) -> String {
    var result = ""
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        result.append(Character(Unicode.Scalar(byte)))
      case UInt8(ascii: ".") where id != "." && id != "..":
        result.append(".")
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += (hex.count < 2 ? "%0" : "%") + hex
      }
    }
    return result
  }

  /// The full URL under `baseURL`, or `nil` when `baseURL` is not a usable URL.
  package func url(baseURL: String) -> URL? {
    guard var components = URLComponents(string: baseURL + path),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      components.host != nil
    else { return nil }
    let items = queryItems
    components.percentEncodedQuery = items.isEmpty ? nil : Self.percentEncodedQuery(items)
    return components.url
  }

  /// `name=value` pairs joined by `&`, each percent-encoded as `URLComponents.queryItems`
  /// encodes them, and `+` too: it is legal in a query but CoinGecko reads it as a space.
  /// (`,` stays readable.) Done by hand: `URLComponents` takes a tenth of a millisecond.
  package static func percentEncodedQuery(_ items: [URLQueryItem]) -> String {
    var query: [UInt8] = []
    for (index, item) in items.enumerated() {
      if index > 0 { query.append(UInt8(ascii: "&")) }
      appendEncoded(item.name, to: &query)
      guard let value = item.value else { continue }
      query.append(UInt8(ascii: "="))
      appendEncoded(value, to: &query)
    }
    return String(decoding: query, as: UTF8.self)
  }

  private static func appendEncoded(_ text: String, to query: inout [UInt8]) {
    for byte in text.utf8 {
      if isAllowedInQueryItem(byte) {
        query.append(byte)
      } else {
        query.append(UInt8(ascii: "%"))
        query.append(hexDigit(byte >> 4))
        query.append(hexDigit(byte & 0x0F))
      }
    }
  }

  /// The upper-case hex digit of a value below 16.
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }

  /// RFC 3986's query characters but `&`, `=` (which separate items) and `+`: unreserved
  /// characters, `!$'()*,;`, `:@`, `/` and `?`.
  private static func isAllowedInQueryItem(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-._~!$'()*,;:@/?".utf8.contains(byte)
    }
  }
}
