#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension EventLog {
  /// Notes the balance a row states: of each asset and wallet the latest is kept (by time, then
  /// by line in the file's own order, which is newest first for some exchanges).
  mutating func state(
    _ asset: ImportedAsset, wallet: String? = nil, _ amount: Decimal, line: Int, date: Date?
  ) {
    let key = BalanceKey(asset: asset, wallet: wallet)
    stated.append(
      StatedBalance(asset: asset, wallet: wallet, amount: amount, line: line, date: date))
    if let held = balances[key] {
      let heldDate = held.date ?? .distantPast
      let newDate = date ?? .distantPast
      if newDate < heldDate { return }
      if newDate == heldDate, newestFirst ? line > held.line : line < held.line { return }
    }
    balances[key] = StatedBalance(
      asset: asset, wallet: wallet, amount: amount, line: line, date: date)
  }

  /// Every balance stated, oldest first: by time, then by line in the file's own order.
  var statedHistory: [StatedBalance] {
    stated.sorted {
      let (left, right) = ($0.date ?? .distantPast, $1.date ?? .distantPast)
      if left != right { return left < right }
      return newestFirst ? $0.line > $1.line : $0.line < $1.line
    }
  }

  /// The balances kept, by asset then wallet.
  var statedBalances: [StatedBalance] {
    balances.values.sorted {
      ($0.asset.code, $0.wallet ?? "") < ($1.asset.code, $1.wallet ?? "")
    }
  }
}

/// An asset in one wallet.
struct BalanceKey: Hashable, Sendable {
  /// The asset.
  var asset: ImportedAsset
  /// The wallet, if the file names one.
  var wallet: String?
}
