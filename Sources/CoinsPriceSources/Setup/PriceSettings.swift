import CoinsModel
import CoinsSupport

/// The settings of the price chain and its budget, read from `config.toml`:
///
/// ```toml
/// [prices]
/// order = "yours, coingecko, coinbase, binance"
/// pairs = "terra-luna=LUNC"  # the ticker the exchanges list a coin under, by CoinGecko id
///                            # (config.toml has one level of tables: no [prices.pairs])
/// precision = "day"          # or "hour": a transaction with a time at its UTC hour's open
/// [network]
/// coingecko_rate = 10        # requests a minute (also coinbase_rate, binance_rate)
/// max_wait = 300             # the most seconds a command waits for rate limits in all
/// ```
package struct PriceSettings: Equatable, Sendable {
  /// The sources in the order they are asked.
  package var order: [PriceSourceName] = PriceSourceName.defaultOrder
  /// Exchange tickers by CoinGecko id, over the coin's own ticker (and trusted unchecked):
  /// `[prices] pairs = "id=TICKER, …"`.
  package var pairs: [String: String] = [:]
  /// Requests a minute by source, where set (over the starting rates).
  package var rates: [PriceSourceName: Double] = [:]
  /// The most seconds a command waits for rate limits in all.
  package var maxWait: Double = 300
  /// What a dated transaction is priced at: its day's open, or its hour's (`[prices]
  /// precision`).
  package var precision: PricePrecision = .day

  /// The defaults.
  package init() {}

  /// Why a setting cannot be used: one line naming it.
  package struct Invalid: Error, Equatable, Sendable {
    /// `config.toml, line 4: [network] max_wait must be a number of seconds, not a string.`
    package var message: String

    /// An error saying `message`.
    package init(message: String) {
      self.message = message
    }
  }

  /// The settings `document` (read from `file`) gives; keys of other tables are not looked at.
  package init(_ document: TOMLDocument, file: String) throws(Invalid) {
    for entry in document.entries {
      let place = "\(file), line \(entry.line)"
      switch (entry.table, entry.key) {
      case ("prices", "order"):
        guard case .string(let text) = entry.value else {
          throw Invalid(message: "\(place): [prices] order must be a string of source names.")
        }
        do {
          order = try PriceSourceName.order(setting: text)
        } catch {
          throw Invalid(message: "\(place): \(error.message)")
        }
      case ("prices", "pairs"):
        guard case .string(let text) = entry.value else {
          throw Invalid(
            message: "\(place): [prices] pairs must be a string such as \"terra-luna=LUNC\".")
        }
        for item in text.split(separator: ",") {
          let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }
          guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw Invalid(
              message:
                "\(place): [prices] pairs holds '\(item.trimmingWhitespace())', not id=TICKER.")
          }
          pairs[parts[0].lowercased()] = parts[1].uppercased()
        }
      case ("prices", "precision"):
        guard case .string(let text) = entry.value, let value = PricePrecision(rawValue: text)
        else {
          throw Invalid(message: "\(place): [prices] precision must be \"day\" or \"hour\".")
        }
        precision = value
      case ("network", "max_wait"):
        guard let seconds = entry.value.number, seconds >= 0 else {
          throw Invalid(message: "\(place): [network] max_wait must be a number of seconds.")
        }
        maxWait = seconds
      case ("network", let key) where key.hasSuffix("_rate"):
        let name = String(key.dropLast("_rate".count))
        guard let source = PriceSourceName(rawValue: name),
          [.coingecko, .coinbase, .binance].contains(source)
        else { continue }
        guard let perMinute = entry.value.number, perMinute > 0 else {
          throw Invalid(
            message: "\(place): [network] \(key) must be a number of requests a minute above 0.")
        }
        rates[source] = perMinute
      default: continue
      }
    }
  }

  /// The coin as the chain asks about it: its pair override applied.
  package func coin(id: String, symbol: String) -> PricedCoin {
    PricedCoin(id: id, symbol: symbol, pairOverride: pairs[id.lowercased()])
  }

  /// The coin `id` as the sources are asked about it, by its symbol in `names` (its id when
  /// `names` lacks it), the `[prices] pairs` override applied.
  package func coin(id: String, named names: CoinNames) -> PricedCoin {
    coin(id: id, symbol: names.coin(id)?.symbol ?? id)
  }
}
