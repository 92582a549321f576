import CoinsModel
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PortfolioCodec {
  /// The elements of the `holdings` array the cursor is in, each checked.
  static func decodeHoldings(_ cursor: inout JSONCursor, version: Int) throws -> [Holding] {
    if let (read, after) = readInParts(cursor, version: version) {
      cursor = after
      return try checked(read)
    }
    var holdings: [ReadHolding] = []
    while true {
      let more: Bool
      do {
        more = try cursor.nextElement()
      } catch {
        _ = try checked(holdings)
        throw error
      }
      guard more else { break }
      let item = ReadHolding(&cursor, at: holdings.count, version: version)
      holdings.append(item)
      if item.holding == nil { break }
    }
    return try checked(holdings)
  }

  /// Between two holdings as ``bytes(of:)`` writes them: the end of one, the start of the next.
  private static let boundary = Array("\n    },\n    {".utf8)

  /// The holdings read in parts, a part on each core, and a cursor after their array; `nil`
  /// when the file is small, not laid out as coins writes it or wrong anywhere (it is then read
  /// one holding after another, for the exact error). Part k starts at the first boundary
  /// between holdings after k/cores of the file, and it counts only if the part before, read
  /// from its own start, ends exactly there: each part's start is checked by the one before.
  private static func readInParts(_ cursor: JSONCursor, version: Int)
    -> ([ReadHolding], JSONCursor)?
  {
    let size = cursor.withBytes { $0.count }
    let cores = Parallel.cores
    guard size >= 2_000_000, cores > 1 else { return nil }
    var starts = [cursor.position]
    var ends: [Int?] = []
    for part in 1..<cores {
      let from = max(size * part / cores, starts[starts.count - 1])
      guard let found = cursor.firstOccurrence(of: boundary, from: from) else { break }
      ends.append(found + 6)  // at the `,`
      starts.append(found + boundary.count - 1)  // at the `{`
    }
    ends.append(nil)
    let parts = Parallel.map(
      Array(zip(starts, ends).enumerated()), weight: { _ in 1 }, threshold: 0
    ) { item in
      let (index, (start, end)) = item
      return readPart(index == 0 ? cursor : cursor.readingElements(at: start), to: end, version)
    }
    guard parts.allSatisfy({ $0 != nil }), let after = parts.last??.after else { return nil }
    return (parts.flatMap { $0?.read ?? [] }, after)
  }

  /// The holdings from `cursor` to `end` (the `,` after the part's last one), or to the end of
  /// the array when `end` is `nil`, and the cursor after them; `nil` if anything is wrong.
  private static func readPart(_ cursor: JSONCursor, to end: Int?, _ version: Int)
    -> (read: [ReadHolding], after: JSONCursor)?
  {
    var cursor = cursor
    var read: [ReadHolding] = []
    while true {
      if let end, cursor.position >= end { return cursor.position == end ? (read, cursor) : nil }
      guard let more = try? cursor.nextElement() else { return nil }
      guard more else { return end == nil ? (read, cursor) : nil }
      let item = ReadHolding(&cursor, at: 0, version: version)
      guard item.holding != nil else { return nil }
      read.append(item)
    }
  }

  /// The holdings, in the file's order, each checked: the first problem is thrown.
  private static func checked(_ read: [ReadHolding]) throws -> [Holding] {
    var holdings: [Holding] = []
    var coins = Set<String>()
    var ids = SeenIDs()
    for item in read {
      let place = "holdings[\(holdings.count)]"
      guard let holding = item.holding else { throw item.error ?? Invalid(detail: place) }
      guard coins.insert(holding.id).inserted else {
        throw Invalid(detail: "\(place): \"\(holding.id)\" appears twice")
      }
      // By index: each id read in place, not a copy of its whole transaction.
      for index in holding.transactions.indices where !holding.transactions[index].id.isEmpty {
        let id = holding.transactions[index].id
        guard ids.insert(id) else {
          throw Invalid(detail: "\(place): the transaction id \"\(id)\" appears twice")
        }
      }
      if let (overdraw, held) = item.overdraw,
        let index = holding.transactions.firstIndex(of: overdraw)
      {
        throw Invalid(
          detail:
            "\(place).transactions[\(index)] takes out \(DecimalInput.text(overdraw.amount)), "
            + "more than the \(DecimalInput.text(held)) held at its date")
      }
      holdings.append(holding)
    }
    return holdings
  }

  /// One element of `holdings` read (or why it could not be), and its first overdraw.
  private struct ReadHolding {
    var holding: Holding?
    var error: Error?
    var overdraw: (Transaction, Decimal)?

    init(_ cursor: inout JSONCursor, at index: Int, version: Int) {
      do {
        let holding = try decodeHolding(&cursor, at: "holdings[\(index)]", version: version)
        self.holding = holding
        overdraw = holding.firstOverdraw(byWallet: false)
      } catch {
        self.error = error
      }
    }
  }
}

/// The transaction ids read so far, to refuse one given twice: the numbers `coins` gives
/// (`1`, `2`, …) marked in a table, faster than hashing 100,000 strings; any other in a set.
private struct SeenIDs {
  private var numbers: [Bool] = []
  private var others = Set<String>()

  /// Adds `id`; `false` when it was already there.
  mutating func insert(_ id: String) -> Bool {
    guard let number = Self.smallNumber(id) else { return others.insert(id).inserted }
    if number >= numbers.count {
      numbers += [Bool](repeating: false, count: max(number + 1 - numbers.count, numbers.count))
    }
    guard !numbers[number] else { return false }
    numbers[number] = true
    return true
  }

  /// The number `id` writes, when it is one written plainly (no sign, no leading zero) below
  /// ten million.
  private static func smallNumber(_ id: String) -> Int? {
    var value = 0
    var count = 0
    for byte in id.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 7 else { return nil }
      if count == 1 && value == 0 { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      count += 1
    }
    return count == 0 ? nil : value
  }
}
