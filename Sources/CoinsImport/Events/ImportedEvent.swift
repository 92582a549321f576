import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why coins came in for nothing spent: the kinds of income the formats tell apart.
public enum IncomeKind: String, Hashable, Sendable, CaseIterable {
  /// Staking rewards.
  case staking
  /// Rewards, bonuses, cashback.
  case reward
  /// Airdrops and forks.
  case airdrop
  /// Interest (savings, earn, lending).
  case interest
  /// Learning rewards ("learn and earn").
  case learning
  /// Referral bonuses.
  case referral
  /// Mining.
  case mining
  /// Income the file does not say more about.
  case other
}

/// What one imported event did to the holdings.
public enum ImportedAction: Hashable, Sendable {
  /// Coins bought with money; `money` is what was paid before any fee, when the row says.
  case buy(coin: ImportedAmount, money: ImportedAmount?)
  /// Coins sold for money; `money` is the proceeds before any fee, when the row says.
  case sell(coin: ImportedAmount, money: ImportedAmount?)
  /// One coin exchanged for another at one moment (a sale of `spent`, a buy of `received`).
  case trade(spent: ImportedAmount, received: ImportedAmount)
  /// Coins arriving from outside (cost unknown unless the event has a ``ImportedEvent/value``).
  case deposit(ImportedAmount)
  /// Coins leaving to outside.
  case withdrawal(ImportedAmount)
  /// Coins received as income.
  case income(ImportedAmount, IncomeKind)
  /// Coins given up as a fee, for nothing else.
  case feeDisposal(ImportedAmount)
}

/// One event read from an export, in neutral terms: no CoinGecko ids, no fair values yet.
public struct ImportedEvent: Hashable, Sendable {
  /// The line of the file it was read from (the first, when several rows make it).
  public var line: Int
  /// When it happened (UTC); `nil` only for a row of coins' own CSV without a date.
  public var date: Date?
  /// What happened.
  public var action: ImportedAction
  /// The fees, as the file states them (see ``ImportedFee`` for how each is counted).
  public var fees: [ImportedFee]
  /// The row's own money value of the event, when the file gives one (Koinly's Net Worth,
  /// crypto.com's Native Amount, Coinbase's Subtotal, coins' own price × amount).
  public var value: ImportedAmount?
  /// The exchange's own id for the event, when the file has one unique per event; a fee
  /// disposal split off an event has that event's id with `/fee` appended.
  public var id: String?
  /// The row's description, when it has one worth keeping.
  public var note: String?
  /// The wallet the row names (coins' own CSV), else the import's.
  public var wallet: String? = nil
  /// For a transfer in of coins' own CSV: the id of the transfer out it received (a move
  /// between wallets, as `coins portfolio export --csv` writes it).
  public var movedFrom: String? = nil
  /// coins' own export: the transaction exactly as it was recorded (its id, figures and every
  /// member), which the plan takes as it is.
  public var recorded: Transaction? {
    get { exported?.transaction }
    set { exported = newValue.map(Exported.init) }
  }
  private var exported: Exported? = nil

  /// A transaction of coins' own export, compared whole and hashed by its id and figures.
  private struct Exported: Hashable, Sendable {
    var transaction: Transaction

    func hash(into hasher: inout Hasher) {
      hasher.combine(transaction.id)
      hasher.combine(transaction.amount)
      hasher.combine(transaction.date)
    }
  }

  /// Creates an event.
  public init(
    line: Int, date: Date?, action: ImportedAction, fees: [ImportedFee] = [],
    value: ImportedAmount? = nil, id: String? = nil, note: String? = nil
  ) {
    self.line = line
    self.date = date
    self.action = action
    self.fees = fees
    self.value = value
    self.id = id
    self.note = note
  }
}
