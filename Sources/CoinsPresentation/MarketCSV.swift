import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins top --csv`: a header row, then one row per coin; unknown values are empty fields.
public enum MarketCSV {
  /// The header row's fields.
  static let header = [
    "rank", "id", "symbol", "name", "price", "change1h", "change24h", "change7d", "marketCap",
    "volume",
  ]

  /// The CSV text, one line per row, each ending in a newline.
  public static func render(_ coins: [Coin]) -> String {
    var lines = [header.joined(separator: ",")]
    for coin in coins {
      let fields = [
        coin.rank.map(String.init) ?? "", CSVField.report(coin.id), CSVField.report(coin.symbol),
        CSVField.report(coin.name),
        number(coin.price), number(coin.change1h), number(coin.change24h),
        number(coin.change7d), number(coin.marketCap), number(coin.volume),
      ]
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func number(_ value: Double?) -> String {
    value.flatMap(JSONText.exact) ?? ""
  }
}
