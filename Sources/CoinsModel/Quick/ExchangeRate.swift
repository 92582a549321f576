/// How much of a currency one bitcoin buys (`/exchange_rates`).
public struct ExchangeRate: Sendable, Equatable {
  /// The code, lower-case, e.g. `eur`.
  public var code: String
  /// The name, e.g. `Euro`.
  public var name: String
  /// Units of this currency per bitcoin; always positive and finite.
  public var perBitcoin: Double
  /// `fiat`, `crypto` or `commodity`, as CoinGecko says.
  public var kind: String

  /// Creates a value from its parts.
  public init(code: String, name: String, perBitcoin: Double, kind: String) {
    self.code = code
    self.name = name
    self.perBitcoin = perBitcoin
    self.kind = kind
  }
}
