import CoinsModel
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// Every method against an independent reference over random histories. The reference cuts
/// each lot into pieces of 0.01 coin that each cost a whole number of cents, and a sale takes
/// the first pieces of all those held put in the method's order — the oldest (FIFO), the newest
/// (LIFO) or the dearest (HIFO) first — so
/// its figures are integers of cents and exact fractions, rounded by integer arithmetic; days
/// and terms come from Foundation's calendar. Average cost is checked against a pool kept in
/// `Double`, to within a millionth.
@Suite struct LotReferenceTests {
  /// 0.01 coin of one lot.
  struct Piece {
    /// The chronological position of the lot's transaction.
    var order: Int
    /// What the piece costs, in cents; `nil` when unknown.
    var cents: Int?
  }

  /// One lot of a sale, by the reference.
  struct ReferenceLot: Equatable {
    var order: Int
    var pieces: Int
    var costCents: Int?
  }

  /// A random history, in chronological order (entry order is chronological order; hours
  /// within a day are random, so the ledger must not order a day by hour).
  struct History {
    var transactions: [Transaction] = []
    /// Cents per piece of each buy or transfer in, by order; `nil` for unknown.
    var pieceCents: [Int: Int?] = [:]
    /// Pieces moved or sold, by order, for sells and transfers out.
    var pieces: [Int: Int] = [:]
    /// A sale's proceeds in cents, by order.
    var proceedsCents: [Int: Int] = [:]
  }

  static let firstDay = 19_358  // 2023-01-01

  static func coins(_ pieces: Int) -> Decimal {
    Decimal(sign: .plus, exponent: -2, significand: Decimal(pieces))
  }

  static func cents(_ value: Int) -> Decimal {
    Decimal(sign: value < 0 ? .minus : .plus, exponent: -2, significand: Decimal(abs(value)))
  }

  static func history(seed: UInt64) -> History {
    var random = SeededRandom(seed: seed)
    var history = History()
    var day = firstDay
    var held = 0
    for order in 0..<(8 + random.below(14)) {
      day += random.pick([0, 0, 1, 3, 20, 90, 200, 366])
      let date = Date(
        timeIntervalSince1970: Double(day * 86_400 + random.below(86_400)))
      let id = String(order + 1)
      let roll = random.below(100)
      if held == 0 || roll < 45 {
        // A buy of 0.01 to 4 coins at a whole number of dollars, its fee whole cents a piece;
        // now and then without a price (unknown cost).
        let pieces = 1 + random.below(400)
        let price = 1 + random.below(1000)
        let feePerPiece = random.below(4)
        let known = random.below(20) != 0
        history.transactions.append(
          Transaction(
            id: id, kind: .buy, amount: coins(pieces),
            price: known ? Decimal(price) : nil,
            fee: feePerPiece == 0 ? nil : cents(pieces * feePerPiece), date: date))
        history.pieceCents[order] = known ? price + feePerPiece : nil
        held += pieces
      } else if roll < 53 {
        // A transfer in: at a given price, or without one (cost 0).
        let pieces = 1 + random.below(300)
        let price = random.below(2) == 0 ? nil : 1 + random.below(1000)
        history.transactions.append(
          Transaction(
            id: id, kind: .transferIn, amount: coins(pieces), price: price.map { Decimal($0) },
            date: date))
        history.pieceCents[order] = price ?? 0
        held += pieces
      } else if roll < 60 {
        let pieces = 1 + random.below(held)
        history.transactions.append(
          Transaction(id: id, kind: .transferOut, amount: coins(pieces), date: date))
        history.pieces[order] = pieces
        held -= pieces
      } else {
        let pieces = 1 + random.below(held)
        let price = 1 + random.below(1500)
        let fee = random.below(3) == 0 ? random.below(500) : 0
        history.transactions.append(
          Transaction(
            id: id, kind: .sell, amount: coins(pieces), price: Decimal(price),
            fee: fee == 0 ? nil : cents(fee), date: date))
        history.pieces[order] = pieces
        history.proceedsCents[order] = pieces * price - fee
        held -= pieces
      }
    }
    return history
  }

  /// Whether the reference takes `lhs` before `rhs` by `method`.
  static func precedes(_ lhs: Piece, _ rhs: Piece, _ method: CostBasisMethod) -> Bool {
    switch method {
    case .lifo: return lhs.order > rhs.order
    case .hifo:
      switch (lhs.cents, rhs.cents) {
      case (let left?, let right?) where left != right: return left > right
      case (.some, nil): return true
      case (nil, .some): return false
      default: return lhs.order < rhs.order
      }
    default: return lhs.order < rhs.order
    }
  }

