/// Something with a market-cap rank and a CoinGecko id: a market row or a search result.
public protocol Ranked {
  /// The market-cap rank, when it has one.
  var rank: Int? { get }
  /// The CoinGecko id.
  var id: String { get }
}

extension Ranked {
  /// Market-cap order: lower rank first, unranked last, ties broken by id.
  package static func rankOrder(_ lhs: Self, _ rhs: Self) -> Bool {
    switch (lhs.rank, rhs.rank) {
    case let (l?, r?) where l != r: return l < r
    case (.some, nil): return true
    case (nil, .some): return false
    default: return lhs.id < rhs.id
    }
  }
}
