import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The trade rows of one second of a Binance statement, as trades.
///
/// Summed per coin (several fills of one order in the same second are one trade): one coin out
/// and one coin in is one trade, fees (`Fee`, `Transaction Fee`) applied by the shared rules.
/// More coins than that (dust to BNB, two orders in one second) are paired row by row in file
/// order, each coin out with the next coin in; a fee goes with the first pair that moves its
/// coin, else is its own disposal. Rows on one side only are deposits or withdrawals (a card
/// buy lists only the coin received).
enum BinanceTradeGroup {
  static func read(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    let date = try first.date("UTC_Time")
    var legs: [(row: SourceRow, amount: Decimal, asset: ImportedAsset)] = []
    var fees: [ImportedAmount] = []
    for row in rows {
      let change = try row.number("Change")
      let asset = TickerRules.plain(row.text("Coin"))
      let operation = row.text("Operation").lowercased()
      if operation == "fee" || operation == "transaction fee" {
        fees.append(ImportedAmount(abs(change), asset))
      } else if change != 0 {
        legs.append((row, change, asset))
      }
    }
    let origin = EventOrigin(lines: rows.map(\.line), date: date)
    // The usual second: one coin out, one coin in.
    if legs.count == 2, (legs[0].amount < 0) != (legs[1].amount < 0), legs[0].asset != legs[1].asset
    {
      let (out, into) = legs[0].amount < 0 ? (legs[0], legs[1]) : (legs[1], legs[0])
      return try log.exchange(
        origin, spent: ImportedAmount(-out.amount, out.asset),
        received: ImportedAmount(into.amount, into.asset), fees: fees,
        feeColumn: first.columnName("Change"))
    }
    func total(_ select: (Decimal) -> Bool) -> [ImportedAsset: Decimal] {
      legs.filter { select($0.amount) }.reduce(into: [:]) {
        $0[$1.asset, default: 0] += abs($1.amount)
      }
    }
    let spent = total { $0 < 0 }
    let received = total { $0 > 0 }
    if spent.isEmpty || received.isEmpty {
      for leg in legs {
        let one = EventOrigin(line: leg.row.line, date: date)
        try log.move(
          one, leg.amount > 0 ? .deposit : .withdrawal, ImportedAmount(leg.amount, leg.asset))
      }
      for fee in fees { log.feeOnly(origin, fee) }
      if legs.isEmpty && fees.isEmpty { log.skip(origin.lines, .zeroAmount) }
      return
    }
    if spent.count == 1, received.count == 1, let (outAsset, out) = spent.first,
      let (inAsset, into) = received.first
    {
      return try log.exchange(
        origin, spent: ImportedAmount(out, outAsset), received: ImportedAmount(into, inAsset),
        fees: fees, feeColumn: first.columnName("Change"))
    }
    var pairs: [(lines: [Int], spent: ImportedAmount, received: ImportedAmount)] = []
    var outs: [(SourceRow, ImportedAmount)] = []
    var ins: [(SourceRow, ImportedAmount)] = []
    for leg in legs {
      let amount = ImportedAmount(abs(leg.amount), leg.asset)
      if leg.amount < 0 { outs.append((leg.row, amount)) } else { ins.append((leg.row, amount)) }
      if let (outRow, out) = outs.first, let (inRow, into) = ins.first {
        outs.removeFirst()
        ins.removeFirst()
        pairs.append(([outRow.line, inRow.line], out, into))
      }
    }
    guard outs.isEmpty, ins.isEmpty else {
      let row = (outs.first ?? ins.first)?.0 ?? first
      throw row.fail(
        "Change",
        "the trade rows at \(row.text("UTC_Time")) do not pair into trades (one coin out, one in)")
    }
    var remaining = fees
    for pair in pairs {
      let mine = remaining.filter {
        $0.asset == pair.spent.asset || $0.asset == pair.received.asset
      }
      remaining.removeAll { $0.asset == pair.spent.asset || $0.asset == pair.received.asset }
      try log.exchange(
        EventOrigin(lines: pair.lines, date: date), spent: pair.spent, received: pair.received,
        fees: mine, feeColumn: first.columnName("Change"))
    }
    for fee in remaining { log.feeOnly(origin, fee) }
  }
}
