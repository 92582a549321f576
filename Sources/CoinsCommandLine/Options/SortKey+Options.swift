import CoinsPresentation

extension SortKey {
  /// `--sort <field>`, as `top` and `watch` take it.
  static let option = CommandSpec.Option(
    name: "--sort", shortName: "-s", valueName: "field",
    help: "Order by rank, price, change1h, change24h, change7d, marketcap, volume or name.",
    defaultValue: "rank", completion: .choices(SortKey.allCases.map(\.rawValue)))
  /// `--reverse`.
  static let reverseOption = CommandSpec.Option(
    name: "--reverse", shortName: "-r", help: "Reverse the order.")
}
