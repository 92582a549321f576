/// The window a `move` rule measures the change over, from CoinGecko's change fields.
public enum AlertWindow: String, Sendable, Equatable, CaseIterable {
  /// The last hour (`price_change_percentage_1h_in_currency`).
  case oneHour = "1h"
  /// The last 24 hours (`price_change_percentage_24h_in_currency`).
  case day = "24h"
}
