import CoinGeckoAPI
import CoinsModel
import Foundation

/// One element of a `/coins/markets` answer, written out as JSON by ``json``.
package struct MarketFixture {
  package var id: String
  package var symbol: String
  package var name: String
  package var rank: Int?
  package var price: Double?
  package var change1h: Double?
  package var change24h: Double?
  package var change7d: Double?
  package var marketCap: Double?
  package var volume: Double?
  /// `nil` leaves `sparkline_in_7d` out.
  package var sparkline: [Double?]?
  package var lastUpdated = "2025-07-25T14:53:00.000Z"

  package init(
    id: String, symbol: String, name: String, rank: Int?, price: Double? = nil,
    change1h: Double? = nil, change24h: Double? = nil, change7d: Double? = nil,
    marketCap: Double? = nil, volume: Double? = nil, sparkline: [Double?]? = nil
  ) {
    self.id = id
    self.symbol = symbol
    self.name = name
    self.rank = rank
    self.price = price
    self.change1h = change1h
    self.change24h = change24h
    self.change7d = change7d
    self.marketCap = marketCap
    self.volume = volume
    self.sparkline = sparkline
  }

  package var json: String {
    var members = [
      "\"id\":\(Fixtures.string(id))", "\"symbol\":\(Fixtures.string(symbol))",
      "\"name\":\(Fixtures.string(name))",
      "\"image\":\(Fixtures.string("https://example.test/\(id).png"))",
      "\"current_price\":\(Fixtures.number(price))",
      "\"market_cap\":\(Fixtures.number(marketCap))",
      "\"market_cap_rank\":\(rank.map(String.init) ?? "null")",
      "\"total_volume\":\(Fixtures.number(volume))",
      "\"price_change_percentage_24h\":\(Fixtures.number(change24h))",
      "\"price_change_percentage_1h_in_currency\":\(Fixtures.number(change1h))",
      "\"price_change_percentage_24h_in_currency\":\(Fixtures.number(change24h))",
      "\"price_change_percentage_7d_in_currency\":\(Fixtures.number(change7d))",
      "\"last_updated\":\(Fixtures.string(lastUpdated))",
    ]
    if let sparkline {
      let points = sparkline.map(Fixtures.number).joined(separator: ",")
      members.append("\"sparkline_in_7d\":{\"price\":[\(points)]}")
    }
    return "{" + members.joined(separator: ",") + "}"
  }
}

package enum Fixtures {
  /// Bitcoin, Ethereum and a tiny-priced coin with gaps, in rank order.
  package static let three: [MarketFixture] = [
    MarketFixture(
      id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1, price: 50_000, change1h: 0.12,
      change24h: -1.5, change7d: 3.456, marketCap: 1.82e12, volume: 63.2e9,
      sparkline: [1, 2, 3, 4, 5, 6, 7, 8]),
    MarketFixture(
      id: "ethereum", symbol: "eth", name: "Ethereum", rank: 2, price: 3_000.5, change1h: -0.05,
      change24h: 2.25, change7d: -4, marketCap: 360.4e9, volume: 18.75e9,
      sparkline: [8, 7, 6, 5, 4, 3, 2, 1]),
    MarketFixture(
      id: "shiba-inu", symbol: "shib", name: "Shiba Inu", rank: 3, price: 0.0000085,
      change1h: nil, change24h: 0, change7d: nil, marketCap: nil, volume: 512e6,
      sparkline: [nil, 2, 2, nil]),
  ]

  /// A `/coins/markets` body.
  package static func body(_ coins: [MarketFixture]) -> String {
    "[" + coins.map(\.json).joined(separator: ",") + "]"
  }

  /// Page `page` of the market: `size` coins ranked `(page - 1) * 250 + 1` onwards.
  package static func page(_ page: Int, size: Int = 250) -> [MarketFixture] {
    (0..<size).map { index in
      let rank = (page - 1) * 250 + index + 1
      return MarketFixture(
        id: "coin-\(rank)", symbol: "c\(rank)", name: "Coin \(rank)", rank: rank,
        price: Double(10_000 - rank), marketCap: Double(1_000_000 - rank) * 1e6)
    }
  }

  /// A JSON string literal.
  package static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// A JSON number, or `null`.
  package static func number(_ value: Double?) -> String {
    value.map { "\($0)" } ?? "null"
  }

  /// A coin for renderer tests.
  package static func coin(
    _ id: String, rank: Int?, name: String? = nil, price: Double? = nil, change1h: Double? = nil,
    change24h: Double? = nil, change7d: Double? = nil, marketCap: Double? = nil,
    volume: Double? = nil, sparkline: [Double?] = []
  ) -> Coin {
    Coin(
      id: id, symbol: String(id.prefix(4)), name: name ?? id.capitalized, rank: rank, price: price,
      change1h: change1h, change24h: change24h, change7d: change7d, marketCap: marketCap,
      volume: volume, sparkline: sparkline)
  }

  /// The three coins of ``three`` as `Coin` values, as decoded.
  package static var threeCoins: [Coin] {
    (try? MarketsDecoder.decode(Data(body(three).utf8))) ?? []
  }

  /// A snapshot of ``threeCoins``.
  package static func snapshot(
    asOf: Date = ManualTimeSource.start, source: DataSource = .live, staleReason: String? = nil
  ) -> MarketSnapshot {
    MarketSnapshot(
      coins: threeCoins, currency: "usd", asOf: asOf, source: source, staleReason: staleReason)
  }
}
