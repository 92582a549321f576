import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio transfer link <out-id> <in-id>`: pairs a transfer out and a transfer
/// in recorded on their own (an import that could not pair them) as one move between wallets.
struct PortfolioLinkCommand: RunnableCommand, Equatable {
  /// The transfer out's id.
  var outID: String
  /// The transfer in's id.
  var inID: String
  /// The portfolio file, when given with `--file`.
  var file: String?

  /// Reads `transfer link`'s words (the direction already taken off).
  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = PortfolioCommand.transferSpec.path
    guard parsed.positionals.count == 2, let first = parsed.positionals.first,
      let last = parsed.positionals.last, !first.isEmpty, !last.isEmpty
    else {
      throw UsageError(
        "'link' takes two transaction ids: the transfer out, then the transfer in "
          + "(coins portfolio history lists them).", commandPath: path)
    }
    let allowed = Set([PortfolioCommand.fileOption.name])
    if let other = parsed.values.keys.sorted().first(where: { !allowed.contains($0) })
      ?? parsed.flags.sorted().first
    {
      throw UsageError("'\(other)' does not apply to 'link'.", commandPath: path)
    }
    (outID, inID, file) = (first, last, parsed.value(PortfolioCommand.fileOption))
  }

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let names = await context.coinNames()
    let (coin, out, arrival) = try context.updatePortfolio(store, names: names) { portfolio in
      try portfolio.link(out: outID, in: inID)
    }
    var text =
      "Paired transactions \(out.id) and \(arrival.id) as a move of "
      + "\(DecimalInput.text(out.amount)) \(names.symbol(of: coin)) from \(out.wallet) to "
      + "\(arrival.wallet)"
    if arrival.amount != out.amount {
      text += " (\(DecimalInput.text(arrival.amount)) arrived)"
    }
    context.stdout.write(text + ": the coins keep their dates and costs.\n")
  }
}
