import CoinsImport
import CoinsModel
import CoinsPriceSources
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins portfolio import <file>`: reads the export (any format `CoinsImport` knows),
/// maps its tickers to coins, values its trades and income, then adds the new transactions all
/// at once (or nothing) and prints the summary; rows already in the portfolio are left alone,
/// so importing twice adds nothing.
struct PortfolioImportCommand: RunnableCommand, Equatable {
  /// The export to read.
  var source: String
  /// The portfolio file, when given with `--file`.
  var file: String?
  /// The format's id (`--format`), else recognised from the header.
  var format: String?
  /// The wallet (`--wallet`), else the format's id (`default` for coins' own CSV).
  var wallet: String?
  /// `--dry-run`: write nothing.
  var dryRun = false
  /// `--json`: the summary as JSON.
  var json = false
  /// `--map TICKER=id`, by upper-cased ticker.
  var maps: [String: String] = [:]
  /// `--timezone`.
  var timeZone: String?
  /// The timeout for CoinGecko.
  var market = MarketOptions()

  func run(in context: CommandContext) async throws(CommandFailure) {
    let shown = Sanitizer.clean(source)
    var bytes = try Self.contents(of: source, shown: shown)
    let store = context.portfolioStore(file: file)
    let read = try context.readPortfolio(from: store)
    let tickerStore = TickerMapStore(portfolioURL: store.url)
    var planned: Planned
    if OwnExportJSON.isJSON(bytes) {
      planned = try ownJSON(bytes, shown: shown)
    } else {
      planned = try await planCSV(
        bytes, shown: shown, portfolio: read.portfolio, tickerStore: tickerStore,
        context: context)
    }
    // The file and its events are planned: let them go before the portfolio is changed and
    // written (a 100,000-row export's events hold ~45 MB; the import's peak was at the write).
    planned.result.events = []
    bytes = []
    let (result, plan, mappings, problems) = planned
    let coins = Dictionary(mappings.map { ($0.ticker, $0.id) }, uniquingKeysWith: { $1 })
    let ownCSV = result.format == ImportPlanner.ownFormat
    let walletName = wallet ?? (ownCSV ? Transaction.defaultWallet : result.format)
    let policy: PortfolioImport.ShortfallPolicy = ownCSV ? .refuse : .cover
    let stated = result.balanceStatements(
      coins: coins, wallet: walletName, file: Self.fileName(source))
    let latest = BalanceStatement.latestOfEach(stated)
    var preview = read.portfolio
    do {
      // Checked on a copy first: a file that adds (and prices) nothing and states no new
      // balance leaves the portfolio file untouched.
      var outcome = try PortfolioImport.apply(plan.rows, to: &preview, shortfall: policy)
      preview.keep(latest)
      var balances = BalanceReconciler.reconcile(stated, in: preview)
      let changes =
        outcome.added > 0 || outcome.pricedNow > 0
        || preview.statedBalances != read.portfolio.statedBalances
      if !dryRun {
        if changes {
          // Saved as previewed when the file is still what was read; else applied again under
          // the lock, to the file as it is then: that outcome is the one.
          var previewed = Portfolio()
          swap(&previewed, &preview)
          let applied = try context.updatePortfolio(
            store, after: read,
            reusing: (previewed, ImportApplied(outcome: outcome, balances: balances))
          ) { portfolio in
            let outcome = try PortfolioImport.apply(plan.rows, to: &portfolio, shortfall: policy)
            portfolio.keep(latest)
            return ImportApplied(
              outcome: outcome, balances: BalanceReconciler.reconcile(stated, in: portfolio))
          }
          outcome = applied.outcome
          balances = applied.balances
        }
        try tickerStore.remember(maps)
      }
      // A bad config stopped the valuation already; a file that needed none says "daily".
      let precision = (try? PriceChainSetup.settings(environment: context.environment))?.precision
      let summary = ImportSummary(
        file: shown, result: result, plan: plan, mappings: mappings, outcome: outcome,
        wallet: walletName, dryRun: dryRun, priceProblems: problems,
        now: context.timeSource.now(), balances: balances,
        unmappedBalances: result.unmappedBalances(coins: coins),
        names: await context.heldCoins().names(),
        hourly: precision == .hour)
      context.stdout.write(json ? summary.json : summary.text)
    } catch let error as ImportError {
      throw CommandFailure(
        "\(shown) \(error.message). Nothing was imported.", kind: .badData)
    } catch let failure as CommandFailure {
      throw failure
    } catch let failure as TickerMapStore.Failure {
      throw CommandFailure(failure.message)
    } catch {
      throw CommandFailure("\(error)")
    }
  }

  /// The export's bytes, or why they cannot be had (at most 64 MB). Only the bytes outlive
  /// this: the file's `Data` is let go at once, not kept beside them through the import.
  private static func contents(of source: String, shown: String) throws(CommandFailure)
    -> [UInt8]
  {
    guard let data = FileManager.default.contents(atPath: source) else {
      throw CommandFailure(
        "Cannot read \(shown): \(FileTrouble.reason(at: source)). Nothing was imported.",
        kind: .badData)
    }
    guard data.count <= 64 * 1024 * 1024 else {
      throw CommandFailure(
        "\(shown) is larger than 64 MB; nothing was imported.", kind: .badData)
    }
    return [UInt8](data)
  }

  /// The export's file name, as a stated balance names where it came from.
  static func fileName(_ path: String) -> String {
    Sanitizer.clean(String(path.split(separator: "/").last ?? Substring(path)))
  }

}

extension PortfolioCommand {
  static let formatOption = CommandSpec.Option(
    name: "--format", valueName: "name",
    help: "Read the file as this format (default: recognised from its header): "
      + ImportFormat.all.map(\.id).joined(separator: ", ") + ".",
    completion: .choices(ImportFormat.all.map(\.id)))
  static let walletOption = CommandSpec.Option(
    name: "--wallet", valueName: "name",
    help: "The wallet the rows belong to (default: the format's name; coins' own CSV: default).")
  static let dryRunOption = CommandSpec.Option(
    name: "--dry-run", help: "Read, map and value everything and print the summary; write nothing.")
  static let importJSONOption = CommandSpec.Option(
    name: "--json", help: "Print the summary as JSON.")
  static let mapOption = CommandSpec.Option(
    name: "--map", valueName: "TICKER=id",
    help: "Say which CoinGecko coin a ticker is (repeatable); remembered for later imports.")
  static let timeZoneOption = CommandSpec.Option(
    name: "--timezone", valueName: "zone",
    help: "The zone of times written without one: UTC, +08:00 or an IANA name (default: the "
      + "format's own, UTC but for legacy KuCoin).")

  static let importSpec = CommandSpec(
    path: ["portfolio", "import"],
    abstract:
      "Add the history an exchange or tracker exported (or coins' own CSV), all or nothing.",
    discussion: """
      The format is recognised from the file's header (Coinbase, Coinbase Pro, Kraken, Binance,
      CoinTracking, Koinly, crypto.com, KuCoin, Bitstamp, or coins' own CSV as export writes
      it). Every row is checked before anything is written; a row that cannot be read names its
      line and column (exit 65) and nothing is imported. Tickers are resolved as add resolves a
      symbol (the best market-cap rank); one it cannot map fails the import with the closest
      coins and the --map to write. Trades between coins are valued at the row's own money
      value, else 1 USD per USD stablecoin, else the day's open from your prices, CoinGecko,
      Coinbase or Binance ([prices] order), its source recorded; a deposit's cost is unknown
      unless its row gives a value. Rows already in the portfolio are skipped — by the
      exchange's id, else by their content and how often it came before in the file — so
      importing the same file twice adds nothing. The summary lists rows read, transactions by
      type and coin, the tickers mapped and why, values by source, rows skipped and why, and
      the costs left unknown.

      Examples:
        coins portfolio import transactions.csv
        coins portfolio import kraken-ledgers.csv --dry-run
        coins portfolio import binance.csv --map BETH=binance-eth --timezone Asia/Shanghai
      """,
    arguments: [.init(name: "file", help: "The export to read.", completion: .file)],
    options: [
      formatOption, walletOption, dryRunOption, importJSONOption, mapOption, timeZoneOption,
      fileOption, MarketOptions.timeoutOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["portfolio", "import"]
      guard let source = parsed.positionals.first, !source.isEmpty else {
        throw UsageError("Missing expected argument '<file>'", commandPath: path)
      }
      try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
      var options = PortfolioImportCommand(source: source, file: parsed.value(fileOption))
      if let name = parsed.value(formatOption) {
        guard let format = ImportFormat.named(name) else {
          throw UsageError(
            "The value '\(Sanitizer.printable(name))' is invalid for '--format <name>': expected "
              + "one of \(ImportFormat.all.map(\.id).joined(separator: ", ")).", commandPath: path)
        }
        options.format = format.id
      }
      if let zone = parsed.value(timeZoneOption) {
        guard ImportTimeZone(zone) != nil else {
          throw UsageError(
            "The value '\(Sanitizer.printable(zone))' is invalid for '--timezone <zone>': expected "
              + "UTC, an offset such as +08:00, or a zone such as Europe/Berlin.",
            commandPath: path)
        }
        options.timeZone = zone
      }
      options.wallet = try WalletOptions.name(parsed, walletOption, path: path)
      for text in parsed.values[mapOption.name] ?? [] {
        let parts = text.split(separator: "=", maxSplits: 1).map {
          String($0).trimmingWhitespace()
        }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
          SafeName.of(parts[1]) == parts[1], parts[0].count <= 64
        else {
          throw UsageError(
            "The value '\(Sanitizer.printable(text))' is invalid for '--map <TICKER=id>': expected "
              + "a ticker and a CoinGecko id such as XBT=bitcoin.", commandPath: path)
        }
        options.maps[parts[0].uppercased()] = parts[1].lowercased()
      }
      options.dryRun = parsed.flag(dryRunOption)
      options.json = parsed.flag(importJSONOption)
      options.market = try MarketOptions(parsed, path: path)
      return options
    })
}
