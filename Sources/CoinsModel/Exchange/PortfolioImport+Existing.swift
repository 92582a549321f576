#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The transactions a portfolio had before an import, to match its rows with: each row takes
/// one transaction of its content not yet taken, so the n-th row of a content is already there
/// when the portfolio had at least n of it. Kept as the hashes of their contents, sorted, with
/// where each transaction is (a few megabytes for 100,000 transactions, where a table of
/// their contents would take tens).
struct ExistingContents {
  private var keys: [(hash: Int, holding: Int, index: Int)] = []
  private var taken: [Bool]

  init(_ portfolio: Portfolio) {
    for (holding, entry) in portfolio.holdings.enumerated() {
      for (index, transaction) in entry.transactions.enumerated() {
        keys.append((PortfolioImport.Content(entry.id, transaction).hashValue, holding, index))
      }
    }
    keys.sort { $0.hash < $1.hash }
    taken = [Bool](repeating: false, count: keys.count)
  }

  /// Takes a transaction of `content` (of any price with `anyPrice`) not yet taken and says
  /// where it is; `nil` when there is none.
  mutating func take(
    _ content: PortfolioImport.Content, in portfolio: Portfolio, anyPrice: Bool,
    preferring id: String? = nil
  ) -> (holding: Int, index: Int)? {
    guard !keys.isEmpty else { return nil }
    let hash = content.hashValue
    var (low, high) = (0, keys.count)
    while low < high {
      let middle = (low + high) / 2
      if keys[middle].hash < hash { low = middle + 1 } else { high = middle }
    }
    var first: Int?
    while low < keys.count, keys[low].hash == hash {
      let key = keys[low]
      let holding = portfolio.holdings[key.holding]
      if !taken[low],
        PortfolioImport.Content(holding.id, holding.transactions[key.index])
          .matches(content, anyPrice: anyPrice)
      {
        // The one of that id, when there is one; else the first.
        if id == nil || holding.transactions[key.index].id == id {
          first = low
          break
        }
        if first == nil { first = low }
      }
      low += 1
    }
    guard let found = first else { return nil }
    taken[found] = true
    return (keys[found].holding, keys[found].index)
  }
}
