import CoinsModel

/// How amounts in a currency are written: its symbol where one is well known (`$91,000.00`),
/// else its code (`CHF 91,000.00`).
public struct CurrencyStyle: Sendable, Equatable {
  /// The `vs_currency` code, lower-case.
  public var code: String
  /// The symbol written before amounts, e.g. `$`; `nil` when none is known.
  public var symbol: String?

  /// No currency at all (plain numbers).
  public static let none = CurrencyStyle(code: "", symbol: nil)

  private static let knownSymbols: [String: String] = [
    "usd": "$", "eur": "€", "gbp": "£", "jpy": "¥", "cny": "CN¥", "krw": "₩", "inr": "₹",
    "rub": "₽", "try": "₺", "ils": "₪", "php": "₱", "ngn": "₦", "uah": "₴", "vnd": "₫",
    "thb": "฿", "aud": "A$", "cad": "CA$", "nzd": "NZ$", "hkd": "HK$", "sgd": "S$",
    "mxn": "MX$", "brl": "R$", "twd": "NT$", "btc": "₿", "eth": "Ξ", "sats": "sats ",
  ]

  /// The style for a `vs_currency` code.
  public init(code: String) {
    self.code = code.lowercased()
    self.symbol = Self.knownSymbols[self.code]
  }

  init(code: String, symbol: String?) {
    self.code = code
    self.symbol = symbol
  }

  /// This style for an `--ascii` view: a symbol that is not ASCII (`€`, `¥`) gives way to the
  /// code (`EUR 91,000.00`); `$` stays.
  public func ascii(_ asciiOnly: Bool) -> CurrencyStyle {
    guard asciiOnly, let symbol, !symbol.utf8.allSatisfy({ $0 < 0x80 }) else { return self }
    return CurrencyStyle(code: code, symbol: nil)
  }

  /// The text written before an amount: the symbol (`$`), else the code and a space (`CHF `),
  /// so an amount always says its currency; nothing for ``none``.
  package var prefix: String {
    if let symbol { return symbol }
    return code.isEmpty ? "" : displayCode + " "
  }

  /// The code as people write it, e.g. `USD`.
  public var displayCode: String { Sanitizer.clean(code.uppercased()) }
}
