import CoinsModel
import CoinsPriceSources
import CoinsServices

/// The `coins prices …` subcommands (your own daily prices): their specs and what they share.
enum PricesCommand {
  static let jsonOption = OutputFormat.jsonOption

  static let groupSpec = CommandSpec(
    path: ["prices"],
    abstract: "Your own daily prices, used before every source: import, list and remove them.",
    discussion: """
      Prices you import (a date,coin,price,currency CSV or Kraken's <PAIR>_1440.csv
      daily OHLCVT files) are kept in $XDG_DATA_HOME/coins/prices.json and price the
      days they name before CoinGecko, Coinbase and Binance are asked (coins price
      <coin> --date). They are your data, not a cache: only 'prices remove' drops them.
      """,
    subcommands: [PricesImportCommand.spec, PricesListCommand.spec, PricesRemoveCommand.spec])

  /// The prices file of `context`.
  static func store(in context: CommandContext) -> OwnPriceStore {
    OwnPriceStore(environment: context.environment)
  }

  /// Every series kept; a file that cannot be read is bad data (65).
  static func load(from store: OwnPriceStore) throws(CommandFailure) -> [OwnPriceSeries] {
    do {
      return try store.load()
    } catch {
      throw CommandFailure(error.message, kind: .badData)
    }
  }

  /// The day `text` names (`YYYY-MM-DD`), or a usage error naming `label`.
  static func day(_ text: String, for label: String, path: [String]) throws(UsageError) -> UTCDay {
    guard let day = UTCDay(iso: text.trimmingWhitespace()) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '\(label)': expected a UTC date "
          + "such as 2021-05-01.", commandPath: path)
    }
    return day
  }
}
