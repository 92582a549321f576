#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Adds the rows of an import file to a portfolio, all or nothing, so that importing the same
/// file twice adds nothing.
///
/// Into an empty portfolio a row keeps its id (coins' own export: lots, moves and links stay as
/// they were); into one with transactions a row with an id matches a transaction of its content
/// (that id's first), else is added under the next id, and the links (``Transaction/movedFrom``)
/// of the file follow its ids to their new numbers. A row with an exchange's id
/// (``Transaction/externalID``) matches a transaction of the same coin and type with that
/// exchange id. A row without either matches by its
/// content (date, type, coin, amount, price, currency, fee, fee currency, note) and by how many
/// times that content came before it in the file: the n-th such row is already there when the
/// portfolio holds at least n transactions with that content, so two real identical buys stay
/// two.
public enum PortfolioImport {
  /// What to do with a sale or transfer out of more than is held at its date.
  public enum ShortfallPolicy: Sendable {
    /// Refuse the import (coins' own CSV: its history is complete).
    case refuse
    /// Add the missing coins, of unknown cost, just before it (an export that starts mid-history).
    case cover
  }

  /// Coins of unknown cost added so that a sale does not take out more than was held.
  public struct Shortfall: Sendable, Equatable {
    /// The line of the sale.
    public var line: Int
    /// The coin.
    public var coin: String
    /// The coins missing.
    public var amount: Decimal

    /// Creates an entry.
    public init(line: Int, coin: String, amount: Decimal) {
      self.line = line
      self.coin = coin
      self.amount = amount
    }
  }

