import CoinsTestSupport
import Foundation

/// A top-250 `/coins/markets` answer with 168-point sparklines, written like CoinGecko's:
/// every field, nulls where real answers have them, and full-precision (16–17 digit) prices.
/// Seeded, so every run decodes the same bytes.
enum MarketFixture {
  static func top250() -> Data {
    var random = SeededRandom(seed: 250)
    var text = "["
    for rank in 1...250 {
      if rank > 1 { text += "," }
      let price = 90_000 / pow(Double(rank), 1.7) * (1 + random.unit() * 0.1)
      let cap = price * 1e7 * (1 + random.unit())
      var points: [String] = []
      var value = price * 0.97
      for _ in 0..<168 {
        value *= 1 + (random.unit() - 0.5) * 0.01
        points.append("\(value)")
      }
      func maybe(_ number: Double, nullOneIn: UInt64) -> String {
        random.next() % nullOneIn == 0 ? "null" : "\(number)"
      }
      text += """
        {"id":"coin-\(rank)","symbol":"c\(rank)","name":"Coin Number \(rank)",\
        "image":"https://coin-images.coingecko.com/coins/images/\(rank)/large/coin.png?1696501400",\
        "current_price":\(price),"market_cap":\(cap.rounded()),"market_cap_rank":\(rank),\
        "fully_diluted_valuation":\(maybe(cap * 1.1, nullOneIn: 4)),\
        "total_volume":\((cap * 0.05).rounded()),"high_24h":\(price * 1.02),\
        "low_24h":\(price * 0.98),"price_change_24h":\(price * 0.01),\
        "price_change_percentage_24h":\(random.unit() * 4 - 2),\
        "market_cap_change_24h":\(cap * 0.01),\
        "market_cap_change_percentage_24h":\(random.unit() * 4 - 2),\
        "circulating_supply":\(cap / price),"total_supply":\(maybe(cap / price * 1.2, nullOneIn: 25)),\
        "max_supply":\(maybe(cap / price * 2, nullOneIn: 2)),"ath":\(price * 1.5),\
        "ath_change_percentage":-33.33333,"ath_date":"2025-10-06T18:57:42.558Z",\
        "atl":\(price / 1000),"atl_change_percentage":99900.1,\
        "atl_date":"2013-07-05T00:00:00.000Z","roi":\(rank % 5 == 0 ? #"{"times":12.3456,"currency":"usd","percentage":1234.56}"# : "null"),\
        "last_updated":"2026-11-29T11:59:35.862Z","sparkline_in_7d":{"price":[\(points.joined(separator: ","))]},\
        "price_change_percentage_1h_in_currency":\(random.unit() - 0.5),\
        "price_change_percentage_24h_in_currency":\(random.unit() * 4 - 2),\
        "price_change_percentage_7d_in_currency":\(maybe(random.unit() * 10 - 5, nullOneIn: 50))}
        """
    }
    text += "]"
    return Data(text.utf8)
  }
}
