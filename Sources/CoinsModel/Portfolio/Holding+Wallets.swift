#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Holding {
  /// Every wallet the coin has been in, by name.
  public var wallets: [String] { Set(transactions.map(\.wallet)).sorted() }

  /// The coins in each wallet now — what moved in minus what moved out — by wallet name,
  /// wallets holding none left out.
  public var amountsByWallet: [(wallet: String, amount: Decimal)] {
    var amounts: [String: ExactDecimal] = [:]
    for transaction in transactions {
      let amount = ExactDecimal(transaction.amount)
      amounts[transaction.wallet, default: .zero] +=
        transaction.kind.addsCoins ? amount : -amount
    }
    return amounts.filter { $0.value > .zero }.sorted { $0.key < $1.key }
      .map { ($0.key, $0.value.decimal) }
  }

  /// The coins in `wallet` now.
  public func amount(in wallet: String) -> Decimal {
    amountsByWallet.first { $0.wallet == wallet }?.amount ?? 0
  }

  /// The wallet coins leave by a sell or transfer out of `amount`: `named` when given, else
  /// the one wallet holding the coin, else `default` when it holds `amount`; refused when the
  /// coin is held in several wallets and none was named.
  public func leavingWallet(named: String?, amount: Decimal) throws(PortfolioError) -> String {
    if let named { return named }
    let held = amountsByWallet
    if held.count <= 1 { return held.first?.wallet ?? Transaction.defaultWallet }
    if let usual = held.first(where: { $0.wallet == Transaction.defaultWallet }),
      usual.amount >= amount
    {
      return usual.wallet
    }
    throw .walletNotNamed(
      id: id, amounts: Dictionary(held.map { ($0.wallet, $0.amount) }) { first, _ in first })
  }

  /// The transfer in that received the transfer out `id` (or the transfer out that the
  /// transfer in `id` received): the other half of a move, when `id` is one.
  public func movePartner(of id: String) -> Transaction? {
    guard let transaction = transactions.first(where: { $0.id == id }) else { return nil }
    if let from = transaction.movedFrom {
      return moves[from] != nil ? transactions.first { $0.id == from } : nil
    }
    return moves[id].map { transactions[$0] }
  }
}

extension Portfolio {
  /// Every wallet a transaction names, by name.
  public var wallets: [String] {
    Set(holdings.flatMap { $0.transactions.map(\.wallet) }).sorted()
  }

  /// Records a move of `amount` coins of `coin` from wallet `from` to wallet `to`, of which
  /// `fee` (the network's) did not arrive: a transfer out of `amount` and a transfer in of
  /// `amount - fee` that received it (``Transaction/movedFrom``), with the next two ids.
  /// Refused, with nothing changed, when `from` holds less than `amount` at `date`.
  @discardableResult
  public mutating func recordMove(
    of coin: String, amount: Decimal, fee: Decimal, from: String, to: String, date: Date?,
    note: String?
  ) throws(PortfolioError) -> (out: Transaction, in: Transaction) {
    var changed = self
    let out = try changed.record(
      Transaction(kind: .transferOut, amount: amount, date: date, note: note, wallet: from),
      to: coin)
    let arrival = try changed.record(
      Transaction(
        kind: .transferIn, amount: amount - fee, date: date, note: note, wallet: to,
        movedFrom: out.id), to: coin)
    self = changed
    return (out, arrival)
  }
}

extension Portfolio {
  /// Pairs the transfer out `outID` with the transfer in `inID` as one move between wallets,
  /// recorded before on their own (an import that could not pair them, say): the transfer in
  /// then names the transfer out it received (``Transaction/movedFrom``), and its coins keep
  /// the dates and costs they had. Refused, with nothing changed, unless both are of one coin
  /// (in two wallets, or in one: coins that left and came back, or a rename an exchange
  /// recorded as a send and a receive), neither is already half of a move, the transfer in is
  /// not income and no more arrived than left.
  public mutating func link(out outID: String, in inID: String) throws(PortfolioError)
    -> (coin: String, out: Transaction, in: Transaction)
  {
    guard let (coin, out) = transaction(id: outID) else { throw .noSuchTransaction(outID) }
    guard let (inCoin, arrival) = transaction(id: inID) else { throw .noSuchTransaction(inID) }
    guard let index = holdings.firstIndex(where: { $0.id == coin }) else {
      throw .noSuchTransaction(outID)
    }
    let holding = holdings[index]
    let problem: String? =
      if out.kind != .transferOut {
        "transaction \(outID) is not a transfer out"
      } else if arrival.kind != .transferIn {
        "transaction \(inID) is not a transfer in"
      } else if inCoin != coin {
        "they are of different coins (\(coin), \(inCoin))"
      } else if arrival.isIncome {
        "transaction \(inID) is income"
      } else if arrival.amount > out.amount {
        "more arrived (\(DecimalInput.text(arrival.amount))) than left "
          + "(\(DecimalInput.text(out.amount)))"
      } else if holding.movePartner(of: outID) != nil || arrival.movedFrom != nil {
        "one of them is already half of a move"
      } else { nil }
    if let problem { throw .notAMove(out: outID, in: inID, problem: problem) }
    var changed = holding
    guard let place = changed.transactions.firstIndex(where: { $0.id == inID }) else {
      throw .noSuchTransaction(inID)
    }
    changed.transactions[place].arrive(from: outID)
    if let (overdraw, held) = changed.firstOverdraw {
      throw .exceedsWallet(
        id: coin, wallet: overdraw.wallet, held: held, asked: overdraw.amount,
        date: overdraw.date)
    }
    holdings[index] = changed
    return (coin, out, changed.transactions[place])
  }
}

extension Transaction {
  /// Makes this transfer in the arriving half of a move whose transfer out is `outID`: its
  /// coins come with that transfer out, dates and costs and all, so it has no price or cost of
  /// its own.
  mutating func arrive(from outID: String) {
    movedFrom = outID
    price = nil
    currency = nil
    costUnknown = false
  }
}