  /// The lots each sale takes, by order of the sale, and the pieces left.
  static func reference(_ history: History, _ method: CostBasisMethod)
    -> (sales: [Int: [ReferenceLot]], held: [Piece])
  {
    var held: [Piece] = []
    var sales: [Int: [ReferenceLot]] = [:]
    for (order, transaction) in history.transactions.enumerated() {
      if transaction.kind.addsCoins {
        let pieces = Int(truncating: (transaction.amount * 100) as NSDecimalNumber)
        let cents = history.pieceCents[order] ?? nil
        held += Array(repeating: Piece(order: order, cents: cents), count: pieces)
        continue
      }
      // The method's order over every piece held; the sale takes the first ones.
      held.sort { precedes($0, $1, method) }
      let taken = held.prefix(history.pieces[order] ?? 0)
      held.removeFirst(taken.count)
      var lots: [ReferenceLot] = []
      for piece in taken {
        if lots.last?.order == piece.order {
          lots[lots.count - 1].pieces += 1
          lots[lots.count - 1].costCents = lots[lots.count - 1].costCents.flatMap { total in
            piece.cents.map { total + $0 }
          }
        } else {
          lots.append(ReferenceLot(order: piece.order, pieces: 1, costCents: piece.cents))
        }
      }
      if transaction.kind == .sell { sales[order] = lots }
    }
    return (sales, held)
  }

  /// `numerator / denominator` cents rounded half to even, in cents.
  static func halfEven(_ numerator: Int, _ denominator: Int) -> Int {
    var quotient = abs(numerator) / denominator
    let remainder = abs(numerator) % denominator
    if 2 * remainder > denominator || (2 * remainder == denominator && quotient % 2 == 1) {
      quotient += 1
    }
    return numerator < 0 ? -quotient : quotient
  }

