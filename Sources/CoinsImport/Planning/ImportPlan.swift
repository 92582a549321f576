import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The transactions an export becomes, with how each was valued: what the import adds (after
/// de-duplication) and what its summary reports.
public struct ImportPlan: Sendable, Equatable {
  /// The transactions, each with its coin's CoinGecko id and the line it came from, in the
  /// order they happened.
  public var rows: [ImportRow] = []
  /// How many events were valued from each source (only events that needed a value).
  public var valuations: [ValueSource: Int] = [:]
  /// The transactions whose cost (or proceeds) is unknown, and why.
  public var unknownCosts: [UnknownCost] = []
  /// The tickers valued at 1 USD.
  public var stablecoinsUsed: Set<String> = []
  /// The trades between two tickers of one coin (ETH to ETH2, a migration, a ticker change):
  /// the coins kept their lots, nothing was sold; by line.
  public var renames: [Int] = []

  /// Creates an empty plan.
  public init() {}

  /// Adds `part`, the plan of the events after these.
  mutating func append(_ part: ImportPlan) {
    rows.append(contentsOf: part.rows)
    valuations.merge(part.valuations, uniquingKeysWith: +)
    unknownCosts.append(contentsOf: part.unknownCosts)
    stablecoinsUsed.formUnion(part.stablecoinsUsed)
    renames.append(contentsOf: part.renames)
  }
}

/// A transaction of unknown cost or proceeds: which, and why.
public struct UnknownCost: Sendable, Equatable {
  /// Why the value is unknown.
  public enum Reason: String, Sendable, Equatable {
    /// A deposit from outside: its cost is what the coins cost before they came in.
    case deposit
    /// No price in the file, at 1 USD or from CoinGecko (beyond its reach, or offline).
    case noPrice
  }

  /// The line of the file.
  public var line: Int
  /// When it happened.
  public var date: Date?
  /// The coin's CoinGecko id.
  public var coin: String
  /// The coins concerned.
  public var amount: Decimal
  /// What the transaction is (`deposit`, `income`, `trade`, `buy`, `sale`, `fee`).
  public var event: String
  /// Why.
  public var reason: Reason

  /// Creates an entry.
  public init(
    line: Int, date: Date?, coin: String, amount: Decimal, event: String, reason: Reason
  ) {
    self.line = line
    self.date = date
    self.coin = coin
    self.amount = amount
    self.event = event
    self.reason = reason
  }
}
