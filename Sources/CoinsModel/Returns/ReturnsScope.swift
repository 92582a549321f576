/// What a return is measured on, which decides what counts as a flow (money put in or taken
/// out) and what is return: the whole portfolio, one wallet, or one coin.
public enum ReturnsScope: Sendable, Equatable {
  /// Every wallet and coin: buys with money, sales for money and transfers from and to outside
  /// are flows; a move between your wallets is not (its network fee is a loss).
  case portfolio
  /// One wallet: as the portfolio, and a move into or out of it is also a flow, at the day's
  /// value of what arrived.
  case wallet(String)

  /// Whether a transaction of `wallet` is part of what is measured.
  func includes(wallet: String) -> Bool {
    switch self {
    case .portfolio: true
    case .wallet(let name): name == wallet
    }
  }
}
