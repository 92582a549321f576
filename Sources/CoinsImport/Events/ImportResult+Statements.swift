import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ImportResult {
  /// The balances the file states, as statements of the portfolio's coins in `wallet`, oldest
  /// first: a coin the file keeps in several accounts of its own (Kraken's spot and staking,
  /// OKX's trading and funding) is one wallet here, stated as the sum of each account's latest
  /// balance. Money and tickers not in `coins` (upper-cased ticker → CoinGecko id) are left to
  /// `unmappedBalances`.
  public func balanceStatements(coins: [String: String], wallet: String, file: String)
    -> [BalanceStatement]
  {
    var accounts: [String: [String: Decimal]] = [:]
    var statements: [BalanceStatement] = []
    for stated in statedHistory {
      guard case .coin(let code) = stated.asset, let coin = coins[code.uppercased()] else {
        continue
      }
      accounts[coin, default: [:]][stated.wallet ?? ""] = stated.amount
      let sum = accounts[coin, default: [:]].values.reduce(ExactDecimal.zero) {
        $0 + ExactDecimal($1)
      }
      statements.append(
        BalanceStatement(
          coin: coin, wallet: wallet, amount: sum.decimal, date: stated.date, file: file,
          line: stated.line))
    }
    return statements
  }

  /// The last balance the file states of each coin whose ticker is not in `coins` (none of it
  /// was imported), by ticker.
  public func unmappedBalances(coins: [String: String]) -> [StatedBalance] {
    statedBalances.filter {
      guard case .coin(let code) = $0.asset else { return false }
      return coins[code.uppercased()] == nil && $0.amount != 0
    }
  }
}
