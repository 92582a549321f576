import CoinsModel
import CoinsPriceSources
import CoinsSupport

extension ConfigKey {
  /// The price chain's keys: `[prices] order, pairs, precision` and `[network] coingecko_rate,
  /// coinbase_rate, binance_rate, max_wait` (read by ``PriceSettings``; checked here, so a bad
  /// value is the config error naming key and line, and `config show` lists them).
  static let prices: [ConfigKey] = [
    ConfigKey(
      path: "prices.order",
      defaultText: PriceSourceName.defaultOrder.map(\.rawValue).joined(separator: ", "),
      option: nil
    ) { value throws(ConfigProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: "a string", value) }
      do throws(PriceOrderError) {
        return try PriceSourceName.order(setting: text).map(\.rawValue).joined(separator: ", ")
      } catch {
        throw .invalid(error.message)
      }
    },
    ConfigKey(path: "prices.pairs", defaultText: "", option: nil) { value throws(ConfigProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: "a string", value) }
      for item in text.split(separator: ",") {
        let parts = item.split(separator: "=", omittingEmptySubsequences: false)
          .map { $0.trimmingWhitespace() }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
          throw .invalid(
            "'prices.pairs' holds '\(Sanitizer.printable(item.trimmingWhitespace()))', not "
              + "id=TICKER (e.g. \"terra-luna=LUNC\").")
        }
      }
      return text
    },
    ConfigKey(path: "prices.precision", defaultText: "day", option: nil) {
      value throws(ConfigProblem) in
      guard case .string(let text) = value else { throw .wrongType(expected: "a string", value) }
      guard PricePrecision(rawValue: text) != nil else {
        throw .invalid(
          "'prices.precision' takes \"day\" (the open of each UTC day) or \"hour\" (a "
            + "transaction with a time at the open of its UTC hour where a source has hourly "
            + "candles), not \"\(Sanitizer.printable(text))\".")
      }
      return text
    },
    rate("network.coingecko_rate", default: "10 (Demo 30, Pro 500)"),
    rate("network.coinbase_rate", default: "600"),
    rate("network.binance_rate", default: "3000"),
    ConfigKey(path: "network.max_wait", defaultText: "300", option: nil) {
      value throws(ConfigProblem) in
      guard let seconds = value.number else { throw .wrongType(expected: "a number", value) }
      guard seconds >= 0, seconds <= 86_400 else {
        throw .invalid(
          "'network.max_wait' takes seconds from 0 to 86400, not \(JSONText.exact(seconds) ?? "\(seconds)")."
        )
      }
      return JSONText.exact(seconds) ?? "\(seconds)"
    },
  ]

  private static func rate(_ path: String, default text: String) -> ConfigKey {
    ConfigKey(path: path, defaultText: text, option: nil) { value throws(ConfigProblem) in
      guard let perMinute = value.number else { throw .wrongType(expected: "a number", value) }
      guard perMinute > 0, perMinute <= 1_000_000 else {
        throw .invalid(
          "'\(path)' takes requests a minute above 0, not \(JSONText.exact(perMinute) ?? "\(perMinute)")."
        )
      }
      return JSONText.exact(perMinute) ?? "\(perMinute)"
    }
  }
}
