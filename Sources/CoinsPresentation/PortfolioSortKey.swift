import CoinsModel

/// The column holdings are ordered by, in `coins portfolio value --sort` and the watch's
/// portfolio view (default: the file's order).
package enum PortfolioSortKey: String, Sendable, Equatable, CaseIterable {
  case value, share, pnl, change24h, name

  /// The portfolio table's column with this key's figures.
  package var column: String {
    switch self {
    case .value: "Value"
    case .share: "Share"
    case .pnl: "P/L"
    case .change24h: "24h"
    case .name: "Name"
    }
  }

  /// Whether the natural order is largest first (figures) rather than A to Z (names).
  package var descendingByDefault: Bool { self != .name }

  /// `rows` in this order (figures largest first, names A to Z), `reverse`d on request;
  /// unknown figures last either way, ties in the file's order.
  package func sort(_ rows: [PortfolioRow], reverse: Bool) -> [PortfolioRow] {
    rows.enumerated().sorted { lhs, rhs in
      let (left, right) = (lhs.element, rhs.element)
      if self == .name {
        let (l, r) = (left.name.lowercased(), right.name.lowercased())
        if l != r { return reverse ? l > r : l < r }
        return lhs.offset < rhs.offset
      }
      switch (figure(left), figure(right)) {
      case let (l?, r?) where l != r: return reverse ? l < r : l > r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return lhs.offset < rhs.offset
      }
    }
    .map(\.element)
  }

  private func figure(_ row: PortfolioRow) -> Double? {
    switch self {
    case .value: row.value
    case .share: row.allocation
    case .pnl: row.pnl
    case .change24h: row.change24h
    case .name: nil
    }
  }
}
