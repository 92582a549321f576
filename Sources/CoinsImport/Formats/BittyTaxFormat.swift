import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// BittyTax's transaction records, the interchange its conversion tools write: one row per
/// event, `Type` saying which of the buy, sell and fee triples it uses, values in GBP where
/// given (blank: valued later), the wallet named on the row, times in UTC unless written with
/// a zone. A move between wallets is a Withdrawal in one and a Deposit in the other.
enum BittyTaxFormat {
  private static func header(value: (String) -> String) -> [HeaderColumn] {
    ["Buy", "Sell", "Fee"].flatMap { side in
      [
        HeaderColumn("\(side) Quantity"), HeaderColumn("\(side) Asset"),
        HeaderColumn(value(side), as: "\(side) Value"),
      ]
    }
  }

  static let format = ImportFormat(
    "bittytax", "BittyTax transaction records",
    [
      FormatVersion(
        "records",
        [HeaderColumn("Type")] + header { "\($0) Value in GBP" } + [
          HeaderColumn("Wallet"), HeaderColumn("Timestamp"),
        ], extra: ["Note"], read: read),
      FormatVersion(
        "records (Value)",
        [HeaderColumn("Type")] + header { "\($0) Value" } + [
          HeaderColumn("Wallet"), HeaderColumn("Timestamp"),
        ], extra: ["Note"], read: read),
    ])

  private static let income: [String: IncomeKind] = [
    "mining": .mining, "staking-reward": .staking, "staking": .staking, "interest": .interest,
    "dividend": .reward, "income": .other, "fork": .airdrop, "airdrop": .airdrop,
    "referral": .referral, "cashback": .reward, "fee-rebate": .reward, "margin-gain": .other,
    "margin-fee-rebate": .reward,
  ]
  private static let outgoing: Set<String> = [
    "withdrawal", "gift-sent", "gift-spouse", "charity-sent", "lost", "loan-repayment",
    "margin-loss",
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    for row in table.rows {
      // A title row (only a Note) has no type.
      guard row.optionalText("Type") != nil else {
        log.skip(row.line, .unknownType(""))
        continue
      }
      func side(_ name: String) throws(ImportError) -> ImportedAmount? {
        guard let quantity = try row.optionalNumber("\(name) Quantity") else { return nil }
        guard let asset = row.optionalText("\(name) Asset") else {
          throw row.failValue("\(name) Asset", "the asset of the \(name.lowercased()) quantity")
        }
        return ImportedAmount(abs(quantity), TickerRules.plain(asset))
      }
      func need(_ name: String) throws(ImportError) -> ImportedAmount {
        guard let amount = try side(name) else {
          throw row.failValue("\(name) Quantity", "a number")
        }
        return amount
      }
      func value(_ name: String) throws(ImportError) -> ImportedAmount? {
        try row.optionalNumber("\(name) Value").map { ImportedAmount(abs($0), .money("GBP")) }
      }
      let type = row.text("Type")
      let lower = type.lowercased()
      let fees = row.isNoFee("Fee Quantity") ? [] : try side("Fee").map { [$0] } ?? []
      var origin = EventOrigin(
        line: row.line, date: try row.date("Timestamp"), value: nil, note: row.text("Note"))
      let count = log.events.count
      switch lower {
      case "trade":
        let bought = try value("Buy")
        origin.value = bought == nil ? try value("Sell") : bought
        try log.exchange(origin, spent: try need("Sell"), received: try need("Buy"), fees: fees)
      case "deposit", "gift-received", "loan":
        origin.value = try value("Buy")
        try log.move(origin, .deposit, try need("Buy"), fees: fees)
      case "spend":
        try log.exchange(
          origin, coins: try need("Sell"), buying: false, for: try value("Sell"), fees: fees)
      case "loan-interest", "margin-fee":
        log.feeOnly(origin, try need("Sell"))
      case "stake", "unstake":
        log.skip(row.line, .internalMove)
      default:
        if let kind = income[lower] {
          origin.value = try value("Buy")
          try log.move(origin, .income(kind), try need("Buy"), fees: fees)
        } else if outgoing.contains(lower) {
          try log.move(origin, .withdrawal, try need("Sell"), fees: fees)
        } else {
          log.skip(row.line, .unknownType(type))
        }
      }
      if let wallet = row.optionalText("Wallet") {
        for index in count..<log.events.count { log.events[index].wallet = wallet }
      }
    }
  }
}
