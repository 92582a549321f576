import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio reconcile`: compares what the transactions add up to with balances
/// the user states (`--expect`, `--balances`) or, when none are given, with those the imported
/// exports stated; per coin and wallet equal or not and, where not, the first transaction after
/// which they part. Exit 1 when any differs.
struct PortfolioReconcileCommand: RunnableCommand, Equatable {
  /// `--expect coin=amount`, as written, in order.
  var expectations: [(coin: String, amount: Decimal)] = []
  /// `--wallet`: the wallet the expectations are of (every wallet when not given).
  var wallet: String?
  /// `--date`: when the expectations hold (now when not given).
  var date: String?
  /// `--balances <file>`.
  var balancesFile: String?
  /// `--json`.
  var json = false
  /// The rules whose day boundary ends a dated balance's day.
  var rules = TaxRules.us
  /// The portfolio file, when given with `--file`.
  var file: String?

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.expectations.map(\.coin) == rhs.expectations.map(\.coin)
      && lhs.expectations.map(\.amount) == rhs.expectations.map(\.amount)
      && (lhs.wallet, lhs.date, lhs.balancesFile, lhs.json, lhs.file)
        == (rhs.wallet, rhs.date, rhs.balancesFile, rhs.json, rhs.file)
      && lhs.rules.name == rhs.rules.name && lhs.rules.zone == rhs.rules.zone
  }

  func run(in context: CommandContext) async throws(CommandFailure) {
    let store = context.portfolioStore(file: file)
    let portfolio = try context.loadPortfolio(from: store)
    let statements = try await statements(for: portfolio, in: context)
    guard !statements.isEmpty else {
      context.stdout.write(
        json
          ? "{\"equal\":0,\"differ\":0,\"balances\":[]}\n"
          : "No balances to reconcile: give --expect or --balances, or import an export that "
            + "states its balances.\n")
      return
    }
    let reconciled = BalanceReconciler.reconcile(statements, in: portfolio)
    let differ = reconciled.filter { !$0.agrees }.count
    if json {
      context.stdout.write(
        JSONValueWriter.write(
          .object([
            JSONMember("equal", .number(String(reconciled.count - differ))),
            JSONMember("differ", .number(String(differ))),
            JSONMember("balances", .array(reconciled.map(BalanceReconciliationView.json))),
          ])) + "\n")
    } else {
      var lines = [
        "Balances: \(reconciled.count - differ) equal, \(differ) differ\(differ == 1 ? "s" : "")."
      ]
      let names = await context.heldCoins().names().among(reconciled.map(\.coin))
      lines += reconciled.map {
        "  " + BalanceReconciliationView.line($0, withFile: true, names: names)
      }
      context.stdout.write(lines.joined(separator: "\n") + "\n")
    }
    if differ > 0 { throw CommandFailure(messages: [], kind: .other) }
  }

  /// The statements asked for: `--expect` and `--balances`, else the ones imports kept.
  private func statements(for portfolio: Portfolio, in context: CommandContext)
    async throws(CommandFailure) -> [BalanceStatement]
  {
    var rows: [BalanceFile.Row] = expectations.map {
      BalanceFile.Row(line: 0, date: date ?? "", wallet: wallet, coin: $0.coin, amount: $0.amount)
    }
    var origin = "--expect"
    if let balancesFile {
      origin = PortfolioImportCommand.fileName(balancesFile)
      let shown = Sanitizer.clean(balancesFile)
      guard let data = FileManager.default.contents(atPath: balancesFile) else {
        throw CommandFailure(
          "Cannot read \(shown): \(FileTrouble.reason(at: balancesFile)).", kind: .badData)
      }
      do {
        rows += try BalanceFile.rows(String(decoding: data, as: UTF8.self))
      } catch {
        throw CommandFailure("\(shown) \(error.message).", kind: .badData)
      }
    }
    guard !rows.isEmpty else { return portfolio.statedBalances }
    let coins = context.heldCoins()
    var statements: [BalanceStatement] = []
    for row in rows {
      guard let id = await coins.id(of: row.coin, isID: false, in: portfolio) else {
        let place = row.line > 0 ? "\(origin) line \(row.line): " : ""
        throw CommandFailure(
          "\(place)'\(Sanitizer.printable(row.coin))' is not a coin in the portfolio.",
          kind: .badData)
      }
      var moment: Date?
      if !row.date.isEmpty {
        moment = BalanceStatement.moment(row.date, zone: rules.zone)
      }
      statements.append(
        BalanceStatement(
          coin: id, wallet: row.wallet, amount: row.amount, date: moment,
          file: row.line > 0 ? origin : "--expect", line: row.line > 0 ? row.line : nil))
    }
    return statements
  }
}

extension PortfolioReconcileCommand {
  static let expectOption = CommandSpec.Option(
    name: "--expect", valueName: "coin=amount",
    help: "A balance you expect, e.g. btc=1.2345 (symbol or CoinGecko id; repeatable).")
  static let walletOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet --expect is of (default: every wallet together).")
  static let dateOption = CommandSpec.Option(
    name: "--date", valueName: "when",
    help: "When --expect holds: a day (its end, in the rules' day boundary) or a time "
      + "(default: now).")
  static let balancesOption = CommandSpec.Option(
    name: "--balances", valueName: "file",
    help: "A CSV of balances, date,wallet,coin,amount (an empty wallet: every wallet).",
    completion: .file)

  static let spec = CommandSpec(
    path: ["portfolio", "reconcile"],
    abstract: "Compare the balances your transactions add up to with ones you or an export state.",
    discussion: """
      Each coin and wallet's transactions are walked by date and their balance compared with
      every balance stated of them: with --expect, with the rows of --balances, or (when
      neither is given) with the last balance each imported export stated. A dated balance is
      the one at the end of that day where the tax rules' days end (--rules, [tax] zone). Where
      the latest differs, it names the last statement that still agrees with the transaction
      then, and the first transaction after which they part; several dated balances narrow it
      down. Exit 1 when any balance differs.

      Examples:
        coins portfolio reconcile
        coins portfolio reconcile --expect btc=1.2345 --wallet kraken --date 2024-12-31
        coins portfolio reconcile --balances balances.csv --json
      """,
    options: [
      expectOption, walletOption, dateOption, balancesOption, OutputFormat.jsonOption,
      TaxOptions.rulesOption, TaxOptions.zoneOption, PortfolioCommand.fileOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "reconcile"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      var command = PortfolioReconcileCommand(file: parsed.value(PortfolioCommand.fileOption))
      for text in parsed.values[expectOption.name] ?? [] {
        let parts = text.split(separator: "=", maxSplits: 1).map {
          String($0).trimmingWhitespace()
        }
        guard parts.count == 2, !parts[0].isEmpty, let amount = DecimalInput.parse(parts[1]),
          amount >= 0
        else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--expect <coin=amount>': "
              + "expected a coin and an amount such as btc=1.2345.", commandPath: path)
        }
        command.expectations.append((parts[0], amount))
      }
      command.wallet = parsed.value(walletOption)
      command.date = parsed.value(dateOption)
      command.balancesFile = parsed.value(balancesOption)
      if command.expectations.isEmpty, command.wallet != nil || command.date != nil {
        throw UsageError("--wallet and --date go with --expect.", commandPath: path)
      }
      if let date = command.date, DateInput.parse(date) == nil {
        throw UsageError(
          "The value '\(Sanitizer.printable(date))' is invalid for '--date <when>': expected a "
            + "day such as 2024-12-31 or a time such as 2024-12-31T12:00:00Z.", commandPath: path)
      }
      command.json = parsed.flag(OutputFormat.jsonOption)
      command.rules = try TaxOptions.rules(parsed, path: path)
      return command
    })
}
