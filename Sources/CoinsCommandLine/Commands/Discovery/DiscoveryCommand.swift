import CoinsModel

/// The options `coins search`, `coins info` and `coins global` share.
enum DiscoveryCommand {
  static let jsonOption = CommandSpec.Option(name: "--json", help: "Print JSON instead of text.")
  static let asciiOption = CommandSpec.Option(
    name: "--ascii", help: "Draw the chart in plain ASCII.")

}
