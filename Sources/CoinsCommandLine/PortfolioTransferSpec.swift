import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `coins portfolio transfer in|out|move|link`.
extension PortfolioCommand {
  static let incomeOption = CommandSpec.Option(
    name: "--income",
    help: "The coins are income (staking, a reward, an airdrop), valued at CoinGecko's price "
      + "unless given.")

  static let transferSpec = CommandSpec(
    path: ["portfolio", "transfer"],
    abstract: "Record coins moved in or out, or moved between your wallets (cost kept).",
    discussion: """
      <direction> is in, out, move or link. A transfer out takes coins at what they cost (the oldest
      first) and realizes no profit or loss; --cost, --total and --income apply to a transfer
      in only. A transfer in from outside costs 0 unless given.

      move takes coins from one of your wallets (--from) to another (--to) with the dates and
      costs they had: <amount> is what left --from, --fee the part of it that did not arrive
      (the network's fee, which leaves at its cost and realizes nothing). It is recorded as a
      transfer out and a transfer in, undone together. link <out-id> <in-id> pairs a transfer
      out and a transfer in recorded on their own (an import that could not match them) as
      such a move.

      --income marks coins received as income (staking, a reward, an airdrop): they are valued
      at CoinGecko's price (00:00 UTC on --date, else now) unless --cost or --total gives it,
      that value is their cost, and coins portfolio income lists them.

      Examples:
        coins portfolio transfer in eth 0.05 --income --note "staking reward"
        coins portfolio transfer out btc 0.2 --date 2026-03-01
        coins portfolio transfer move btc 0.5 --from coinbase --to ledger --fee 0.0001
        coins portfolio transfer link 12 15
      """,
    arguments: [
      .init(
        name: "direction", help: "in, out, move or link.",
        completion: .choices(["in", "out", "move", "link"])),
      .init(name: "coin", help: "The coin's symbol or CoinGecko id.", completion: .coin),
      .init(name: "amount", help: "How many coins moved."),
    ],
    options: [
      costOption, TransactionInput.totalOption, incomeOption, TransactionInput.dateOption,
      TransactionInput.noteOption, idOption, currencyOfFiguresOption, transferWalletOption,
      WalletOptions.fromOption, WalletOptions.toOption, WalletOptions.networkFeeOption,
      fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "transfer"]
      guard let word = parsed.positionals.first else {
        throw UsageError("Missing expected argument '<direction>'", commandPath: path)
      }
      var rest = parsed
      rest.positionals.removeFirst()
      if word == "move" { return try PortfolioMoveCommand(rest) }
      if word == "link" { return try PortfolioLinkCommand(rest) }
      guard let direction = ["in": TransactionKind.transferIn, "out": .transferOut][word] else {
        throw UsageError(
          "The value '\(Sanitizer.printable(word))' is invalid for '<direction>': expected in, out, "
            + "move or link.", commandPath: path)
      }
      for option in [WalletOptions.fromOption, WalletOptions.toOption]
      where rest.value(option) != nil {
        throw UsageError(
          "'\(option.name)' applies to 'move' only; name a transfer's wallet with --wallet.",
          commandPath: path)
      }
      if rest.value(WalletOptions.networkFeeOption) != nil {
        throw UsageError("'--fee' applies to 'move' only.", commandPath: path)
      }
      let (coin, isID, amount) = try coinAndAmount(rest, path: path)
      let input = try TransactionInput(rest, path: path, priceOption: costOption)
      if direction == .transferOut && input.pricePerCoin(amount: amount) != nil {
        throw UsageError(
          "A transfer out leaves at its cost: '--cost' and '--total' apply to 'in' only.",
          commandPath: path)
      }
      let isIncome = rest.flag(incomeOption)
      if direction == .transferOut && isIncome {
        throw UsageError("'--income' applies to a transfer in only.", commandPath: path)
      }
      return PortfolioTransferCommand(
        direction: direction, coin: coin, isID: isID, amount: amount, input: input,
        isIncome: isIncome,
        wallet: try WalletOptions.name(rest, transferWalletOption, path: path),
        file: rest.value(fileOption),
        market: try MarketOptions(rest, path: path))
    })

  static let transferWalletOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet coins arrive in (default: default) or leave (default: the one holding "
      + "the coin).")
}
