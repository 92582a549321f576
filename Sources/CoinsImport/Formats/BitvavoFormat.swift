import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Bitvavo's transaction history: ≤ mid-2024 with `Price (EUR),EUR received / paid`, since
/// then with the quote currency in its own columns. Times are local, in the zone each row
/// names (`Europe/Amsterdam`, summer time included). What was received or paid is net of the
/// fee (a buy paid €10.00 for €9.974 of coins and a €0.026 fee), so the fee is taken back out
/// before the shared rules put it on top again.
enum BitvavoFormat {
  private static let start = ["Timezone", "Date", "Time", "Type", "Currency", "Amount"]
  private static let end = ["Fee currency", "Fee amount", "Status", "Transaction ID", "Address"]

  static let format = ImportFormat(
    "bitvavo", "Bitvavo transaction history",
    [
      FormatVersion(
        "2024",
        names: start + [
          "Quote Currency", "Quote Price", "Received / Paid Currency", "Received / Paid Amount",
        ] + end, read: read),
      FormatVersion(
        "2023",
        start.map(HeaderColumn.init) + [
          .init("Price (EUR)", as: "Quote Price"),
          .init("EUR received / paid", as: "Received / Paid Amount"),
        ] + end.map(HeaderColumn.init), read: read),
    ])

  private static let income: [String: IncomeKind] = [
    "staking": .staking, "fixed_staking": .staking, "affiliate": .referral, "rebate": .reward,
    "campaign_new_user_incentive": .reward,
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var zones: [String: ImportTimeZone] = [:]
    for row in table.rows {
      let type = row.text("Type").lowercased()
      let status = row.text("Status").lowercased()
      guard status == "completed" || status == "distributed" || status.isEmpty else {
        log.skip(row.line, .unknownType(row.text("Type") + " (" + row.text("Status") + ")"))
        continue
      }
      let zoneName = row.text("Timezone")
      let zone: ImportTimeZone
      if let known = zones[zoneName] {
        zone = known
      } else {
        guard let named = ImportTimeZone(zoneName) else {
          throw row.failValue("Timezone", "a time zone such as Europe/Amsterdam")
        }
        zones[zoneName] = named
        zone = named
      }
      let written = row.text("Date") + " " + row.text("Time")
      guard let reading = ImportDate.read(written) else {
        throw row.failValue("Time", "a time such as 11:36:46 on a date such as 2023-11-30")
      }
      let coins = ImportedAmount(try row.number("Amount"), TickerRules.plain(row.text("Currency")))
      let fees =
        try row.optionalNumber("Fee amount").map {
          [ImportedAmount(abs($0), TickerRules.plain(row.text("Fee currency")))]
        } ?? []
      let origin = EventOrigin(
        line: row.line, date: reading.date(in: zone), id: row.text("Transaction ID"))
      switch type {
      case "buy", "sell":
        let quote = row.optionalText("Received / Paid Currency") ?? "EUR"
        let money = ImportedAmount(
          abs(try row.number("Received / Paid Amount")), TickerRules.plain(quote))
        let coins = ImportedAmount(abs(coins.amount), coins.asset)
        let fee = fees.first { $0.asset == money.asset }?.amount ?? 0
        if type == "buy" {
          let paid = ImportedAmount(money.amount - fee, money.asset)
          try log.exchange(origin, spent: paid, received: coins, fees: fees)
        } else {
          let got = ImportedAmount(money.amount + fee, money.asset)
          try log.exchange(origin, spent: coins, received: got, fees: fees)
        }
      case "deposit": try log.move(origin, .deposit, coins, fees: fees)
      case "withdrawal": try log.move(origin, .withdrawal, coins, fees: fees)
      default:
        if let kind = income[type] {
          try log.move(origin, .income(kind), coins, fees: fees)
        } else {
          log.skip(row.line, .unknownType(row.text("Type")))
        }
      }
    }
  }
}
