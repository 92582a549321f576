import CoinsModel

/// The options that name wallets and the cost-basis scope, shared by the portfolio commands.
enum WalletOptions {
  /// `--wallet` where coins are recorded (add, transfer in).
  static let recordOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet the coins are in: an exchange, a hardware wallet… (default: default).")
  /// `--wallet` where coins leave (sell, transfer out).
  static let leaveOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet the coins leave (default: the one wallet holding the coin, else default).")
  /// `--wallet` on a view.
  static let filterOption = CommandSpec.Option(
    name: "--wallet", valueName: "name", help: "Only this wallet's coins and transactions.")
  static let byWalletOption = CommandSpec.Option(
    name: "--by-wallet", help: "A row for each coin in each wallet.")
  /// `coins portfolio wallets --all`.
  static let allOption = CommandSpec.Option(
    name: "--all", help: "Also show the wallets that hold no coins now, hidden by default.")
  static let scopeOption = CommandSpec.Option(
    name: "--scope", valueName: "scope",
    help: "universal (one pool per coin across wallets) or wallet (a sale costed from its own "
      + "wallet's lots).", defaultValue: "universal", completion: .choices(["universal", "wallet"]))
  static let fromOption = CommandSpec.Option(
    name: "--from", valueName: "wallet", help: "The wallet the coins leave.")
  static let toOption = CommandSpec.Option(
    name: "--to", valueName: "wallet", help: "The wallet the coins arrive in.")
  static let networkFeeOption = CommandSpec.Option(
    name: "--fee", valueName: "amount",
    help: "Coins that left and did not arrive (the network's fee), part of <amount>.")

  /// The wallet `option` names, read by the one rule (``WalletName``); `nil` when not given.
  static func name(_ parsed: ParsedArguments, _ option: CommandSpec.Option, path: [String])
    throws(UsageError) -> String?
  {
    guard let text = parsed.value(option) else { return nil }
    guard let name = WalletName.normalized(text) else {
      throw UsageError(
        "The value '\(Sanitizer.printable(text))' is invalid for '\(option.quoted)': expected a "
          + "wallet name such as kraken or ledger.", commandPath: path)
    }
    return name
  }

  /// `--scope universal|wallet` (universal when not given).
  static func scope(_ parsed: ParsedArguments, path: [String]) throws(UsageError)
    -> CostBasisScope
  {
    guard let text = parsed.value(scopeOption) else { return .universal }
    return try OptionValue.choice(text, for: scopeOption.quoted, path: path)
  }
}
