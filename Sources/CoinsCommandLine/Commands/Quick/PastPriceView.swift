import CoinsModel
import CoinsPresentation
import CoinsPriceSources
import CoinsSupport

/// How `coins price <coin> --date` shows a past day's price and its source.
enum PastPriceView {
  /// `$57,714.66`; a price under 1 keeps its significant digits (`$0.0000123`).
  static func money(_ price: DailyPrice) -> String {
    let style = CurrencyStyle(code: price.currency)
    let decimal = price.price.decimal
    if decimal >= 1 { return MoneyFormat.text(decimal, currency: style) }
    return NumberFormat.price(Double(price.price.text), currency: style)
  }

  /// Where it came from, in words: `Coinbase BTC-USD open`, `Binance BTCUSDT open via USDT`,
  /// `your price from prices.csv`, `CoinGecko's daily price`; by hour precision `Coinbase
  /// BTC-USD open of 10:00 UTC`, or the fallback `… open of the day (no hourly candle)`; with `, carried forward from
  /// 2021-04-29`, `, not checked against CoinGecko` and `, from USD at the ECB's rate of
  /// 2024-05-03` where they apply.
  static func source(_ price: DailyPrice) -> String {
    let provenance = price.provenance
    let pair = provenance.pair.map { " " + Sanitizer.clean($0) } ?? ""
    var text: String
    switch provenance.source {
    case .yours:
      text = "your price" + (provenance.file.map { " from \(Sanitizer.clean($0))" } ?? "")
    case .coingecko: text = "CoinGecko's daily price"
    case .coinbase: text = "Coinbase\(pair) open"
    case .binance: text = "Binance\(pair) open"
    case .ecb: text = "the ECB"
    }
    if let hour = provenance.hour { text += " of \(PriceProvenance.clock(hour))" }
    if provenance.dayOpenFallback {
      switch provenance.source {
      case .yours: text += ", the day's price"
      case .coingecko, .ecb: text += " (no hourly candle)"
      case .coinbase, .binance: text += " of the day (no hourly candle)"
      }
    }
    if provenance.viaUSDT { text += " via USDT" }
    if provenance.carriedForwardDays > 0 {
      text += ", carried forward from \(price.day.adding(days: -provenance.carriedForwardDays))"
    }
    if provenance.unverified { text += ", not checked against CoinGecko" }
    if let from = provenance.convertedFrom, let rate = provenance.conversion {
      text += ", from \(from) at the ECB's rate of \(rate.fixingDay)"
    }
    return text
  }

  /// `{"id":"bitcoin","symbol":"btc","name":"Bitcoin","date":"2021-05-01","price":57714.66,
  /// "currency":"usd","source":"coinbase","label":"coinbase","pair":"BTC-USD","file":null}`.
  static func json(_ price: DailyPrice, coin: SearchResult) -> String {
    let provenance = price.provenance
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    return JSONValueWriter.write(
      .object([
        JSONMember("id", .string(coin.id)),
        JSONMember("symbol", .string(coin.symbol.lowercased())),
        JSONMember("name", .string(coin.name)),
        JSONMember("date", .string("\(price.day)")),
        JSONMember("price", .number(price.price.text)),
        JSONMember("currency", .string(price.currency.lowercased())),
        JSONMember("source", .string(provenance.source.rawValue)),
        JSONMember("label", .string(provenance.label)),
        JSONMember("pair", optional(provenance.pair)),
        JSONMember("file", optional(provenance.file)),
      ]))
  }
}
