import FoundationEssentials

/// The user's holdings as stored in the portfolio file.
public struct Portfolio: Sendable, Equatable {
  /// The file format version `coins` writes and reads.
  public static let formatVersion = 1

  /// The holdings, in the order they were first added.
  public var holdings: [Holding]
  /// Top-level members of the file that `coins` does not know, kept on rewrite.
  public var extra: [JSONMember]

  /// Creates a portfolio.
  public init(holdings: [Holding] = [], extra: [JSONMember] = []) {
    self.holdings = holdings
    self.extra = extra
  }

  /// The holding of the coin with this id.
  public func holding(id: String) -> Holding? {
    holdings.first { $0.id == id }
  }

  /// Adds a lot to the coin's holding, creating the holding when it is new.
  public mutating func add(_ lot: Lot, to id: String) {
    if let index = holdings.firstIndex(where: { $0.id == id }) {
      holdings[index].lots.append(lot)
    } else {
      holdings.append(Holding(id: id, lots: [lot]))
    }
  }

  /// Removes `amount` of a coin, oldest lots first, or the whole holding when `amount` is nil.
  public mutating func remove(_ amount: Decimal?, of id: String) throws(PortfolioError) {
    guard let index = holdings.firstIndex(where: { $0.id == id }) else {
      throw .notHeld(id)
    }
    guard let amount else {
      holdings.remove(at: index)
      return
    }
    let held = holdings[index].amount
    guard amount <= held else { throw .removingMoreThanHeld(id: id, held: held, asked: amount) }
    var remaining = amount
    var lots = holdings[index].lots
    let oldestFirst = lots.indices.sorted { lhs, rhs in
      let left = lots[lhs].date ?? .distantPast
      let right = lots[rhs].date ?? .distantPast
      return left == right ? lhs < rhs : left < right
    }
    var emptied = Set<Int>()
    for position in oldestFirst where remaining > 0 {
      if lots[position].amount <= remaining {
        remaining -= lots[position].amount
        emptied.insert(position)
      } else {
        lots[position].amount -= remaining
        remaining = 0
      }
    }
    lots = lots.indices.filter { !emptied.contains($0) }.map { lots[$0] }
    if lots.isEmpty {
      holdings.remove(at: index)
    } else {
      holdings[index].lots = lots
    }
  }
}
