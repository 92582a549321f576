#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A balance someone states: how much of a coin a wallet (or every wallet) held at a moment.
/// An import keeps the last balance an export states of each coin and wallet (with the file and
/// row it came from) in the portfolio file; `reconcile --expect` and `--balances` state others.
public struct BalanceStatement: Sendable, Equatable {
  /// The coin's CoinGecko id.
  public var coin: String
  /// The wallet, `nil` for the coin in every wallet together.
  public var wallet: String?
  /// How much was held.
  public var amount: Decimal
  /// When it was held; `nil` for after every transaction.
  public var date: Date?
  /// The file that states it (the export's name, or the balances file).
  public var file: String?
  /// The row in that file.
  public var line: Int?

  /// Creates a statement.
  public init(
    coin: String, wallet: String?, amount: Decimal, date: Date?, file: String? = nil,
    line: Int? = nil
  ) {
    self.coin = coin
    self.wallet = wallet
    self.amount = amount
    self.date = date
    self.file = file
    self.line = line
  }
}

extension Portfolio {
  /// Keeps `statements` as the last stated balances of their coins and wallets: each replaces
  /// the one kept of its coin and wallet unless that one is later.
  public mutating func keep(_ statements: [BalanceStatement]) {
    for statement in statements {
      if let index = statedBalances.firstIndex(where: {
        $0.coin == statement.coin && $0.wallet == statement.wallet
      }) {
        let kept = statedBalances[index].date ?? .distantPast
        if kept > statement.date ?? .distantPast { continue }
        statedBalances[index] = statement
      } else {
        statedBalances.append(statement)
      }
    }
  }
}

extension BalanceStatement {
  /// The last of `statements` (given oldest first) of each coin and wallet, in the order first
  /// met.
  public static func latestOfEach(_ statements: [BalanceStatement]) -> [BalanceStatement] {
    var order: [String] = []
    var latest: [String: BalanceStatement] = [:]
    for statement in statements {
      let key = statement.coin + "\u{0}" + (statement.wallet ?? "")
      if latest[key] == nil { order.append(key) }
      latest[key] = statement
    }
    return order.compactMap { latest[$0] }
  }
}

extension BalanceStatement {
  /// The moment a balance stated for `text` is of: a day (`2024-03-01`) means the end of that
  /// day where `zone`'s days end (its last millisecond), a time (`2024-03-01T12:00:00Z`) that
  /// moment; `nil` when `text` is neither.
  public static func moment(_ text: String, zone: TaxZone) -> Date? {
    let trimmed = text.trimmingWhitespace()
    guard let parsed = DateInput.parse(trimmed) else { return nil }
    guard trimmed.utf8.count == 10 else { return parsed }
    // Midnight that ends the day, local to the zone: UTC midnight of the next day less the
    // zone's offset then (asked twice, so a change of offset that night is met).
    let next = parsed.timeIntervalSince1970 + 86_400
    let guess = next - Double(zone.offset(at: Date(timeIntervalSince1970: next)))
    let midnight = next - Double(zone.offset(at: Date(timeIntervalSince1970: guess)))
    return Date(timeIntervalSince1970: midnight - 0.001)
  }
}
