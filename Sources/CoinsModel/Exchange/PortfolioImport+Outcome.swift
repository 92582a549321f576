#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioImport {
  /// What an import did.
  public struct Outcome: Sendable, Equatable {
    /// Rows added as new transactions.
    public var added: Int
    /// Rows already in the portfolio.
    public var alreadyThere: Int
    /// Of those, the ones without a price there that this import could value (a file imported
    /// offline, then online): priced now.
    public var pricedNow = 0
    /// The coins of unknown cost added before sales of more than was held
    /// (``ShortfallPolicy/cover``).
    public var covered: [Shortfall] = []
    /// The withdrawals and deposits paired as moves between wallets (``ShortfallPolicy/cover``,
    /// an exchange's export; ``Portfolio/matchMoves(among:)``).
    public var moves: [MatchedMove] = []
    /// The transfers in and out added that are no move: deposits from outside (or from a
    /// wallet whose export is not imported yet), withdrawals to outside, with their lines.
    public var unpaired: [(line: Int, transaction: Transaction, coin: String)] = []
    /// The lines of the rows that became halves of ``moves`` (a deposit among them is no
    /// longer of unknown cost).
    public var pairedLines: Set<Int> = []
    /// The coins an earlier import added as held before its export that this one brought in
    /// for real (an earlier period imported after a later one), removed.
    public var heldBeforeRemoved = 0

    /// Whether two outcomes added, found, covered, paired and left unpaired the same.
    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
      (lhs.added, lhs.alreadyThere, lhs.covered, lhs.moves, lhs.pairedLines)
        == (rhs.added, rhs.alreadyThere, rhs.covered, rhs.moves, rhs.pairedLines)
        && lhs.heldBeforeRemoved == rhs.heldBeforeRemoved && lhs.pricedNow == rhs.pricedNow
        && lhs.unpaired.map { [String($0.line), $0.transaction.id, $0.coin] }
          == rhs.unpaired.map { [String($0.line), $0.transaction.id, $0.coin] }
    }

    /// Each member as given.
    package init(
      added: Int, alreadyThere: Int, pricedNow: Int = 0, covered: [PortfolioImport.Shortfall] = [],
      moves: [MatchedMove] = [],
      unpaired: [(line: Int, transaction: Transaction, coin: String)] = [],
      pairedLines: Set<Int> = [], heldBeforeRemoved: Int = 0
    ) {
      self.added = added
      self.alreadyThere = alreadyThere
      self.pricedNow = pricedNow
      self.covered = covered
      self.moves = moves
      self.unpaired = unpaired
      self.pairedLines = pairedLines
      self.heldBeforeRemoved = heldBeforeRemoved
    }
  }
}