  /// Applies `rows` to `portfolio`; throws, changing nothing, when a row's id appears twice or
  /// the result would take out more than is held at some date.
  public static func apply(
    _ rows: [ImportRow], to portfolio: inout Portfolio, shortfall: ShortfallPolicy = .refuse
  )
    throws(ImportError) -> Outcome
  {
    var changed = portfolio
    var existingIDs = Set<String>()
    var existingExternal = Set<ExternalKey>()
    var largestID = 0
    for holding in changed.holdings {
      for transaction in holding.transactions {
        existingIDs.insert(transaction.id)
        largestID = max(largestID, Int(transaction.id) ?? 0)
        if let external = transaction.externalID {
          existingExternal.insert(ExternalKey(holding.id, transaction.kind, external))
        }
      }
    }
    var existing = ExistingContents(changed)
    // Into an empty portfolio the file's ids are kept (an export's lots, moves and links stay
    // as they were); into one with transactions they are renumbered.
    let keepsIDs = existingIDs.isEmpty
    // The ids the file gives: a new transaction's id is none of them, when they are kept.
    let rowIDs = keepsIDs ? Set(rows.lazy.map(\.transaction.id).filter { !$0.isEmpty }) : []
    // What each id of the file is in the portfolio, for the links that name it.
    var renumbered: [String: String] = [:]
    var linked: [(holding: Int, index: Int)] = []
    var holdingIndex = Dictionary(
      changed.holdings.enumerated().map { ($0.element.id, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    var fileIDs: [String: Int] = [:]
    // Each transaction added and its row's line, for a refusal to name.
    var added: [(id: String, line: Int)] = []
    added.reserveCapacity(rows.count)
    var outcome = Outcome(added: 0, alreadyThere: 0)
    // The holdings the rows are in, by place (an integer hashed a row, not the coin's name),
    // and the ids of the transfers added: what the moves are looked for among.
    var touched = Set<Int>()
    var transfers: [String] = []
    for row in rows {
      var transaction = row.transaction
      if !transaction.id.isEmpty {
        if let earlier = fileIDs[transaction.id] {
          throw ImportError(
            line: row.line, column: "id",
            reason: "'\(transaction.id)' is also the id on line \(earlier)")
        }
        fileIDs[transaction.id] = row.line
        if !keepsIDs {
          // Already there: under its id with the same content, else by content alone.
          let content = Content(row.coin, transaction)
          if let found = existing.take(
            content, in: changed, anyPrice: false, preferring: transaction.id)
          {
            renumbered[transaction.id] =
              changed.holdings[found.holding].transactions[found.index].id
            touched.insert(found.holding)
            outcome.alreadyThere += 1
            continue
          }
          let fileID = transaction.id
          transaction.id = String(largestID + 1)
          renumbered[fileID] = transaction.id
        }
      } else {
        if let external = transaction.externalID {
          if existingExternal.contains(ExternalKey(row.coin, transaction.kind, external)) {
            // A holding of that coin has it.
            if let place = holdingIndex[row.coin] { touched.insert(place) }
            outcome.alreadyThere += 1
            continue
          }
        } else if let (holding, index) = existing.take(
          Content(row.coin, transaction), in: changed, anyPrice: row.priceIsValued)
        {
          touched.insert(holding)
          outcome.alreadyThere += 1
          if row.priceIsValued, let price = transaction.price,
            changed.holdings[holding].transactions[index].price == nil
          {
            changed.holdings[holding].transactions[index].price = price
            changed.holdings[holding].transactions[index].currency = transaction.currency
            changed.holdings[holding].transactions[index].costUnknown = false
            changed.holdings[holding].transactions[index].priceSource = transaction.priceSource
            outcome.pricedNow += 1
          }
          continue
        }
        // One more than the largest numeric id so far (the portfolio's next id), passing
        // over the ids the file gives.
        var next = largestID + 1
        while !rowIDs.isEmpty, rowIDs.contains(String(next)) { next += 1 }
        transaction.id = String(next)
      }
      largestID = max(largestID, Int(transaction.id) ?? 0)
      added.append((transaction.id, row.line))
      let index = holdingIndex[row.coin] ?? changed.holdings.count
      if index < changed.holdings.count {
        changed.holdings[index].transactions.append(transaction)
      } else {
        holdingIndex[row.coin] = index
        changed.holdings.append(Holding(id: row.coin, transactions: [transaction]))
      }
      if transaction.movedFrom != nil {
        linked.append((index, changed.holdings[index].transactions.count - 1))
      }
      touched.insert(index)
      if transaction.kind == .transferIn || transaction.kind == .transferOut {
        transfers.append(transaction.id)
      }
      outcome.added += 1
    }
    // A link to a transaction of the file names it by the id it has now.
    for (holding, index) in linked where !renumbered.isEmpty {
      if let from = changed.holdings[holding].transactions[index].movedFrom,
        let now = renumbered[from]
      {
        changed.holdings[holding].transactions[index].movedFrom = now
      }
    }
    if case .cover = shortfall {
      let lines = Dictionary(
        added.map { ($0.id, $0.line) }, uniquingKeysWith: { first, _ in first })
      // An exchange's withdrawal and another's deposit of it are one move; what a wallet
      // then sells beyond what it holds was held before the export.
      // Only transfers are paired: the ids of the others are not looked up, and without a
      // transfer added no move can be new (the holdings are not walked for one).
      outcome.moves = transfers.isEmpty ? [] : changed.matchMoves(among: Set(transfers))
      outcome.covered = cover(
        &changed, touched: Set(touched.map { changed.holdings[$0].id }), lines: lines,
        removed: &outcome.heldBeforeRemoved)
      outcome.unpaired = unpaired(in: changed, added: lines)
      outcome.pairedLines = Set(
        outcome.moves.flatMap { [$0.out.id, $0.arrival.id] }.compactMap { lines[$0] })
    }
    for holding in changed.holdings {
      guard let (overdraw, held) = holding.firstOverdraw else { continue }
      let line =
        added.first { $0.id == overdraw.id }?.line
        ?? rows.last(where: { $0.coin == holding.id })?.line ?? 1
      throw ImportError(
        line: line, column: "amount",
        reason:
          "a \(TransactionWords.kind(overdraw.kind)) of \(DecimalInput.text(overdraw.amount)) "
          + "\(holding.id) takes out more than the \(DecimalInput.text(held)) held at its date")
    }
    portfolio = changed
    return outcome
  }

  /// What a row with an exchange's id is matched by.
  struct ExternalKey: Hashable {
    let coin: String
    let kind: TransactionKind
    let id: String

    init(_ coin: String, _ kind: TransactionKind, _ id: String) {
      self.coin = coin
      self.kind = kind
      self.id = id
    }
  }

  /// What a row without an id is matched by: its coin and its content, figures by value. Its
  /// hash leaves the price out, so that a row whose price was found apart (``ImportRow/priceIsValued``)
  /// finds its transaction whatever price it was given then.
  struct Content: Hashable {
    let coin: String
    let kind: TransactionKind
    let date: Date?
    let amount: ExactDecimal
    let price: ExactDecimal?
    let currency: String?
    let fee: ExactDecimal?
    let feeCurrency: String?
    let note: String?

    init(_ coin: String, _ transaction: Transaction) {
      self.coin = coin
      kind = transaction.kind
      date = transaction.date
      amount = ExactDecimal(transaction.amount)
      price = transaction.price.map(ExactDecimal.init)
      currency = transaction.currency
      fee = transaction.fee.map(ExactDecimal.init)
      feeCurrency = transaction.feeCurrency
      note = transaction.note
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(coin)
      hasher.combine(kind)
      hasher.combine(date)
      hasher.combine(amount)
      hasher.combine(fee)
      hasher.combine(feeCurrency)
      hasher.combine(note)
    }

    /// Whether `other` is of the same content, its price and currency aside with `anyPrice`.
    func matches(_ other: Content, anyPrice: Bool) -> Bool {
      coin == other.coin && kind == other.kind && date == other.date && amount == other.amount
        && fee == other.fee && feeCurrency == other.feeCurrency && note == other.note
        && (anyPrice || (price, currency) == (other.price, other.currency))
    }
  }
}
