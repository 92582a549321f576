import CoinsImport
import CoinsModel
import CoinsPriceSources
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How `coins portfolio import` makes its plan: of coins' own JSON, or of a CSV (any format
/// `CoinsImport` reads) with its tickers mapped and its trades valued.
extension PortfolioImportCommand {
  /// What was read and what it makes: the file, the plan, the tickers mapped and why some
  /// prices could not be had.
  typealias Planned = (
    result: ImportResult, plan: ImportPlan, mappings: [ImportTickers.Mapping], problems: [String]
  )

  /// coins' own JSON: every transaction exactly as recorded, nothing to look up.
  func ownJSON(_ bytes: [UInt8], shown: String) throws(CommandFailure) -> Planned {
    let rows: [ImportRow]
    do {
      rows = try OwnExportJSON.rows(bytes)
    } catch {
      throw CommandFailure("\(shown) \(error.detail). Nothing was imported.", kind: .badData)
    }
    var plan = ImportPlan()
    plan.rows = rows
    let result = ImportResult(
      format: ImportPlanner.ownFormat, version: "json", headerLine: 1, rowsRead: rows.count,
      events: [], skipped: [])
    return (result, plan, [], [])
  }

  /// A CSV: read, its tickers mapped (coins' own export names its coins' ids: taken as
  /// written), its trades and income valued.
  func planCSV(
    _ bytes: [UInt8], shown: String, portfolio: Portfolio, tickerStore: TickerMapStore,
    context: CommandContext
  ) async throws(CommandFailure) -> Planned {
    let result: ImportResult
    do {
      result = try ImportReader.read(
        bytes, format: format.flatMap(ImportFormat.named),
        timeZone: timeZone.flatMap(ImportTimeZone.init), spread: EveryCore())
    } catch {
      throw CommandFailure(
        "\(shown) \(error.message). Nothing was imported.", kind: .badData)
    }
    let ownCSV = result.format == ImportPlanner.ownFormat
    let walletName = wallet ?? (ownCSV ? Transaction.defaultWallet : result.format)
    if let coins = ImportPlanner.exportedCoins(result) {
      let plan = ImportPlanner.plan(
        result, coins: coins, prices: DailyPrices(), wallet: walletName, ownCSV: true)
      return (result, plan, [], [])
    }
    let found: (mappings: [ImportTickers.Mapping], unknown: [ImportTickers.Unknown])
    do {
      let remembered = try tickerStore.load()
      let lookup = CoinLookup(
        service: context.makeService(options: market), currency: "usd", maxAge: market.maxAge)
      found = try await ImportTickers.resolve(
        ImportTickers.tickers(of: result), maps: maps, remembered: remembered,
        held: Set(portfolio.holdings.map(\.id)), ownCSV: ownCSV, lookup: lookup)
    } catch let failure as TickerMapStore.Failure {
      throw CommandFailure(failure.message, kind: .badData)
    } catch let failure as CoinLookup.Failure {
      throw CommandFailure(failure, adding: " Nothing was imported.")
    } catch {
      throw CommandFailure("\(error)")
    }
    guard found.unknown.isEmpty else {
      throw CommandFailure(
        ImportTickers.message(found.unknown, file: shown, arguments: givenArguments), kind: .badData
      )
    }
    let mappings = found.mappings
    let coins = Dictionary(mappings.map { ($0.ticker, $0.id) }, uniquingKeysWith: { $1 })
    let (prices, problems) = try await fairPrices(result, coins: coins, context: context)
    let plan = ImportPlanner.plan(
      result, coins: coins, prices: prices, wallet: walletName, ownCSV: ownCSV,
      spread: EveryCore())
    return (result, plan, mappings, problems)
  }

  /// The export and the options given that change what is read, where it goes or what is
  /// printed, as words to type again (the `--map` lines still wanted come after them):
  /// `--timeout` is left out, as it changes none of that.
  var givenArguments: [String] {
    var words = [source]
    if let format { words += ["--format", format] }
    if let wallet { words += ["--wallet", wallet] }
    if let timeZone { words += ["--timezone", timeZone] }
    for (ticker, id) in maps.sorted(by: { $0.key < $1.key }) {
      words += ["--map", "\(ticker)=\(id)"]
    }
    if let file { words += ["--file", file] }
    if dryRun { words.append("--dry-run") }
    if json { words.append("--json") }
    return words
  }

