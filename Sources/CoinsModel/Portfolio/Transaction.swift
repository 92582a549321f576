#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One recorded change to a holding: a buy, a sell or a transfer, with exact figures.
public struct Transaction: Sendable, Equatable {
  /// The stable id (`1`, `2`, … in the order recorded), unique in the file; empty until the
  /// portfolio assigns one (``Portfolio/assignMissingIDs()``).
  public var id: String
  /// Buy, sell, transfer in or out.
  public var kind: TransactionKind
  /// Coins bought, sold or moved; always more than 0.
  public var amount: Decimal
  /// The price per coin, when known.
  public var price: Decimal?
  /// The currency of ``price`` (`usd`, `eur`, …); `nil` reads as `usd`.
  public var currency: String?
  /// A fee paid on top (for a buy) or taken from the proceeds (for a sell).
  public var fee: Decimal?
  /// The currency of ``fee``; `nil` reads as ``currency``.
  public var feeCurrency: String?
  /// When it happened; `nil` (a version-1 lot without a date) sorts before every dated one.
  public var date: Date?
  /// The user's note.
  public var note: String?
  /// The exchange's own id of the trade or ledger entry it came from, when it was imported from
  /// an exchange's export (so that importing that export again adds nothing).
  public var externalID: String?
  /// Whether the coins came in as income (staking, a reward, an airdrop); only a transfer in
  /// is marked so.
  public var isIncome: Bool
  /// Whether a transfer in without a price brought coins of unknown cost (a deposit from
  /// outside, imported from an exchange's export) rather than coins that cost 0 (a reward
  /// recorded by hand); the ledger then holds them uncosted, like a buy without a price.
  public var costUnknown: Bool
  /// The wallet (an exchange, a hardware wallet, …) it belongs to: ``defaultWallet`` unless
  /// said.
  public var wallet: String
  /// For a transfer in that is the arriving half of a move between the user's own wallets: the
  /// id of the transfer out (from another wallet) whose coins arrived. The coins keep the dates
  /// and costs they had; what left and did not arrive (the network's fee) leaves at its cost.
  public var movedFrom: String?
  /// Where a price `coins` looked up came from, as the price chain labels it (`coinbase`,
  /// `binance via USDT`, `coingecko`, `yours`, with `, carried forward 2 days` where it
  /// applies), or `stablecoin` for a USD stablecoin leg counted at 1 USD
  /// (``FigureProvenance/stablecoinSource``); `nil` for a price the user or an export gave, and
  /// for no price.
  public var priceSource: String?
  /// Members of the transaction's object in the file that `coins` does not know, kept on rewrite.
  public var extra: [KeptMember]

  /// The wallet of a transaction that names none (every one recorded before wallets existed).
  public static let defaultWallet = "default"

  /// Creates a transaction.
  public init(
    id: String = "", kind: TransactionKind, amount: Decimal, price: Decimal? = nil,
    currency: String? = nil, fee: Decimal? = nil, feeCurrency: String? = nil, date: Date? = nil,
    note: String? = nil, externalID: String? = nil, isIncome: Bool = false,
    wallet: String = Transaction.defaultWallet, movedFrom: String? = nil,
    costUnknown: Bool = false,
    extra: [KeptMember] = [], priceSource: String? = nil
  ) {
    self.id = id
    self.kind = kind
    self.amount = amount
    self.price = price
    self.currency = currency
    self.fee = fee
    self.feeCurrency = feeCurrency
    self.date = date
    self.note = note
    self.externalID = externalID
    self.isIncome = isIncome
    self.wallet = wallet
    self.movedFrom = movedFrom
    self.costUnknown = costUnknown
    self.extra = extra
    self.priceSource = priceSource
  }

  /// Whether the coins it adds have a known cost: a buy with a price, a transfer in with a price
  /// or one not marked ``costUnknown``.
  public var hasKnownCost: Bool {
    switch kind {
    case .buy: price != nil
    case .transferIn: price != nil || !costUnknown
    case .sell, .transferOut: true
    }
  }

  /// The currency of the price, `usd` when the file does not say.
  public var priceCurrency: String { currency ?? "usd" }

  /// The currency of the fee: its own, else the price's.
  public var feeCurrencyOrDefault: String { feeCurrency ?? priceCurrency }

  /// The change to the amount held: positive for a buy or transfer in, negative otherwise.
  public var signedAmount: Decimal { kind.addsCoins ? amount : -amount }

  /// The UTC day number (days since 1970-01-01) the transaction falls on; `Int.min` undated.
  public var day: Int {
    guard let date, date.timeIntervalSince1970.isFinite else { return Int.min }
    return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }
}
