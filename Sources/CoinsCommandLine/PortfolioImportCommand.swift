import CoinsImport
import CoinsModel
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

  func run(in context: CommandContext) async -> Int32 {
    let shown = Sanitizer.clean(source)
    guard let data = FileManager.default.contents(atPath: source) else {
      return context.fail("Cannot read \(shown).", status: ExitCode.dataError)
    }
    guard data.count <= 64 * 1024 * 1024 else {
      return context.fail(
        "\(shown) is larger than 64 MB; nothing was imported.", status: ExitCode.dataError)
    }
    let result: ImportResult
    do {
      result = try ImportReader.read(
        [UInt8](data), format: format.flatMap(ImportFormat.named),
        timeZone: timeZone.flatMap(ImportTimeZone.init))
    } catch {
      return context.fail(
        "\(shown) \(error.message). Nothing was imported.", status: ExitCode.dataError)
    }
    let ownCSV = result.format == ImportPlanner.ownFormat
    let store = context.portfolioStore(file: file)
    var status = ExitCode.success
    guard let read = context.readPortfolio(from: store, status: &status) else { return status }
    let tickerStore = TickerMapStore(portfolioURL: store.url)
    let mappings: [ImportTickers.Mapping]
    do {
      let remembered = try tickerStore.load()
      let lookup = CoinLookup(
        service: context.makeService(options: market), currency: "usd", maxAge: market.maxAge)
      let found = try await ImportTickers.resolve(
        ImportTickers.tickers(of: result), maps: maps, remembered: remembered,
        held: Set(read.portfolio.holdings.map(\.id)), ownCSV: ownCSV, lookup: lookup)
      guard found.unknown.isEmpty else {
        for unknown in found.unknown {
          _ = context.fail(ImportTickers.message(unknown, file: shown), status: 0)
        }
        return ExitCode.dataError
      }
      mappings = found.mappings
    } catch let failure as TickerMapStore.Failure {
      return context.fail(failure.message, status: ExitCode.dataError)
    } catch let failure as CoinLookup.Failure {
      return context.fail(
        "\(failure.message) Nothing was imported.", status: failure.exitCode)
    } catch {
      return context.fail("\(error)", status: ExitCode.failure)
    }
    let coins = Dictionary(mappings.map { ($0.ticker, $0.id) }, uniquingKeysWith: { $1 })
    let (prices, problems) = await fairPrices(result, coins: coins, context: context)
    let walletName = wallet ?? (ownCSV ? Transaction.defaultWallet : result.format)
    let plan = ImportPlanner.plan(
      result, coins: coins, prices: DailyPrices(usdByCoin: prices), wallet: walletName,
      ownCSV: ownCSV)
    let policy: PortfolioImport.ShortfallPolicy = ownCSV ? .refuse : .cover
    var preview = read.portfolio
    do {
      // Checked on a copy first: a file that adds (and prices) nothing leaves the portfolio
      // file untouched.
      var outcome = try PortfolioImport.apply(plan.rows, to: &preview, shortfall: policy)
      if !dryRun {
        if outcome.added > 0 || outcome.pricedNow > 0 {
          // Applied again under the lock, to the file as it is then: that outcome is the one.
          outcome = try context.updatePortfolio(store, after: read) { portfolio in
            try PortfolioImport.apply(plan.rows, to: &portfolio, shortfall: policy)
          }
        }
        try tickerStore.remember(maps)
      }
      let summary = ImportSummary(
        file: shown, result: result, plan: plan, mappings: mappings, outcome: outcome,
        wallet: walletName, dryRun: dryRun, priceProblems: problems,
        now: context.timeSource.now())
      context.stdout.write(json ? summary.json : summary.text)
      return ExitCode.success
    } catch let error as ImportError {
      return context.fail(
        "\(shown) \(error.message). Nothing was imported.", status: ExitCode.dataError)
    } catch let stopped as CommandStopped {
      return stopped.status
    } catch let failure as TickerMapStore.Failure {
      return context.fail(failure.message, status: ExitCode.failure)
    } catch {
      return context.fail("\(error)", status: ExitCode.failure)
    }
  }

  /// CoinGecko's daily USD prices of the coins the file cannot value itself (one request per
  /// coin, kept a day: the coins spent first, then those received where that was not enough),
  /// and why some could not be had.
  private func fairPrices(
    _ result: ImportResult, coins: [String: String], context: CommandContext
  ) async -> (prices: [String: [Int: Decimal]], problems: [String]) {
    let spent = ImportPlanner.pricesWanted(result, coins: coins)
    guard !spent.isEmpty else { return ([:], []) }
    let service = ImportPriceService(
      client: context.makeClient(options: market),
      cacheDirectory: MarketCache.defaultDirectory(environment: context.environment))
    let now = context.timeSource.now()
    var found = await service.prices(spent, now: now)
    // The coins received, only where the coin spent had no price that day.
    let received = ImportPlanner.pricesWanted(
      result, coins: coins, known: DailyPrices(usdByCoin: found.prices))
    if !received.isEmpty, found.problems.isEmpty {
      let more = await service.prices(received, now: now)
      found.prices.merge(more.prices) { first, _ in first }
      found.problems += more.problems
    }
    return found
  }
}
