/// Why a row did not become an event.
public enum SkipReason: Hashable, Sendable, CustomStringConvertible {
  /// Money (fiat) deposited, withdrawn or paid out: money is not a holding.
  case money
  /// Money exchanged for money (EUR for USD, "Buy EUR for EUR").
  case moneyForMoney
  /// A move between the exchange's own accounts (spot, staking, earn, funding, futures), which
  /// does not change what is held.
  case internalMove
  /// A Kraken ledger row without a txid: a deposit or move listed a second time once credited.
  case notYetCredited
  /// An amount of zero.
  case zeroAmount
  /// A total that restates rows listed beside it (crypto.com's MCO/CRO Overall Swap).
  case restated
  /// A row type this reader does not know, by the file's own word for it.
  case unknownType(String)

  /// The reason in words.
  public var description: String {
    switch self {
    case .money: "money deposited, withdrawn or paid (not a holding)"
    case .moneyForMoney: "money exchanged for money"
    case .internalMove: "a move between the exchange's own accounts"
    case .notYetCredited: "listed again once credited (no txid yet)"
    case .zeroAmount: "an amount of zero"
    case .restated: "a total restating the rows beside it"
    case .unknownType(let type): "an unknown type '\(type)'"
    }
  }
}

/// A row that was read but skipped, and why.
public struct SkippedRow: Hashable, Sendable {
  /// Its line.
  public var line: Int
  /// Why.
  public var reason: SkipReason

  /// Creates a skipped row.
  public init(line: Int, reason: SkipReason) {
    self.line = line
    self.reason = reason
  }
}

/// How many rows were skipped for one reason.
public struct SkipCount: Hashable, Sendable {
  /// The reason.
  public var reason: SkipReason
  /// How many rows.
  public var count: Int

  /// Creates a count.
  public init(reason: SkipReason, count: Int) {
    self.reason = reason
    self.count = count
  }
}
