import CoinsPresentation

extension PortfolioSortKey {
  /// `coins portfolio value --sort`.
  static let option = CommandSpec.Option(
    name: "--sort", shortName: "-s", valueName: "field",
    help: "Order by value, share, pnl, change24h or name (default: the file's order).",
    completion: .choices(PortfolioSortKey.allCases.map(\.rawValue)))
}
