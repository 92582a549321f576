/// A fee as the file states it, and how it is already reflected in the event.
///
/// The rule every reader follows: a fee is paid on top of what the row says changed hands.
/// A fee in money stays beside the amounts (the integration adds it to a buy's cost and takes it
/// from a sale's proceeds); a fee in the coin received means fewer coins received; a fee in the
/// coin spent means more coins spent; a fee in a third coin (BNB on Binance) is a disposal of that
/// coin of its own, written as a separate ``ImportedAction/feeDisposal(_:)`` event.
public struct ImportedFee: Hashable, Sendable {
  /// How the fee is reflected in the event it belongs to.
  public enum Treatment: String, Hashable, Sendable {
    /// Money: not in the event's amounts; a cost on top of a buy, taken from a sale's proceeds.
    case money
    /// Already taken off the coins received (the received amount is net of it).
    case deductedFromReceived
    /// Already added to the coins spent (the spent amount includes it).
    case addedToSpent
    /// Paid in a coin the event does not otherwise move: a separate fee-disposal event follows.
    case ownDisposal
  }

  /// The fee's asset and amount.
  public var amount: ImportedAmount
  /// How it is reflected.
  public var treatment: Treatment

  /// Creates a fee.
  public init(_ amount: ImportedAmount, _ treatment: Treatment) {
    self.amount = amount
    self.treatment = treatment
  }
}
