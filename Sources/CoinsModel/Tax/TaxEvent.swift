#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One transaction as a tax rule set sees it: on a local day, in the rules' currency. A move
/// between the user's own wallets is no event (only the part that did not arrive, the
/// network's fee, leaves as a ``Kind/removal``).
package struct TaxEvent: Sendable, Equatable {
  /// What the event does to the coins held.
  package enum Kind: Sendable, Equatable {
    /// Coins in: a buy, income, or a transfer in from outside.
    case acquisition
    /// Coins sold.
    case disposal
    /// Coins out without a sale (a transfer out to outside, a move's network fee): they
    /// leave at their cost and realize nothing.
    case removal
  }

  /// The transaction's id.
  package var transactionID: String
  /// The coin's CoinGecko id.
  package var coin: String
  /// What it does.
  package var kind: Kind
  /// When it happened; `nil` for an undated version-1 lot.
  package var date: Date?
  /// The local day it happened on (``TaxZone/day(of:)``); `Int.min` when undated.
  package var day: Int
  /// Coins in or out.
  package var amount: ExactDecimal
  /// Amount × price in the rules' currency (an acquisition's cost before its fee, a
  /// disposal's proceeds before its fee); 0 for a transfer in without a price; `nil` when
  /// unknown (no price, or no rate).
  package var value: ExactDecimal?
  /// The fee in the rules' currency (0 when none; `nil` when its rate is unknown).
  package var fee: ExactDecimal?
  /// Whether the coins came in as income (staking, lending, an airdrop).
  package var isIncome: Bool
  /// The wallet.
  package var wallet: String
  /// Whether its value or fee was converted at today's rate (the day's was out of reach).
  package var atTodaysRate = false
  /// For a disposal, when asked for: how its price and fee were had and converted (as `gains`'
  /// US sales say); else `nil`.
  @Indirect package var provenance: FigureProvenance? = nil

  /// The acquisition's cost, fee included; `nil` when either is unknown.
  package var cost: ExactDecimal? {
    guard let value, let fee else { return nil }
    return value + fee
  }
}