  /// The daily USD prices of the coins the file cannot value itself, from the price chain
  /// (your prices, then `[prices] order`; each source asked once per coin whatever the number
  /// of rows: the coins spent first, then those received where that was not enough), and for
  /// each coin the days no source priced, with every source's reason.
  func fairPrices(
    _ result: ImportResult, coins: [String: String], context: CommandContext
  ) async throws(CommandFailure) -> (prices: DailyPrices, problems: [String]) {
    let spent = ImportPlanner.pricesWanted(result, coins: coins)
    guard !spent.isEmpty else { return (DailyPrices(), []) }
    let line = context.fetchProgressLine()
    defer { line.end() }
    let (chain, settings) = try context.priceChain(
      saying: "Fetching daily prices", progress: line.progress)
    var symbols: [String: String] = [:]
    for (ticker, id) in coins.sorted(by: { $0.key < $1.key }) where symbols[id] == nil {
      symbols[id] = ticker
    }
    func ask(_ wanted: [String: Set<Int>]) async -> PriceChain.DayNumberPrices {
      await chain.prices(
        ofDays: wanted, symbols: symbols, in: "USD", coin: settings.coin(id:symbol:),
        progress: line.progress)
    }
    var found = await ask(spent)
    var prices = Self.dailyPrices(found.prices)
    // The coins received, only where the coin spent had no price that day.
    let received = ImportPlanner.pricesWanted(result, coins: coins, known: prices)
    var instants: [String: Set<Date>] = [:]
    if settings.precision == .hour {
      instants = ImportPlanner.instantsWanted(result, coins: coins)
      if !received.isEmpty {
        instants.merge(ImportPlanner.instantsWanted(result, coins: coins, known: prices)) {
          $0.union($1)
        }
      }
    }
    if !received.isEmpty {
      let more = await ask(received)
      found.prices.merge(more.prices) { first, _ in first }
      found.problems += more.problems
      prices = Self.dailyPrices(found.prices)
    }
    if !instants.isEmpty {
      prices.byCoinHour = await Self.hourPrices(
        instants, symbols: symbols, chain: chain, settings: settings)
    }
    return (prices, found.problems)
  }

  /// By `[prices] precision = "hour"`: the price of each coin at the open of the UTC hour of
  /// each of its rows after its day's first hour, as `portfolio add --date …T10:30:00Z` prices
  /// one (``PriceChain/prices(of:in:at:precision:)``): an hourly candle's open, else the day's
  /// open labelled as the fallback. The days were asked already (kept in the cache): the
  /// hourly candles are asked by spans of as many hours as a request carries.
  private static func hourPrices(
    _ instants: [String: Set<Date>], symbols: [String: String], chain: PriceChain,
    settings: PriceSettings
  ) async -> [String: [Int: DailyPrices.HourPrice]] {
    var byCoinHour: [String: [Int: DailyPrices.HourPrice]] = [:]
    for id in instants.keys.sorted() {
      let timed = (instants[id] ?? []).filter { PriceChain.hourOfDay($0) > 0 }
      guard !timed.isEmpty else { continue }
      let answers = await chain.prices(
        of: settings.coin(id: id, symbol: symbols[id] ?? id), in: "USD", at: timed,
        precision: .hour)
      for (instant, pricing) in answers {
        guard let price = pricing.price else { continue }
        byCoinHour[id, default: [:]][HourlyOpens.hour(of: instant)] = DailyPrices.HourPrice(
          usd: price.price.decimal, source: valueSource(price.provenance.source),
          label: price.provenance.label)
      }
    }
    return byCoinHour
  }

  /// How the import summary counts a price of `source`.
  private static func valueSource(_ source: PriceSourceName) -> ValueSource {
    switch source {
    case .yours: .yours
    case .coinbase: .coinbase
    case .binance: .binance
    case .coingecko, .ecb: .coinGecko
    }
  }

  /// The chain's prices as the planner takes them: each with its source and label.
  private static func dailyPrices(_ found: [String: [Int: DailyPrice]]) -> DailyPrices {
    var prices = DailyPrices()
    for (id, days) in found {
      for (day, price) in days {
        prices.usdByCoin[id, default: [:]][day] = price.price.decimal
        prices.labelByCoin[id, default: [:]][day] = price.provenance.label
        prices.sourceByCoin[id, default: [:]][day] = valueSource(price.provenance.source)
      }
    }
    return prices
  }
}
