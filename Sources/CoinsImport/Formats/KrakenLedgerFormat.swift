import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Kraken's ledgers export, v1 (≤2024), v2 (2024, + wallet) and v3 (2025→, + subclass): one
/// row per balance change. A trade is the two rows sharing a refid (trade/trade or
/// spend/receive); `amount` is signed and `fee` is charged on top in the row's own asset
/// (balance = before + amount − fee), so a fee on the spent row means more spent and on the
/// received row fewer received, and a fee in money is a cost on top (Kraken's arithmetic, not
/// netted out of the price).
///
/// Rows without a txid are a deposit or a move listed a second time before it was credited,
/// and are skipped; moves between spot, staking, earn and futures are internal.
enum KrakenLedgerFormat {
  private static let start = ["txid", "refid", "time", "type", "subtype", "aclass"]
  private static let end = ["amount", "fee", "balance"]
  private static let usd = ["amountusd", "feeusd", "balanceusd", "feecurrency"]

  static let versions = [
    FormatVersion(
      "ledgers v3", names: start + ["subclass", "asset", "wallet"] + end, extra: usd, read: read),
    FormatVersion("ledgers v2", names: start + ["asset", "wallet"] + end, extra: usd, read: read),
    FormatVersion("ledgers v1", names: start + ["asset"] + end, extra: usd, read: read),
  ]

  private static let internalSubtypes: Set<String> = [
    "spottostaking", "stakingfromspot", "stakingtospot", "spotfromstaking", "spottofutures",
    "spotfromfutures", "futurestospot", "futuresfromspot",
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var groups: [String: [SourceRow]] = [:]
    var pending: [(refid: String?, row: SourceRow)] = []
    for row in table.rows {
      if row.text("txid").isEmpty {
        log.skip(row.line, .notYetCredited)
        continue
      }
      try state(row, &log)
      switch row.text("type").lowercased() {
      case "trade", "spend", "receive":
        let refid = row.text("refid")
        if groups[refid] == nil { pending.append((refid, row)) }
        groups[refid, default: []].append(row)
      default:
        pending.append((nil, row))
      }
    }
    for (refid, row) in pending {
      if let refid { try readTrade(groups[refid] ?? [], &log) } else { try readSingle(row, &log) }
    }
  }

  /// The balance the row states, when it does (`balance` may be empty): per asset and wallet,
  /// a staked asset (`ETH.S`) its own wallet when the file names none.
  private static func state(_ row: SourceRow, _ log: inout EventLog) throws(ImportError) {
    guard let balance = row.statedNumber("balance") else { return }
    let written = row.text("asset")
    let wallet = row.optionalText("wallet") ?? (written.contains(".") ? written : nil)
    log.state(
      TickerRules.kraken(written), wallet: wallet, balance, line: row.line,
      date: try row.date("time"))
  }

  /// The row's `key` figure in its asset (an empty fee is none).
  private static func figure(_ row: SourceRow, _ key: String) throws(ImportError) -> ImportedAmount
  {
    let value = key == "fee" ? try row.optionalNumber(key) ?? 0 : try row.number(key)
    return ImportedAmount(value, TickerRules.kraken(row.text("asset")))
  }

  private static func usdValue(_ row: SourceRow) throws(ImportError) -> ImportedAmount? {
    try row.optionalNumber("amountusd").map { ImportedAmount(abs($0), .money("USD")) }
  }

  private static func readSingle(_ row: SourceRow, _ log: inout EventLog) throws(ImportError) {
    let type = row.text("type").lowercased()
    let subtype = row.text("subtype").lowercased()
    let amount = try figure(row, "amount")
    let fee = try figure(row, "fee")
    let origin = EventOrigin(
      line: row.line, date: try row.date("time"), value: try usdValue(row), id: row.text("txid"))
    let incoming = amount.amount > 0
    switch (type, subtype) {
    case ("deposit", _): try log.move(origin, .deposit, amount, fees: [fee])
    case ("withdrawal", _): try log.move(origin, .withdrawal, amount, fees: [fee])
    case ("transfer", let sub) where internalSubtypes.contains(sub):
      log.skip(row.line, .internalMove)
    case ("hybridearnwithdrawal", _): log.skip(row.line, .internalMove)
    case ("earn", "migration"), ("earn", "allocation"), ("earn", "deallocation"),
      ("earn", "autoallocation"):
      log.skip(row.line, .internalMove)
    case ("staking", _) where incoming, ("earn", "reward") where incoming:
      try log.move(origin, .income(.staking), amount, fees: [fee])
    case ("earn", "airdrop") where incoming, ("transfer", "") where incoming,
      ("transfer", "airdrop") where incoming:
      try log.move(origin, .income(.airdrop), amount, fees: [fee])
    case ("dividend", _) where incoming:
      try log.move(origin, .income(.reward), amount, fees: [fee])
    case ("invite bonus", _) where incoming:
      try log.move(origin, .income(.referral), amount, fees: [fee])
    default:
      log.skip(row.line, .unknownType(subtype.isEmpty ? type : type + "/" + subtype))
    }
  }

  private static func readTrade(_ rows: [SourceRow], _ log: inout EventLog) throws(ImportError) {
    guard let first = rows.first else { return }
    var spent: (ImportedAmount, SourceRow)?
    var received: (ImportedAmount, SourceRow)?
    var fees: [ImportedAmount] = []
    for row in rows {
      let amount = try figure(row, "amount")
      fees.append(try figure(row, "fee"))
      if amount.amount < 0, spent == nil {
        spent = (ImportedAmount(-amount.amount, amount.asset), row)
      } else if amount.amount > 0, received == nil {
        received = (amount, row)
      } else if amount.amount != 0 {
        throw row.fail("refid", "a third row for the trade \(first.text("refid"))")
      }
    }
    guard let (out, outRow) = spent, let (into, _) = received else {
      throw first.fail("refid", "the trade \(first.text("refid")) needs a row out and a row in")
    }
    let origin = EventOrigin(
      lines: rows.map(\.line), date: try outRow.date("time"), value: try usdValue(outRow),
      id: first.text("refid"))
    try log.exchange(origin, spent: out, received: into, fees: fees, feeColumn: "fee")
  }
}
