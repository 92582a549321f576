import CoinsModel

/// What applying an import did to the portfolio file: the outcome and how its balances compare
/// with the ones the export states.
struct ImportApplied {
  /// What was added, skipped and paired.
  var outcome: PortfolioImport.Outcome
  /// Each coin's computed balance against the export's statements.
  var balances: [BalanceReconciliation]
}
