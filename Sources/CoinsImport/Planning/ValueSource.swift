#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the money value of an imported transaction came from, in the order they are tried.
public enum ValueSource: String, Hashable, Sendable, CaseIterable {
  /// The row's own money figures (a price, a subtotal, a net worth).
  case file
  /// A leg in a USD stablecoin (USDT, USDC, …), counted at 1 USD.
  case stablecoin
  /// Your own imported price of one of the coins that day (`coins prices import`).
  case yours
  /// CoinGecko's daily price of one of the coins that day.
  case coinGecko
  /// Coinbase Exchange's daily open of one of the coins that day.
  case coinbase
  /// Binance's daily open against USDT of one of the coins that day, at 1 USDT = 1 USD.
  case binance
  /// None of those: the cost (or the proceeds) is unknown.
  case unknown
}

/// Coins' prices in USD by UTC day (days since 1970-01-01), from the price chain (your prices,
/// CoinGecko, Coinbase, Binance): what the import could find, handed in so that the planning
/// stays pure.
public struct DailyPrices: Sendable, Equatable {
  /// Price of one coin in USD by CoinGecko id and day.
  public var usdByCoin: [String: [Int: Decimal]]
  /// The source of a price by CoinGecko id and day, where it is not CoinGecko.
  public var sourceByCoin: [String: [Int: ValueSource]]
  /// The price chain's label of a price by CoinGecko id and day (`coinbase`, `binance via
  /// USDT, carried forward 2 days`), recorded as the transaction's price source.
  public var labelByCoin: [String: [Int: String]]
  /// By `[prices] precision = "hour"`: the price of one coin at the open of a UTC hour (hours
  /// since 1970), by CoinGecko id and hour — an hourly candle's, or the day's open labelled as
  /// the fallback — which a row at that hour takes instead of its day's.
  public var byCoinHour: [String: [Int: HourPrice]] = [:]

  /// One hour's price in USD, its source and the price chain's label (`coinbase, open of 10:00
  /// UTC`, `coinbase, day's open`).
  public struct HourPrice: Sendable, Equatable {
    /// The price of one coin in USD.
    public var usd: Decimal
    /// Where it came from.
    public var source: ValueSource
    /// The price chain's label, recorded as the transaction's price source.
    public var label: String

    /// Each member as given.
    public init(usd: Decimal, source: ValueSource, label: String) {
      self.usd = usd
      self.source = source
      self.label = label
    }
  }

  /// Prices from a table (empty: none known), CoinGecko's unless `sourceByCoin` says otherwise.
  public init(
    usdByCoin: [String: [Int: Decimal]] = [:], sourceByCoin: [String: [Int: ValueSource]] = [:],
    labelByCoin: [String: [Int: String]] = [:]
  ) {
    self.usdByCoin = usdByCoin
    self.sourceByCoin = sourceByCoin
    self.labelByCoin = labelByCoin
  }

  /// The price chain's label of the price of `coin` at `date` (its hour's, else its UTC
  /// day's), where one was given.
  public func label(of coin: String, on date: Date?) -> String? {
    guard let date, date.timeIntervalSince1970.isFinite else { return nil }
    if let hourly = hourPrice(of: coin, at: date) { return hourly.label }
    return labelByCoin[coin]?[Int((date.timeIntervalSince1970 / 86_400).rounded(.down))]
  }

  /// Where the price of `coin` at `date` (its hour's, else its UTC day's) came from.
  public func source(of coin: String, on date: Date?) -> ValueSource {
    guard let date, date.timeIntervalSince1970.isFinite else { return .coinGecko }
    if let hourly = hourPrice(of: coin, at: date) { return hourly.source }
    let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    return sourceByCoin[coin]?[day] ?? .coinGecko
  }

  /// The price of `coin` at `date` (its hour's, else its UTC day's), when known.
  public func price(of coin: String, on date: Date?) -> Decimal? {
    guard let date, date.timeIntervalSince1970.isFinite else { return nil }
    if let hourly = hourPrice(of: coin, at: date) { return hourly.usd }
    return usdByCoin[coin]?[Int((date.timeIntervalSince1970 / 86_400).rounded(.down))]
  }

  /// The price of `coin` at the open of `date`'s UTC hour, where one was given.
  private func hourPrice(of coin: String, at date: Date) -> HourPrice? {
    guard !byCoinHour.isEmpty else { return nil }
    return byCoinHour[coin]?[Int((date.timeIntervalSince1970 / 3_600).rounded(.down))]
  }
}

/// The USD stablecoins valued at 1 USD.
public enum USDStablecoin {
  /// Their tickers.
  public static let tickers: Set<String> = [
    "USDT", "USDC", "DAI", "BUSD", "FDUSD", "TUSD", "USDP", "PYUSD",
  ]

  /// Whether `asset` is one of them.
  public static func contains(_ asset: ImportedAsset) -> Bool {
    guard case .coin(let ticker) = asset else { return false }
    return tickers.contains(ticker.upperCasedTicker)
  }
}
