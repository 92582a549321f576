import CoinsModel

/// `coins categories --sort`: the column the categories are ordered by.
package enum CategorySortKey: String, Sendable, Equatable, CaseIterable {
  case marketcap, change24h, volume, name

  static let option = CommandSpec.Option(
    name: "--sort", shortName: "-s", valueName: "field",
    help: "Order by marketcap, change24h, volume or name.",
    defaultValue: "marketcap", completion: .choices(CategorySortKey.allCases.map(\.rawValue)))

  /// `categories` in this order (figures largest first, names A to Z), `reverse`d on request;
  /// unknown figures last either way, ties by id.
  package func sort(_ categories: [CoinCategory], reverse: Bool) -> [CoinCategory] {
    categories.sorted { lhs, rhs in
      if self == .name {
        let l = lhs.name.lowercased()
        let r = rhs.name.lowercased()
        if l != r { return reverse ? l > r : l < r }
        return lhs.id < rhs.id
      }
      switch (figure(lhs), figure(rhs)) {
      case let (l?, r?) where l != r: return reverse ? l < r : l > r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return lhs.id < rhs.id
      }
    }
  }

  private func figure(_ category: CoinCategory) -> Double? {
    switch self {
    case .marketcap: category.marketCap
    case .change24h: category.change24h
    case .volume: category.volume
    case .name: nil
    }
  }
}
