#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The coins held, lot by lot, taken from in the order a ``CostBasisMethod`` says: FIFO from
/// the front (past an index of the used-up lots, so a sale takes in constant time), LIFO from
/// the back, HIFO from a heap ordered by cost per coin; average cost keeps one pool.
///
/// A lot's part taken costs the lot's cost × the part ÷ the lot's amount, from the figures it
/// was acquired with; the part that uses a lot up costs what is left of its cost, so the parts
/// of a lot add up to its cost. The arithmetic is ``ExactDecimal``'s, as the ledger's.
struct LotQueue {
  /// What is left of one buy or transfer in (or, by average cost, of everything held).
  struct OpenLot {
    /// The buy's or transfer's id.
    let transactionID: String
    /// When it was acquired.
    let acquired: Date?
    /// The order it was added in.
    let sequence: Int
    /// Coins acquired.
    let acquiredAmount: ExactDecimal
    /// What they cost; `nil` when unknown.
    let acquiredCost: ExactDecimal?
    /// Cost per coin, which orders HIFO (only worked out for HIFO); `nil` when unknown.
    let unitCost: ExactDecimal?
    /// Coins left.
    var amount: ExactDecimal
    /// What the coins left cost; `nil` when unknown.
    var cost: ExactDecimal?
  }

  /// Coins taken from one lot, and what they cost (`nil` when unknown).
  struct Taken {
    /// The lot they came from, as it was before.
    var lot: OpenLot
    /// Coins taken.
    var amount: ExactDecimal
    /// What they cost.
    var cost: ExactDecimal?
  }

  let method: CostBasisMethod
  private var lots: [OpenLot] = []
  /// FIFO: the oldest lot not used up (those before it are kept, not removed).
  private var oldest = 0
  /// HIFO: indices into ``lots`` of those not used up, as a binary heap, first to take on top.
  private var heap: [Int] = []
  /// How many lots were ever added (each lot's ``OpenLot/sequence``).
  private var added = 0

  /// An empty queue; with room for `capacity` lots made ahead (a holding's transactions, when
  /// one queue takes all its acquisitions), so a long history's lots are not copied as they
  /// grow.
  init(method: CostBasisMethod, capacity: Int = 0) {
    self.method = method
    guard method != .average else { return }
    lots.reserveCapacity(capacity)
    if method == .hifo { heap.reserveCapacity(capacity) }
  }

  /// The lots still held (by average cost, the pool), in the order acquired.
  var held: [OpenLot] { lots.filter { !$0.amount.isZero } }

  /// Adds coins acquired by transaction `id` at `cost` (`nil` when unknown); `sequence` is its
  /// place in the order acquired when several queues share one (a wallet each), else the
  /// queue counts.
  mutating func add(
    id: String, acquired: Date?, amount: ExactDecimal, cost: ExactDecimal?, sequence: Int? = nil
  ) {
    if method == .average, let pool = lots.first {
      lots[0].amount = pool.amount + amount
      lots[0].cost = pool.cost.flatMap { left in cost.map { left + $0 } }
      return
    }
    lots.append(
      OpenLot(
        transactionID: id, acquired: acquired, sequence: sequence ?? added, acquiredAmount: amount,
        acquiredCost: cost,
        unitCost: method == .hifo ? cost.flatMap { $0.divided(by: amount) } : nil,
        amount: amount, cost: cost))
    added += 1
    if method == .hifo { push(lots.count - 1) }
  }

  /// Adds a part taken from another wallet's lots (a move): it keeps the lot's transaction,
  /// date and place in the order acquired, with the part's amount and cost.
  mutating func receive(_ part: Taken) {
    if method == .average {
      add(
        id: part.lot.transactionID, acquired: part.lot.acquired, amount: part.amount,
        cost: part.cost)
      return
    }
    let lot = OpenLot(
      transactionID: part.lot.transactionID, acquired: part.lot.acquired,
      sequence: part.lot.sequence, acquiredAmount: part.amount, acquiredCost: part.cost,
      unitCost: method == .hifo ? part.cost.flatMap { $0.divided(by: part.amount) } : nil,
      amount: part.amount, cost: part.cost)
    if method == .hifo {
      lots.append(lot)
      push(lots.count - 1)
      return
    }
    // FIFO and LIFO keep the lots in the order acquired: the part goes after every open lot
    // acquired before it.
    var place = lots.count
    while place > oldest, lots[place - 1].sequence > lot.sequence { place -= 1 }
    lots.insert(lot, at: place)
  }

  /// Takes `amount` coins, lot by lot in the method's order, and returns each part taken. The
  /// holding's history never takes more than is held; what no lot is left for is not taken.
  mutating func take(_ amount: ExactDecimal) -> [Taken] {
    var remaining = amount
    var parts: [Taken] = []
    while remaining > .zero, let index = next() {
      let lot = lots[index]
      let taken = min(remaining, lot.amount)
      var share: ExactDecimal?
      if taken == lot.amount {
        share = lot.cost
      } else if method == .average {
        share = lot.cost.map { ($0 * taken).divided(by: lot.amount) ?? .zero }
      } else {
        share = lot.acquiredCost.map { ($0 * taken).divided(by: lot.acquiredAmount) ?? .zero }
      }
      parts.append(Taken(lot: lot, amount: taken, cost: share))
      lots[index].amount -= taken
      lots[index].cost = lot.cost.flatMap { left in share.map { left - $0 } }
      remaining -= taken
      if lots[index].amount.isZero { usedUp(index) }
    }
    return parts
  }

  /// The index of the lot to take from next; `nil` when none is left.
  private func next() -> Int? {
    switch method {
    case .fifo: oldest < lots.count ? oldest : nil
    case .lifo, .average: lots.isEmpty ? nil : lots.count - 1
    case .hifo: heap.first
    }
  }

  /// Forgets the lot at `index`, which ``next()`` gave and which is now used up.
  private mutating func usedUp(_ index: Int) {
    switch method {
    case .fifo: oldest += 1
    case .lifo, .average: lots.removeLast()
    case .hifo: popHeap()
    }
  }

  /// Whether HIFO takes lot `lhs` before lot `rhs`.
  private func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
    let (left, right) = (lots[lhs], lots[rhs])
    switch (left.unitCost, right.unitCost) {
    case (let leftCost?, let rightCost?) where leftCost != rightCost: return leftCost > rightCost
    case (.some, nil): return true
    case (nil, .some): return false
    default: return left.sequence < right.sequence
    }
  }

  private mutating func push(_ index: Int) {
    heap.append(index)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popHeap() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let (left, right) = (2 * parent + 1, 2 * parent + 2)
      var first = parent
      if left < heap.count, precedes(heap[left], heap[first]) { first = left }
      if right < heap.count, precedes(heap[right], heap[first]) { first = right }
      guard first != parent else { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}
