#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `coins portfolio edit` changes in one transaction: each field given, the others kept.
public struct TransactionEdit: Sendable, Equatable {
  /// The amount of coins.
  public var amount: Decimal?
  /// The price per coin.
  public var price: Decimal?
  /// A total paid or received, turned into the price per coin by the (new) amount.
  public var total: Decimal?
  /// The currency of the price (or total).
  public var currency: String?
  /// The fee.
  public var fee: Decimal?
  /// The currency of the fee.
  public var feeCurrency: String?
  /// When it happened.
  public var date: Date?
  /// The wallet it belongs to.
  public var wallet: String?
  /// The note; an empty one removes it.
  public var note: String?
  /// Whether a transfer in is income.
  public var isIncome: Bool?
  /// The coin (CoinGecko id) it is of.
  public var coin: String?

  /// An edit changing nothing.
  public init() {}

  /// Whether it changes nothing at all.
  public var isEmpty: Bool { self == TransactionEdit() }
}

/// Why an edit was refused; nothing was changed.
public enum TransactionEditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No transaction has the id.
  case noSuchTransaction(String)
  /// An option that does not apply to the transaction's type.
  case notApplicable(option: String, transaction: String, kind: TransactionKind, why: String)
  /// The result would take more out of a wallet than it holds at some date.
  case wouldOverdraw(transaction: String, coin: String, wallet: String, date: Date?, held: Decimal)
  /// The result would no longer be a move (more would arrive than left).
  case breaksMove(out: String, in: String, why: String)

  /// One line for the user, without the `Error: ` prefix.
  public var message: String {
    switch self {
    case .noSuchTransaction(let id):
      return "No transaction has the id '\(Sanitizer.printable(id))'; "
        + "coins portfolio history lists them."
    case .notApplicable(let option, let id, let kind, let why):
      return "\(option) does not apply to transaction \(id), a \(TransactionWords.kind(kind)): "
        + "\(why). Nothing was changed."
    case .wouldOverdraw(let id, let coin, let wallet, let date, let held):
      return "Cannot edit: transaction \(id)\(Self.on(date)) would then take out more \(coin) "
        + "than wallet \(wallet) holds (\(DecimalInput.text(held))). Nothing was changed."
    case .breaksMove(let out, let arrival, let why):
      return "Cannot edit: transactions \(out) and \(arrival) would no longer be a move: \(why). "
        + "Nothing was changed."
    }
  }

  /// The message.
  public var description: String { message }

  private static func on(_ date: Date?) -> String {
    guard let date else { return "" }
    return " on " + DateInput.dayText(date)
  }
}

extension Portfolio {
  /// Applies `edit` to transaction `id` (and, for half of a move, the date, the coin and — when
  /// nothing was lost on the way — the amount to the other half too), returning the
  /// transactions as they were and as they are. Refused, with nothing changed, when an option
  /// does not apply to the type, when a wallet would be overdrawn at any date, or when a move
  /// would no longer pair.
  public mutating func edit(_ id: String, _ edit: TransactionEdit) throws(TransactionEditError)
    -> [(before: Transaction, after: Transaction)]
  {
    guard let (coin, original) = transaction(id: id),
      let holdingIndex = holdings.firstIndex(where: { $0.id == coin })
    else { throw .noSuchTransaction(id) }
    try Self.check(edit, applies: original)
    let partner = holdings[holdingIndex].movePartner(of: id)
    var changed = self
    var pairs: [(Transaction, Transaction)] = []
    var edited = original
    if let amount = edit.amount { edited.amount = amount }
    if let total = edit.total {
      edited.price = DecimalInput.parse(DecimalInput.text(total / edited.amount))
    }
    if let price = edit.price { edited.price = price }
    if edit.price != nil || edit.total != nil || edit.currency != nil {
      edited.currency = edit.currency ?? original.currency
    }
    if let fee = edit.fee { edited.fee = fee == 0 ? nil : fee }
    if let feeCurrency = edit.feeCurrency { edited.feeCurrency = feeCurrency }
    if let date = edit.date { edited.date = date }
    if let wallet = edit.wallet { edited.wallet = wallet }
    if let note = edit.note { edited.note = note.isEmpty ? nil : note }
    if let income = edit.isIncome { edited.isIncome = income }
    pairs.append((original, edited))
    if let partner {
      var other = partner
      if let date = edit.date { other.date = date }
      if let amount = edit.amount, original.kind == .transferOut, partner.amount == original.amount
      {
        other.amount = amount
      }
      if other != partner { pairs.append((partner, other)) }
    }
    let target = edit.coin ?? coin
    for (before, after) in pairs {
      changed.holdings[holdingIndex].transactions.removeAll { $0.id == before.id }
      if let index = changed.holdings.firstIndex(where: { $0.id == target }), target != coin {
        changed.holdings[index].transactions.append(after)
      } else if target != coin {
        changed.holdings.append(Holding(id: target, transactions: [after]))
      } else {
        let place = holdings[holdingIndex].transactions.firstIndex { $0.id == before.id } ?? 0
        changed.holdings[holdingIndex].transactions.insert(
          after,
          at: min(place, changed.holdings[holdingIndex].transactions.count))
      }
    }
    if let partner, edit.coin != nil, !pairs.contains(where: { $0.0.id == partner.id }) {
      // The other half goes to the new coin too.
      changed.holdings[holdingIndex].transactions.removeAll { $0.id == partner.id }
      if let index = changed.holdings.firstIndex(where: { $0.id == target }) {
        changed.holdings[index].transactions.append(partner)
      }
    }
    if let partner {
      let (out, arrival) = original.kind == .transferOut ? (id, partner.id) : (partner.id, id)
      let holding = changed.holding(id: target)
      if holding?.moves[out] == nil {
        throw .breaksMove(
          out: out, in: arrival,
          why: "no more arrives than left")
      }
    }
    changed.holdings.removeAll { $0.transactions.isEmpty }
    for holding in changed.holdings where holding.id == coin || holding.id == target {
      if let (overdraw, held) = holding.firstOverdraw {
        throw .wouldOverdraw(
          transaction: overdraw.id, coin: holding.id, wallet: overdraw.wallet,
          date: overdraw.date, held: held)
      }
    }
    self = changed
    return pairs.map { (before: $0.0, after: $0.1) }
  }

  /// Refused when an option of `edit` does not apply to `transaction`'s type.
  private static func check(_ edit: TransactionEdit, applies transaction: Transaction)
    throws(TransactionEditError)
  {
    func refuse(_ option: String, _ why: String) -> TransactionEditError {
      .notApplicable(option: option, transaction: transaction.id, kind: transaction.kind, why: why)
    }
    let isMoveArrival = transaction.movedFrom != nil
    if transaction.kind == .transferOut || isMoveArrival {
      let why =
        isMoveArrival
        ? "the coins of a move keep the cost they had" : "coins moved out have no price"
      if edit.price != nil { throw refuse("--price", why) }
      if edit.total != nil { throw refuse("--total", why) }
    }
    if edit.fee != nil || edit.feeCurrency != nil,
      !(transaction.kind == .buy || transaction.kind == .sell)
    {
      throw refuse(
        edit.fee != nil ? "--fee" : "--fee-currency", "only a buy or a sell has a fee in money")
    }
    if edit.isIncome != nil, transaction.kind != .transferIn || isMoveArrival {
      throw refuse(
        edit.isIncome == true ? "--income" : "--no-income",
        "only coins that came in from outside can be income")
    }
  }
}
