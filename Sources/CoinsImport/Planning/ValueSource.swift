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
  /// CoinGecko's daily price of one of the coins that day.
  case coinGecko
  /// None of those: the cost (or the proceeds) is unknown.
  case unknown
}

/// Coins' prices in USD by UTC day (days since 1970-01-01), from CoinGecko's daily series: what
/// the import could find, handed in so that the planning stays pure.
public struct DailyPrices: Sendable, Equatable {
  /// Price of one coin in USD by CoinGecko id and day.
  public var usdByCoin: [String: [Int: Decimal]]

  /// Prices from a table (empty: none known).
  public init(usdByCoin: [String: [Int: Decimal]] = [:]) {
    self.usdByCoin = usdByCoin
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
