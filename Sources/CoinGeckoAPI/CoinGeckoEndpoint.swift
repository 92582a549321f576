import Foundation

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
  /// `/coins/{id}/history?date=DD-MM-YYYY&localization=false`: the 00:00 UTC snapshot of a day.
  case history(id: String, date: String)
  /// `/coins/bitcoin/market_chart?vs_currency=…&days=…`: bitcoin's daily price in a currency,
  /// for exchange rates by day (see ``CoinGeckoClient/bitcoinDailyPrices(currency:)``).
  case bitcoinDailyChart(currency: String, days: Int)
  /// `/exchange_rates`: today's rates, each relative to 1 BTC.
  case exchangeRates

  var path: String {
    switch self {
    case .markets, .marketsByIDs: "/coins/markets"
    case .search: "/search"
    case .global: "/global"
    case .history(let id, _): "/coins/\(id)/history"
    case .bitcoinDailyChart: "/coins/bitcoin/market_chart"
    case .exchangeRates: "/exchange_rates"
    }
  }

  var queryItems: [URLQueryItem] {
    switch self {
    case .markets(let currency, let page, let perPage):
      [
        URLQueryItem(name: "vs_currency", value: currency),
        URLQueryItem(name: "order", value: "market_cap_desc"),
        URLQueryItem(name: "per_page", value: String(min(perPage, Self.maxPerPage))),
        URLQueryItem(name: "page", value: String(page)),
        URLQueryItem(name: "sparkline", value: "true"),
        URLQueryItem(name: "price_change_percentage", value: "1h,24h,7d"),
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
    case .global:
      []
    case .bitcoinDailyChart(let currency, let days):
      [
        URLQueryItem(name: "vs_currency", value: currency),
        URLQueryItem(name: "days", value: String(days)),
      ]
    case .exchangeRates:
      []
    case .history(_, let date):
      [
        URLQueryItem(name: "date", value: date),
        URLQueryItem(name: "localization", value: "false"),
      ]
    }
  }

  /// The full URL under `baseURL`, or `nil` when `baseURL` is not a usable URL.
  func url(baseURL: String) -> URL? {
    guard var components = URLComponents(string: baseURL + path),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      components.host != nil
    else { return nil }
    let items = queryItems
    components.queryItems = items.isEmpty ? nil : items
    // `+` is legal in a query but CoinGecko reads it as a space; `,` stays readable.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    return components.url
  }
}
