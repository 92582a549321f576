import CoinsModel

/// `--sort`: the column a market list is ordered by.
public enum SortKey: String, Sendable, Equatable, CaseIterable {
  case rank, price, change1h, change24h, change7d, marketcap, volume, name

  /// The header of the market table's column with this key's figures.
  package var column: String {
    switch self {
    case .rank: "#"
    case .price: "Price"
    case .change1h: "1h"
    case .change24h: "24h"
    case .change7d: "7d"
    case .marketcap: "Market Cap"
    case .volume: "Volume"
    case .name: "Name"
    }
  }

  /// Whether the natural order is largest first (figures) rather than smallest first.
  package var descendingByDefault: Bool {
    switch self {
    case .rank, .name: false
    default: true
    }
  }

  /// `coins` ordered by this key, `reverse`d on request. Unknown values sort last either way;
  /// ties are broken by rank, then id, so the order is always the same.
  public func sort(_ coins: [Coin], reverse: Bool) -> [Coin] {
    let descending = descendingByDefault != reverse
    return coins.sorted { lhs, rhs in
      if let order = compare(lhs, rhs, descending: descending) { return order }
      return Coin.rankOrder(lhs, rhs)
    }
  }

  /// `true`/`false` when the key decides, `nil` on a tie.
  private func compare(_ lhs: Coin, _ rhs: Coin, descending: Bool) -> Bool? {
    switch self {
    case .rank:
      guard let l = lhs.rank, let r = rhs.rank, l != r else {
        return (lhs.rank == nil) == (rhs.rank == nil) ? nil : lhs.rank != nil
      }
      return descending ? l > r : l < r
    case .name:
      let l = lhs.name.lowercased()
      let r = rhs.name.lowercased()
      return l == r ? nil : (descending ? l > r : l < r)
    case .price: return Self.compare(lhs.price, rhs.price, descending: descending)
    case .change1h: return Self.compare(lhs.change1h, rhs.change1h, descending: descending)
    case .change24h: return Self.compare(lhs.change24h, rhs.change24h, descending: descending)
    case .change7d: return Self.compare(lhs.change7d, rhs.change7d, descending: descending)
    case .marketcap: return Self.compare(lhs.marketCap, rhs.marketCap, descending: descending)
    case .volume: return Self.compare(lhs.volume, rhs.volume, descending: descending)
    }
  }

  private static func compare(_ lhs: Double?, _ rhs: Double?, descending: Bool) -> Bool? {
    switch (lhs, rhs) {
    case let (l?, r?): l == r ? nil : (descending ? l > r : l < r)
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): nil
    }
  }
}