  /// UTC days and term by Foundation's Gregorian calendar: long when sold after the first
  /// anniversary, a month's last day's being that month's last day a year on (Rev. Rul. 66-7).
  static func period(from acquired: Date, to sold: Date) -> (Int, HoldingTerm) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let (start, end) = (calendar.startOfDay(for: acquired), calendar.startOfDay(for: sold))
    let days = calendar.dateComponents([.day], from: start, to: end).day!
    var parts = calendar.dateComponents([.year, .month, .day], from: start)
    parts.year! += 1
    let monthDays = calendar.range(of: .day, in: .month, for: start)!.count
    let lastDayOfMonth = parts.day == monthDays
    parts.day = 1
    var anniversary = calendar.date(from: parts)!
    let laterMonthDays = calendar.range(of: .day, in: .month, for: anniversary)!.count
    parts.day = lastDayOfMonth ? laterMonthDays : calendar.dateComponents([.day], from: start).day!
    anniversary = calendar.date(from: parts)!
    return (days, end > anniversary ? .long : .short)
  }

  @Test(arguments: [CostBasisMethod.fifo, .lifo, .hifo])
  func everySaleAndLotMatchesTheReference(_ method: CostBasisMethod) {
    var checkedLots = 0
    for seed in UInt64(1)...150 {
      let history = Self.history(seed: seed &* 7919 &+ UInt64(method.rawValue.count))
      let holding = Holding(id: "bitcoin", transactions: history.transactions)
      let ledger = LedgerBuilder.ledger(of: holding, in: "usd", method: method)
      let statement = GainsStatement(
        ledger.realized, currency: "usd", method: method, spread: OneCore())
      let (expected, held) = Self.reference(history, method)
      let saleOrders = expected.keys.sorted()
      #expect(statement.sales.count == saleOrders.count, "seed \(seed)")
      for (sale, order) in zip(statement.sales, saleOrders) {
        let lots = expected[order]!
        let place = "seed \(seed) sale \(sale.sale.transactionID)"
        let transaction = history.transactions[order]
        let proceeds = history.proceedsCents[order]!
        let cost = lots.reduce(0 as Int?) { total, lot in
          total.flatMap { sum in lot.costCents.map { sum + $0 } }
        }
        #expect(sale.sale.proceeds == Self.cents(proceeds), "\(place)")
        #expect(sale.sale.costBasis == cost.map(Self.cents), "\(place)")
        #expect(sale.gain == cost.map { Self.cents(proceeds - $0) }, "\(place)")
        #expect(sale.lots.count == lots.count, "\(place)")
        let pieces = history.pieces[order]!
        for (lot, reference) in zip(sale.lots, lots) {
          let acquired = history.transactions[reference.order]
          #expect(lot.lot.acquiredID == acquired.id, "\(place)")
          #expect(lot.lot.amount == Self.coins(reference.pieces), "\(place)")
          #expect(lot.costBasis == reference.costCents.map(Self.cents), "\(place)")
          // Proceeds by amount: proceeds × pieces ÷ pieces sold, exact to 1e-20 and rounded.
          let share = proceeds * reference.pieces
          let exact = Decimal(share) / Decimal(pieces) / 100
          #expect(abs((lot.lot.proceeds ?? 0) - exact) < Decimal(string: "1e-20")!, "\(place)")
          #expect(lot.proceeds == Self.cents(Self.halfEven(share, pieces)), "\(place)")
          #expect(
            lot.gain
              == reference.costCents.map {
                Self.cents(Self.halfEven(share - $0 * pieces, pieces))
              }, "\(place)")
          let (days, term) = Self.period(from: acquired.date!, to: transaction.date!)
          #expect(lot.days == days && lot.term == term, "\(place): \(String(describing: lot.days))")
          checkedLots += 1
        }
        // The parts add up to the sale: coins exactly, proceeds to Decimal's 38 digits.
        #expect(sale.sale.lots.map(\.amount).reduce(0, +) == sale.sale.amount, "\(place)")
        let parts = sale.sale.lots.compactMap(\.proceeds).reduce(0, +)
        #expect(abs(parts - Self.cents(proceeds)) < Decimal(string: "1e-20")!, "\(place)")
      }
      // What is left: the pieces the reference still holds.
      #expect(ledger.amount == Self.coins(held.count), "seed \(seed)")
      let costed = held.compactMap(\.cents)
      #expect(ledger.costedAmount == Self.coins(costed.count), "seed \(seed)")
      #expect(ledger.costBasis == Self.cents(costed.reduce(0, +)), "seed \(seed)")
      // Each year's totals are the sums of its rows as shown, and its terms of its lots.
      for year in statement.years {
        let rows = statement.sales.filter { GainsYear.year(of: $0.sale.date) == year.year }
        expectEqual(year.proceeds, MoneyRounding.sum(rows.map(\.proceeds)))
        expectEqual(year.costBasis, MoneyRounding.sum(rows.map(\.costBasis)))
        expectEqual(year.gain, MoneyRounding.sum(rows.map(\.gain)))
        let lots = rows.flatMap(\.lots)
        #expect(
          year.shortTerm?.gain == MoneyRounding.sum(lots.filter { $0.term == .short }.map(\.gain)))
        #expect(
          year.longTerm?.gain == MoneyRounding.sum(lots.filter { $0.term == .long }.map(\.gain)))
        expectEqual((year.shortTerm?.count ?? 0) + (year.longTerm?.count ?? 0), lots.count)
      }
    }
    #expect(checkedLots > 500, "too few lots checked: \(checkedLots)")
  }

  @Test func averageCostMatchesAPoolKeptInDouble() {
    for seed in UInt64(1)...150 {
      let history = Self.history(seed: seed &* 104_729)
      let ledger = LedgerBuilder.ledger(
        of: Holding(id: "bitcoin", transactions: history.transactions), in: "usd",
        method: .average)
      var (pool, cost, unknown) = (0, 0.0, false)
      var sales = ledger.realized.makeIterator()
      for (order, transaction) in history.transactions.enumerated() {
        if transaction.kind.addsCoins {
          let pieces = Int(truncating: (transaction.amount * 100) as NSDecimalNumber)
          if let cents = history.pieceCents[order] ?? nil {
            cost += Double(pieces * cents) / 100
          } else {
            unknown = true
          }
          pool += pieces
          continue
        }
        let pieces = history.pieces[order]!
        let share = cost * Double(pieces) / Double(pool)
        let costKnown = !unknown
        (pool, cost) = (pool - pieces, cost - share)
        if pool == 0 { (cost, unknown) = (0, false) }
        guard transaction.kind == .sell, let sale = sales.next() else { continue }
        #expect(sale.lots.isEmpty)
        #expect((sale.costBasis != nil) == costKnown, "seed \(seed)")
        guard costKnown else { continue }
        let basis = (sale.costBasis ?? .nan).doubleValue
        #expect(abs(basis - share) < 1e-6, "seed \(seed): \(basis) vs \(share)")
        let rounded = MoneyRounding.rounded(sale.costBasis, in: "usd")!.doubleValue
        #expect(abs(rounded - share) <= 0.005 + 1e-6, "seed \(seed)")
      }
    }
  }
}
