import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins price`: one line per coin (`BTC $91,500.00 +0.89%`), a template's lines, or JSON.
package enum PriceView {
  /// The default lines; figures that are not live say so at the end of each line, since a
  /// status bar shows no title.
  package static func lines(
    _ quotes: [PriceQuote], of answer: Sourced<[CoinPrice]>, currency: String, now: Date
  ) -> [String] {
    let style = CurrencyStyle(code: currency)
    let label: String
    switch answer.source {
    case .live: label = ""
    case .cache: label = " (CACHED \(SnapshotLabel.age(now.timeIntervalSince(answer.asOf))) ago)"
    case .sample: label = " (SAMPLE DATA)"
    }
    return quotes.map {
      "\($0.coin.symbol.uppercased()) \(NumberFormat.price($0.price.price, currency: style)) "
        + NumberFormat.percent($0.price.change24h) + label
    }
  }

  /// Each quote through `template`.
  package static func lines(
    _ quotes: [PriceQuote], template: PriceTemplate, of answer: Sourced<[CoinPrice]>,
    currency: String, now: Date
  ) -> [String] {
    let style = CurrencyStyle(code: currency)
    return quotes.map { quote in
      template.render { placeholder in
        switch placeholder {
        case .symbol: quote.coin.symbol.uppercased()
        case .name: quote.coin.name
        case .id: quote.coin.id
        case .price: NumberFormat.price(quote.price.price, currency: style)
        case .number: quote.price.price.flatMap(JSONText.exact) ?? NumberFormat.unknown
        case .change24h: NumberFormat.percent(quote.price.change24h)
        case .currency: style.displayCode
        case .source: answer.source.rawValue
        case .age: SnapshotLabel.age(now.timeIntervalSince(answer.asOf))
        }
      }
    }
  }

  /// `{"source","asOf","currency","prices":[{"id","symbol","name","price","change24h",
  /// "updatedAt"}]}`.
  package static func json(
    _ quotes: [PriceQuote], of answer: Sourced<[CoinPrice]>, currency: String
  ) -> String {
    let prices = quotes.map {
      JSONText.object([
        ("id", JSONText.string($0.coin.id)),
        ("symbol", JSONText.string($0.coin.symbol)),
        ("name", JSONText.string($0.coin.name)),
        ("price", JSONText.number($0.price.price)),
        ("change24h", JSONText.number($0.price.change24h)),
        ("updatedAt", AnswerJSON.date($0.price.updatedAt)),
      ])
    }
    return JSONText.object(
      AnswerJSON.header(answer, currency: currency) + [("prices", JSONText.array(prices))])
  }
}
