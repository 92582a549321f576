import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandContext {
  /// The wallet `amount` coins of `id` leave: `named` when given (a wallet some transaction
  /// names), else the one wallet holding the coin, else `default` when it holds enough.
  func leavingWallet(
    _ named: String?, of id: String, amount: Decimal, in portfolio: Portfolio,
    names: CoinNames = CoinNames()
  ) throws(CommandFailure) -> String {
    if let named { try knownWallet(named, in: portfolio) }
    do {
      return try portfolio.holding(id: id)?.leavingWallet(named: named, amount: amount)
        ?? named ?? Transaction.defaultWallet
    } catch {
      throw CommandFailure(error.naming(names).message)
    }
  }

  /// Refuses `wallet` unless some transaction of `portfolio` names it.
  func knownWallet(_ wallet: String, in portfolio: Portfolio) throws(CommandFailure) {
    let known = portfolio.wallets
    guard known.contains(wallet) else {
      throw CommandFailure(PortfolioError.noSuchWallet(wallet, known: known).message)
    }
  }
}
