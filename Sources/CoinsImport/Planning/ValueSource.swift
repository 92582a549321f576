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

  /// Prices from a table (empty: none known), CoinGecko's unless `sourceByCoin` says otherwise.
  public init(
    usdByCoin: [String: [Int: Decimal]] = [:], sourceByCoin: [String: [Int: ValueSource]] = [:],
    labelByCoin: [String: [Int: String]] = [:]
  ) {
    self.usdByCoin = usdByCoin
    self.sourceByCoin = sourceByCoin
    self.labelByCoin = labelByCoin
  }

  /// The price chain's label of the price of `coin` on `date`'s UTC day, where one was given.
  public func label(of coin: String, on date: Date?) -> String? {
    guard let date, date.timeIntervalSince1970.isFinite else { return nil }
    return labelByCoin[coin]?[Int((date.timeIntervalSince1970 / 86_400).rounded(.down))]
  }

  /// Where the price of `coin` on `date`'s UTC day came from.
  public func source(of coin: String, on date: Date?) -> ValueSource {
    guard let date, date.timeIntervalSince1970.isFinite else { return .coinGecko }
    let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    return sourceByCoin[coin]?[day] ?? .coinGecko
  }

  /// The price of `coin` on `date`'s UTC day, when known.
  public func price(of coin: String, on date: Date?) -> Decimal? {
    guard let date, date.timeIntervalSince1970.isFinite else { return nil }
    return usdByCoin[coin]?[Int((date.timeIntervalSince1970 / 86_400).rounded(.down))]
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
    return tickers.contains(ticker.uppercased())
  }
}
