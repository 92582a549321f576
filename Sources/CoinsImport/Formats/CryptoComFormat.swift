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
    // The CRO of a lockup swap handed back to the wallet, and the swap bonus sent on to the
    // Exchange: moves of coins already counted.
    "lockup_swap_rebate", "dynamic_coin_swap_bonus_exchange_deposit",
  ]

  /// Whether a kind locks or unlocks coins (`lockup_lock`,
  /// `finance.lockup.dpos_lock.crypto_wallet`, `…purchase_unlock`): any of its dotted parts
  /// ends so.
  private static func isLockOrUnlock(_ kind: String) -> Bool {
    kind.split(separator: ".").contains { $0.hasSuffix("_lock") || $0.hasSuffix("_unlock") }
  }

  private static let moneyKinds: Set<String> = [
    "viban_deposit", "viban_withdrawal", "viban_card_top_up", "fiat_deposit", "fiat_withdrawal",
  ]

  static func read(_ table: ImportTable, _ log: inout EventLog) throws(ImportError) {
    var swaps: [String: [SourceRow]] = [:]
    var pending: [(time: String, family: String?, row: SourceRow)] = []
    for row in table.rows {
      let time = row.text("Timestamp (UTC)")
      if let family = CryptoComSwaps.family(row.text("Transaction Kind")) {
        let key = time + " " + family
        if swaps[key] == nil { pending.append((time, family, row)) }
        swaps[key, default: []].append(row)
      } else {
        pending.append((time, nil, row))
      }
    }
    for (time, family, row) in pending {
      guard let family else {
        try readSingle(row, &log)
        continue
      }
      let rows = swaps[time + " " + family] ?? []
      // The MCO/CRO "Overall Swap" restates, at the same second, the lockup and wallet swaps
      // listed beside it: counted too, it would sell the MCO and buy the CRO twice.
      if family == "dynamic_coin_swap",
        CryptoComSwaps.restatedFamilies.contains(where: { swaps[time + " " + $0] != nil })
      {
        log.skip(rows.map(\.line), .restated)
        continue
      }
      try CryptoComSwaps.read(rows, &log)
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
    case "viban_purchase", "crypto_exchange", "crypto_viban_exchange", "crypto_viban",
      "trading.limit_order.cash_account.purchase_commit",
      "trading.limit_order.cash_account.sale_commit":
      try log.exchange(origin, spent: coins, received: try target())
    case "crypto_deposit":
      try log.move(origin, .deposit, coins)
    case "crypto_withdrawal":
      try log.move(origin, .withdrawal, coins)
    case "crypto_transfer":
      try log.move(origin, amount >= 0 ? .deposit : .withdrawal, coins)
    default:
      if internalKinds.contains(lower) || isLockOrUnlock(lower) {
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
