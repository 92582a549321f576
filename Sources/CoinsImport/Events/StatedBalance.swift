#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A balance an export states after one of its rows (Kraken's and Coinbase Pro's `balance`,
/// Bybit's wallet balance, OKX's balance after, Gemini's and Bitfinex's balances): what the
/// exchange says was held, for the import to compare with what the rows add up to.
public struct StatedBalance: Hashable, Sendable {
  /// The asset, as the events name it.
  public var asset: ImportedAsset
  /// The exchange's own account the balance is of (Kraken's `spot / main`, Bitfinex's
  /// `exchange`), `nil` when the file keeps one.
  public var wallet: String?
  /// How much was held after the row.
  public var amount: Decimal
  /// The row's line.
  public var line: Int
  /// The row's time.
  public var date: Date?

  /// Creates a stated balance.
  public init(asset: ImportedAsset, wallet: String?, amount: Decimal, line: Int, date: Date?) {
    self.asset = asset
    self.wallet = wallet
    self.amount = amount
    self.line = line
    self.date = date
  }
}
