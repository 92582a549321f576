import CoinsImport
import CoinsModel
import CoinsServices
import CoinsSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an import read, made and added, for the user: as text or as JSON.
struct ImportSummary {
  var file: String
  var result: ImportResult
  var plan: ImportPlan
  var mappings: [ImportTickers.Mapping]
  var outcome: PortfolioImport.Outcome
  var wallet: String
  var dryRun: Bool
  /// The days the price chain could not price, by coin, with each source's reason.
  var priceProblems: [String]
  /// When the import ran.
  var now: Date
  /// Each coin's computed balance in the wallet against the balances the file states.
  var balances: [BalanceReconciliation] = []
  /// The last balances the file states of tickers no row of which became a transaction.
  var unmappedBalances: [StatedBalance] = []
  /// How the coins are named (``CoinNames``: the symbol when known, else the id).
  var names = CoinNames()
  /// `[prices] precision`: by the hour, the exchanges' opens are their hours' where they had
  /// a candle, and the values line says so.
  var hourly = false

  /// ``names`` among every coin the summary names (the rows', the stand-ins', the moves', the
  /// stated balances'), so that a symbol two of them share is followed by each one's id on
  /// every line. Each coin once: a symbol shared depends on the coins, not on how often each
  /// comes (200,000 rows' coins were lower-cased and hashed one by one, twice a summary).
  /// The rows' coins are those of `counted` (``rowCounts``, counted once a summary: it was
  /// counted five times, three of them here).
  func shownNames(_ counted: [(coin: String, counts: [Int])]) -> CoinNames {
    var coins = Set(counted.lazy.map(\.coin))
    coins.formUnion(outcome.covered.lazy.map(\.coin))
    coins.formUnion(outcome.moves.lazy.map(\.coin))
    coins.formUnion(outcome.unpaired.lazy.map(\.coin))
    coins.formUnion(balances.lazy.map(\.coin))
    return names.among(coins)
  }

  /// Why `entry` has no value, in words (the sources' reasons are in ``priceProblems``).
  func why(_ entry: UnknownCost) -> String {
    if entry.reason == .deposit { return "a deposit from outside, no value in the file" }
    return "no price in the file or from any price source"
  }

  /// `CGPT → chaingpt (--map)`; a coin the file names by its id (coins' own CSV) as that id
  /// alone, `bitcoin (CoinGecko id)`, never the id upper-cased as if it were a ticker.
  static func mappingText(_ mapping: ImportTickers.Mapping) -> String {
    let id = Sanitizer.printable(mapping.id)
    guard mapping.ticker.lowercased() != mapping.id else { return "\(id) (\(mapping.reason.text))" }
    return "\(Sanitizer.printable(mapping.ticker)) → \(id) (\(mapping.reason.text))"
  }

  static func word(_ transaction: Transaction) -> String {
    transaction.isIncome ? "income" : transaction.kind.rawValue
  }

  static func list(_ counts: [(type: String, count: Int)]) -> String {
    counts.map { "\($0.type) \($0.count)" }.joined(separator: ", ")
  }

  static let sourceWords: [(ValueSource, String)] = [
    (.file, "from the file"), (.stablecoin, "at 1 USD"),
    (.yours, "from your prices"), (.coinGecko, "from CoinGecko's daily price"),
    (.coinbase, "from Coinbase's daily open"), (.binance, "from Binance's daily open via USDT"),
    (.unknown, "unknown"),
  ]

  /// The exchanges' words by `[prices] precision = "hour"`.
  static let hourlyWords: [ValueSource: String] = [
    .coinbase: "from Coinbase's hourly or daily open",
    .binance: "from Binance's hourly or daily open via USDT",
  ]

