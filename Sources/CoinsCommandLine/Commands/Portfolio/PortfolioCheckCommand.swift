import CoinsModel
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio check`: one line per thing that leaves the figures incomplete or
/// assumed, with the transaction, the reason and the command that fixes it (exit 1 while any
/// is open); `--accept <transaction> --reason …` accepts one as it is, `--accepted` lists those.
struct PortfolioCheckCommand: RunnableCommand, Equatable {
  /// `--accept`: the transaction to accept.
  var accept: String?
  /// `--reason`: why.
  var reason: String?
  /// `--accepted`: list the acceptances.
  var listAccepted = false
  /// `--json`.
  var json = false
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// The currency the figures are reckoned in (`--currency`, else the config file's), whose
  /// conversions at today's rate are open; and the timeout for exchange rates.
  var market = MarketOptions()

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    if let accept, let reason {
      try await self.accept(accept, reason: reason, store: store, in: context)
      return
    }
    let portfolio = try context.loadPortfolio(from: store)
    if listAccepted {
      list(portfolio.accepted, in: context)
      return
    }
    let items = await openItems(of: portfolio, in: context)
    if json {
      context.stdout.write(
        JSONValueWriter.write(
          .object([
            JSONMember("open", .array(items.map(Self.json))),
            JSONMember("accepted", .number(String(portfolio.accepted.count))),
          ])) + "\n")
    } else if items.isEmpty {
      context.stdout.write("Nothing open: no figure is incomplete or assumed.\n")
    } else {
      let names = await context.heldCoins(market).names().among(items.map(\.coin))
      var lines = items.map {
        "transaction \($0.transaction): \($0.detail(naming: names.symbol(of: $0.coin))) — \($0.fix)"
      }
      lines.append(
        "\(items.count) open. Fix each with the command shown, or accept one as it is with "
          + "coins portfolio check --accept <transaction> --reason \"…\".")
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
    if !items.isEmpty { throw CommandFailure(messages: [], kind: .other) }
  }

  /// Stores the acceptance through the portfolio's one save path.
  private func accept(
    _ id: String, reason: String, store: PortfolioStore, in context: CommandContext
  ) async throws(CommandFailure) {
    let now = context.timeSource.now()
    let shown = Sanitizer.printable(id)
    let read = try context.readPortfolio(from: store)
    let portfolio = read.portfolio
    guard portfolio.transaction(id: id) != nil else {
      throw CommandFailure("No transaction \(shown) in the portfolio.", kind: .badData)
    }
    guard !portfolio.accepted.contains(where: { $0.transaction == id }) else {
      throw CommandFailure(
        "Transaction \(shown) is accepted already (coins portfolio check --accepted).",
        kind: .badData)
    }
    guard await openItems(of: portfolio, in: context).contains(where: { $0.transaction == id })
    else {
      throw CommandFailure(
        "Transaction \(shown) has nothing open to accept (coins portfolio check lists what "
          + "is).", kind: .badData)
    }
    let acceptance = Acceptance(transaction: id, reason: reason, date: now)
    try context.updatePortfolio(store, after: read) { portfolio in
      portfolio.accepted.append(acceptance)
    }
    context.stdout.write("Accepted transaction \(shown): \(Sanitizer.printable(reason)).\n")
  }

  /// What is open in `portfolio`: ``HistoryCheck/items(of:)`` and the conversions at today's
  /// rate into the check's currency (the rates asked only when a figure is in another).
  private func openItems(of portfolio: Portfolio, in context: CommandContext) async
    -> [OpenItem]
  {
    let rates = await context.exchangeRates(for: portfolio, in: market.currency, options: market)
    return HistoryCheck.items(of: portfolio)
      + HistoryCheck.conversionsAtTodaysRate(of: portfolio, in: market.currency, rates: rates)
  }

  private func list(_ accepted: [Acceptance], in context: CommandContext) {
    if json {
      context.stdout.write(
        JSONValueWriter.write(
          .array(
            accepted.map {
              .object([
                JSONMember("transaction", .string($0.transaction)),
                JSONMember("reason", .string($0.reason)),
                JSONMember(
                  "date", $0.date.map { .string(ISO8601Timestamp.format($0)) } ?? .null),
              ])
            })) + "\n")
      return
    }
    guard !accepted.isEmpty else {
      context.stdout.write("Nothing accepted.\n")
      return
    }
    let lines = accepted.map { acceptance in
      "transaction \(acceptance.transaction): \(acceptance.reason)"
        + (acceptance.date.map { " (accepted \(DateInput.dayText($0)))" } ?? "")
    }
    context.stdout.write(lines.joined(separator: "\n") + "\n")
  }

  static func json(_ item: OpenItem) -> JSONValue {
    .object([
      JSONMember("transaction", .string(item.transaction)),
      JSONMember("coin", .string(item.coin)), JSONMember("reason", .string(item.reason.rawValue)),
      JSONMember("detail", .string(item.detail)), JSONMember("fix", .string(item.fix)),
    ])
  }
}

extension PortfolioCheckCommand {
  static let acceptOption = CommandSpec.Option(
    name: "--accept", valueName: "transaction",
    help: "Accept what is open about this transaction as it is (with --reason).")
  static let reasonOption = CommandSpec.Option(
    name: "--reason", valueName: "text", help: "Why --accept accepts it.")
  static let acceptedOption = CommandSpec.Option(
    name: "--accepted", help: "List the transactions accepted, with why.")

  static let spec = CommandSpec(
    path: ["portfolio", "check"],
    abstract: "List what makes the figures incomplete, and the command that fixes each.",
    discussion: """
      One line per thing: a buy or deposit of unknown cost, a transfer in given no cost (it
      counts as 0), a sale of unknown proceeds, coins held before an export, a withdrawal and
      a deposit that look like a move but are not paired, income without a value, a balance
      that differs from what an export stated, a price or fee in another currency converted
      into --currency at today's rate because no rate of its day was had — with the
      transaction, why, and the command that fixes it. What cannot be fixed can be accepted:
      --accept <transaction> --reason "…" (kept in the portfolio file, listed by --accepted).
      Exit 0 when nothing is open, 1 when something is.

      Examples:
        coins portfolio check
        coins portfolio check --accept 39 --reason "airdrop, no market that day"
        coins portfolio check --accepted
      """,
    options: [
      acceptOption, reasonOption, acceptedOption, MarketOptions.currencyOption,
      OutputFormat.jsonOption, PortfolioCommand.fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "check"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      var command = PortfolioCheckCommand(file: parsed.value(PortfolioCommand.fileOption))
      command.market = try MarketOptions(parsed, path: path)
      command.accept = parsed.value(acceptOption)
      command.reason = parsed.value(reasonOption)
      command.listAccepted = parsed.flag(acceptedOption)
      command.json = parsed.flag(OutputFormat.jsonOption)
      if command.accept != nil {
        guard let reason = command.reason?.trimmingWhitespace(), !reason.isEmpty else {
          throw UsageError("--accept needs --reason \"…\": say why.", commandPath: path)
        }
        guard !command.listAccepted else {
          throw UsageError("--accept and --accepted cannot be used together.", commandPath: path)
        }
        command.reason = reason
      } else if command.reason != nil {
        throw UsageError("--reason goes with --accept.", commandPath: path)
      }
      return command
    })
}
