import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The crypto.com App's transactions export: one row per event, `Transaction Kind` saying what
/// it is, `Native Amount` its value in the user's currency (up to 40 digits), times in UTC, no
/// fee column. A crypto↔crypto exchange is one row (Currency out, To Currency in); dust
/// conversions and swaps are `…_debited` / `…_credited` rows sharing a timestamp
/// (``CryptoComSwaps``).
enum CryptoComFormat {
  static let format = ImportFormat(
    "cryptocom", "crypto.com App transactions",
    [
      FormatVersion(
        "app",
        names: [
          "Timestamp (UTC)", "Transaction Description", "Currency", "Amount", "To Currency",
          "To Amount", "Native Currency", "Native Amount", "Native Amount (in USD)",
          "Transaction Kind",
        ], extra: ["Transaction Hash"], read: read)
    ])

  private static let income: [String: IncomeKind] = [
    "crypto_earn_interest_paid": .interest, "crypto_earn_extra_interest_paid": .interest,
    "mco_stake_reward": .staking, "staking_reward": .staking,
    "finance.lockup.dpos_compound_interest.crypto_wallet": .staking,
    "finance.dpos.staking.crypto_wallet": .staking, "referral_bonus": .referral,
    "referral_gift": .referral, "referral_card_cashback": .reward, "card_cashback": .reward,
    "reimbursement": .reward, "gift_card_reward": .reward, "transfer_cashback": .reward,
    "supercharger_reward_to_app_credited": .reward, "rewards_platform_deposit_credited": .reward,
    "admin_wallet_credited": .airdrop, "airdrop_locked": .airdrop, "crypto_airdrop": .airdrop,
  ]

  private static let internalKinds: Set<String> = [
    "crypto_to_exchange_transfer", "exchange_to_crypto_transfer", "crypto_earn_program_created",
    "crypto_earn_program_withdrawn", "lockup_lock", "lockup_unlock", "lockup_upgrade",
    "supercharger_deposit", "supercharger_withdrawal", "airdrop_to_exchange_transfer",
  ]

  private static let moneyKinds: Set<String> = [
    "viban_deposit", "viban_withdrawal", "viban_card_top_up", "fiat_deposit", "fiat_withdrawal",
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var swaps: [String: [SourceRow]] = [:]
    var pending: [(key: String?, row: SourceRow)] = []
    for row in table.rows {
      let kind = row.text("Transaction Kind")
      if let family = CryptoComSwaps.family(kind) {
        let key = row.text("Timestamp (UTC)") + " " + family
        if swaps[key] == nil { pending.append((key, row)) }
        swaps[key, default: []].append(row)
      } else {
        pending.append((nil, row))
      }
    }
    for (key, row) in pending {
      if let key {
        try CryptoComSwaps.read(swaps[key] ?? [], &log)
      } else {
        try readSingle(row, &log)
      }
    }
  }

  /// The row's own value: its Native Amount.
  static func value(_ row: SourceRow) throws(ImportError) -> ImportedAmount? {
    guard let amount = try row.optionalNumber("Native Amount") else { return nil }
    return ImportedAmount(abs(amount), TickerRules.plain(row.text("Native Currency")))
  }

  private static func readSingle(_ row: SourceRow, _ log: inout EventLog) throws(ImportError) {
    let kind = row.text("Transaction Kind")
    let lower = kind.lowercased()
    let amount = try row.number("Amount")
    let coins = ImportedAmount(abs(amount), TickerRules.plain(row.text("Currency")))
    func target() throws(ImportError) -> ImportedAmount {
      guard let ticker = row.optionalText("To Currency") else {
        throw row.failValue("To Currency", "the currency received")
      }
      return ImportedAmount(abs(try row.number("To Amount")), TickerRules.plain(ticker))
    }
    let value = try value(row)
    let origin = EventOrigin(
      line: row.line, date: try row.date("Timestamp (UTC)"), value: value,
      id: row.text("Transaction Hash"), note: row.text("Transaction Description"))
    switch lower {
    case "crypto_purchase", "trading.limit_order.crypto_wallet.purchase_commit":
      try log.exchange(origin, coins: coins, buying: true, for: value)
    case "crypto_payment", "card_top_up", "trading.limit_order.crypto_wallet.sale_commit":
      try log.exchange(origin, coins: coins, buying: false, for: value)
    case "viban_purchase", "crypto_exchange", "crypto_viban_exchange", "crypto_viban":
      try log.exchange(origin, spent: coins, received: try target())
    case "crypto_deposit":
      try log.move(origin, .deposit, coins)
    case "crypto_withdrawal":
      try log.move(origin, .withdrawal, coins)
    case "crypto_transfer":
      try log.move(origin, amount >= 0 ? .deposit : .withdrawal, coins)
    default:
      if internalKinds.contains(lower) || lower.hasSuffix("_lock") || lower.hasSuffix("_unlock") {
        log.skip(row.line, .internalMove)
      } else if moneyKinds.contains(lower) {
        log.skip(row.line, .money)
      } else if let income = income[lower] ?? (lower.hasSuffix("_reverted") ? .reward : nil) {
        // A reward taken back (`card_cashback_reverted`) is coins out for nothing.
        try log.move(origin, amount >= 0 ? .income(income) : .withdrawal, coins)
      } else {
        log.skip(row.line, .unknownType(kind))
      }
    }
  }
}