  /// The summary as lines of text.
  var text: String {
    var lines: [String] = []
    lines.append(
      "Read \(result.rowsRead) row\(result.rowsRead == 1 ? "" : "s") of \(result.format) "
        + "(\(result.version)) from \(file).")
    let total = plan.rows.count
    let counted = rowCounts
    lines.append(
      "Transactions: \(total)" + (total > 0 ? " (\(Self.list(Self.byType(counted))))" : "") + ".")
    let coins = Self.byCoin(counted)
    let names = shownNames(counted)
    if coins.count <= 12 {
      for (coin, types) in coins {
        lines.append("  \(names.symbol(of: coin)): \(Self.list(types))")
      }
    } else {
      lines.append("  in \(coins.count) coins")
    }
    if !mappings.isEmpty {
      let shown = mappings.prefix(20).map(Self.mappingText)
      lines.append(
        "Coins: " + shown.joined(separator: "; ")
          + (mappings.count > 20 ? "; and \(mappings.count - 20) more" : "") + ".")
    }
    let values = Self.sourceWords.compactMap { source, words -> String? in
      guard let count = plan.valuations[source], count > 0 else { return nil }
      if hourly, let words = Self.hourlyWords[source] { return "\(count) \(words)" }
      if source == .stablecoin {
        return "\(count) \(words) (\(plan.stablecoinsUsed.sorted().joined(separator: ", ")))"
      }
      return "\(count) \(words)"
    }
    if !values.isEmpty { lines.append("Values: " + values.joined(separator: ", ") + ".") }
    for problem in priceProblems.prefix(10) { lines.append("  \(Sentence.ended(problem))") }
    if priceProblems.count > 10 { lines.append("  and \(priceProblems.count - 10) more coins") }
    if !plan.renames.isEmpty {
      let count = plan.renames.count
      lines.append(
        "Renames: \(count) trade\(count == 1 ? "" : "s") between two tickers of one coin "
          + "(lines \(plan.renames.prefix(10).map(String.init).joined(separator: ", "))): "
          + "the coins kept their lots, nothing was sold.")
    }
    let skipped = result.skipped.count
    if skipped > 0 {
      lines.append(
        "Skipped \(skipped) row\(skipped == 1 ? "" : "s"): "
          + result.skipCounts.map { "\($0.count) \($0.reason)" }.joined(separator: "; ") + ".")
    }
    let unknown = unknownCosts
    if !unknown.isEmpty {
      lines.append("Cost unknown (\(unknown.count)):")
      for entry in unknown.prefix(10) {
        lines.append(
          "  line \(entry.line): \(entry.event) of \(DecimalInput.text(entry.amount)) "
            + "\(names.symbol(of: entry.coin)): \(why(entry))")
      }
      if unknown.count > 10 { lines.append("  and \(unknown.count - 10) more") }
    }
    for shortfall in outcome.covered.prefix(10) {
      lines.append(
        "Held before the export: \(DecimalInput.text(shortfall.amount)) "
          + "\(names.symbol(of: shortfall.coin)) "
          + "(line \(shortfall.line) takes out more than the file brought in), cost unknown.")
    }
    if outcome.covered.count > 10 {
      lines.append("  and \(outcome.covered.count - 10) more sales of coins held before it")
    }
    lines += moveLines(names: names)
    lines += balanceLines(names: names)
    lines.append(closingLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The wallets the rows went into, by name (the import's own when it has no rows): coins'
  /// own CSV and JSON name each row's.
  var wallets: [String] {
    // A wallet hashed when it changes from the row before (an export's rows share one).
    var named = Set<String>()
    var last: String?
    for index in plan.rows.indices where plan.rows[index].transaction.wallet != last {
      last = plan.rows[index].transaction.wallet
      named.insert(plan.rows[index].transaction.wallet)
    }
    return named.isEmpty ? [wallet] : named.sorted()
  }

  /// `the wallet 'kraken'`, `the wallets 'cold storage', 'kraken'` (the first six, then how
  /// many more).
  var intoWallets: String {
    let names = wallets
    guard names.count > 1 else { return "the wallet '\(names[0])'" }
    let shown = names.prefix(6).map { "'\($0)'" }.joined(separator: ", ")
    return "the wallets \(shown)" + (names.count > 6 ? " and \(names.count - 6) more" : "")
  }

  /// The summary as one JSON document.
  var json: String {
    func counts(_ list: [(type: String, count: Int)]) -> JSONValue {
      .object(list.map { JSONMember($0.type, .number(String($0.count))) })
    }
    func number(_ value: Int) -> JSONValue { .number(String(value)) }
    let counted = rowCounts
    let document = JSONValue.object(
      [
        JSONMember("file", .string(file)),
        JSONMember("format", .string(result.format)),
        JSONMember("version", .string(result.version)),
        JSONMember("wallet", .string(wallet)),
        JSONMember("wallets", .array(wallets.map(JSONValue.string))),
        JSONMember("dryRun", .bool(dryRun)),
        JSONMember("rowsRead", number(result.rowsRead)),
        JSONMember("transactions", number(plan.rows.count)),
        JSONMember("added", number(outcome.added + outcome.covered.count)),
        JSONMember("alreadyThere", number(outcome.alreadyThere)),
        JSONMember("pricedNow", number(outcome.pricedNow)),
        JSONMember("byType", counts(Self.byType(counted))),
        JSONMember(
          "byCoin", .object(Self.byCoin(counted).map { JSONMember($0.coin, counts($0.types)) })),
        JSONMember(
          "mappings",
          .array(
            mappings.map {
              .object([
                JSONMember("ticker", .string($0.ticker)), JSONMember("id", .string($0.id)),
                JSONMember("why", .string($0.reason.text)),
              ])
            })),
        JSONMember(
          "valuations",
          .object(
            ValueSource.allCases.map { JSONMember($0.rawValue, number(plan.valuations[$0] ?? 0)) })
        ),
        JSONMember("stablecoins", .array(plan.stablecoinsUsed.sorted().map(JSONValue.string))),
        JSONMember("renames", .array(plan.renames.map { number($0) })),
        JSONMember("priceProblems", .array(priceProblems.map(JSONValue.string))),
        JSONMember(
          "skipped",
          .array(
            result.skipCounts.map {
              .object([
                JSONMember("reason", .string($0.reason.description)),
                JSONMember("count", number($0.count)),
              ])
            })),
        JSONMember(
          "unknownCosts",
          .array(
            unknownCosts.map {
              .object([
                JSONMember("line", number($0.line)), JSONMember("coin", .string($0.coin)),
                JSONMember("amount", .string(DecimalInput.text($0.amount))),
                JSONMember("event", .string($0.event)),
                JSONMember("reason", .string(why($0))),
              ])
            })),
        JSONMember(
          "heldBeforeExport",
          .array(
            outcome.covered.map {
              .object([
                JSONMember("line", number($0.line)), JSONMember("coin", .string($0.coin)),
                JSONMember("amount", .string(DecimalInput.text($0.amount))),
              ])
            })),
      ] + moveMembers + balanceMembers)
    return JSONValueWriter.write(document)
  }
}
