import Foundation
import Testing

extension LayeringTests {
  /// What the command line may use from the layers that do the work (the market and portfolio
  /// services, the CoinGecko client, the importers): stores to read and write, services to ask,
  /// and the few rule types it hands the user's words to. A rule (pricing, symbols, tickers,
  /// conversions, the watch's setup) belongs below; using a new type from there means adding
  /// it here, on purpose.
  static let commandLineUses: [String: Set<String>] = [
    "CoinsServices": [
      "AlertHook", "AlertStore", "BalanceFile", "BundledSample", "CachedNames", "CoinDataService",
      "CoinLookup", "ConversionRoute", "CostCurrency", "DataFolder", "DayPriceLookup",
      // The cores an import's reading and planning (pure, in CoinsImport) are spread over.
      "EveryCore", "ExchangeRateService", "FavoritesStore", "FileTimes", "GainsChange",
      "HeldCoinResolver",
      "HistoryRequest", "HomeModel", "ImportTickers", "JournalError", "JournalHistory",
      "MarketCache", "MarketRequest", "OwnExportJSON", "PortfolioRead", "PortfolioStore",
      "PriceOrigin", "RepriceSelection", "SymbolResolver", "TickerMapStore", "TransactionPricing",
      "UndoOutcome", "UndoTarget",
    ],
    "CoinGeckoAPI": [
      "CoinGeckoClient", "CoinGeckoConfiguration", "CoinGeckoError", "HTTPTransport",
      "LazyTransport", "RetryPolicy",
    ],
    "CoinsImport": [
      "DailyPrices", "ImportFormat", "ImportPlan", "ImportPlanner", "ImportReader",
      "ImportResult", "ImportTimeZone", "ImportedAmount", "StatedBalance", "UnknownCost",
      "ValueSource",
    ],
  ]

  @Test func theCommandLineUsesOnlyWhatItsListAllows() throws {
    let files = try SourceTree.swiftFiles()
    let commandLine = files.filter { $0.target == "CoinsCommandLine" }
      .flatMap(\.codeLines).joined(separator: "\n")
    var unlisted: [String] = []
    for (target, allowed) in Self.commandLineUses {
      let declared = files.filter { $0.target == target }.flatMap(\.codeLines).flatMap {
        Self.declaredTypes(in: $0)
      }
      for name in Set(declared).subtracting(allowed).sorted()
      where commandLine.range(of: "\\b\(name)\\b", options: .regularExpression) != nil {
        unlisted.append("\(target).\(name)")
      }
    }
    #expect(unlisted == [], "used by the command line, not on its list:\n\(unlisted)")
  }

  /// The public or package type a line declares at the top level of its file.
  private static func declaredTypes(in line: String) -> [String] {
    guard let first = line.first, !first.isWhitespace else { return [] }
    let words = line.split(separator: " ").map(String.init)
    guard let access = words.first, ["public", "package"].contains(access) else { return [] }
    let kinds: Set<String> = ["struct", "enum", "actor", "class", "protocol"]
    guard let kind = words.firstIndex(where: kinds.contains), kind + 1 < words.count else {
      return []
    }
    return [String(words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })]
  }
}
