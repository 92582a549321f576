/// Which lots a sale may take when a coin is held in several wallets.
public enum CostBasisScope: String, Sendable, Equatable, CaseIterable {
  /// One pool per coin across every wallet: a sale takes, by the method, from the coin's lots
  /// wherever they are (FIFO: the oldest lot anywhere). A wallet's amount is still what moved
  /// in and out of it.
  case universal
  /// A pool per coin and wallet: a sale takes from the lots of its own wallet, and a move
  /// carries the lots it takes, with their dates and costs, into the wallet it goes to.
  case wallet

  /// The scope in words, for a report's title: `one pool across wallets`.
  public var name: String {
    switch self {
    case .universal: "one pool across wallets"
    case .wallet: "each wallet on its own"
    }
  }
}
