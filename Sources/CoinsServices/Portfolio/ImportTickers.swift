import CoinsModel

/// Which CoinGecko coin each ticker of an export is: `--map` first, then a mapping remembered
/// from an earlier `--map`, then a coin already held under that id (coins' own CSV), then the
/// ticker resolved as `portfolio add` resolves a symbol (the top 250's best market-cap rank,
/// else `/search`), asking CoinGecko once per ticker at most.
package struct ImportTickers {
  /// Why a ticker maps to its coin.
  package enum Reason: Equatable, Sendable {
    /// `--map`; a remembered `--map`; a coin held under that id; a symbol (and its rank), an
    /// id or a name the market knows.
    case mapped, remembered, held, symbol(rank: Int?), id, name
    /// coins' own CSV offline: kept as the id it names.
    case asWritten

    /// How the summary says it.
    package var text: String {
      switch self {
      case .mapped: "--map"
      case .remembered: "remembered --map"
      case .held: "held"
      case .symbol(let rank?): "symbol, market-cap rank \(rank)"
      case .symbol(nil): "symbol"
      case .id: "CoinGecko id"
      case .name: "name"
      case .asWritten: "kept as written, CoinGecko out of reach"
      }
    }
  }

  /// One ticker's coin and why.
  package struct Mapping: Equatable, Sendable {
    /// The ticker, upper-cased.
    package var ticker: String
    /// The CoinGecko id.
    package var id: String
    /// Why.
    package var reason: Reason
  }

  /// A ticker no coin was found for, with the closest ones.
  package struct Unknown: Sendable {
    /// The ticker, upper-cased.
    package var ticker: String
    /// The first line it is on.
    package var line: Int
    /// The closest coins.
    package var suggestions: [SymbolResolver.Candidate]
  }

  /// The mappings of `tickers`, or the tickers no coin was found for; a CoinGecko failure
  /// (not for coins' own CSV, whose values may be ids) is thrown.
  package static func resolve(
    _ tickers: [(ticker: String, line: Int)], maps: [String: String], remembered: [String: String],
    held: Set<String>, ownCSV: Bool, lookup: CoinLookup
  ) async throws(CoinLookup.Failure) -> (mappings: [Mapping], unknown: [Unknown]) {
    var mappings: [Mapping] = []
    var unknown: [Unknown] = []
    var snapshot: MarketSnapshot??
    var offline = false
    for (ticker, line) in tickers {
      if let id = maps[ticker] {
        mappings.append(Mapping(ticker: ticker, id: id, reason: .mapped))
        continue
      }
      if let id = remembered[ticker] {
        mappings.append(Mapping(ticker: ticker, id: id, reason: .remembered))
        continue
      }
      let written = ticker.lowercased()
      if ownCSV, held.contains(written) {
        mappings.append(Mapping(ticker: ticker, id: written, reason: .held))
        continue
      }
      if snapshot == nil { snapshot = .some(try await lookup.marketSnapshot().snapshot) }
      let market = snapshot.flatMap { $0 }
      let candidates = market?.coins.map(SymbolResolver.Candidate.init) ?? []
      var found = SymbolResolver.resolve(ticker, among: candidates)
      if found == nil && !offline {
        do {
          found = try await lookup.find(ticker, isID: false, in: market).0
        } catch {
          switch error {
          case .unknown(_, let suggestions):
            unknown.append(Unknown(ticker: ticker, line: line, suggestions: suggestions))
            continue
          case .service, .refused:
            guard ownCSV else { throw error }
            offline = true
          }
        }
      }
      guard let coin = found else {
        mappings.append(Mapping(ticker: ticker, id: written, reason: .asWritten))
        continue
      }
      let reason: Reason =
        coin.symbol.lowercased() == written
        ? .symbol(rank: coin.rank) : coin.id == written ? .id : .name
      mappings.append(Mapping(ticker: ticker, id: coin.id, reason: reason))
    }
    return (mappings, unknown)
  }

  /// The one error for every ticker no coin was found for: each with its line and closest
  /// coins, then one command to copy that maps them all: `coins portfolio import` with
  /// `arguments` (the file and the options the user gave, each word shell-quoted) and a
  /// `--map` for each ticker.
  package static func message(_ unknown: [Unknown], file: String, arguments: [String]) -> String {
    let count = unknown.count
    var lines = [
      "\(file): no coin for \(count == 1 ? "the ticker" : "\(count) tickers"):"
    ]
    for entry in unknown {
      let shown = Sanitizer.printable(entry.ticker)
      var line = "  \(shown) (line \(entry.line))"
      if entry.suggestions.isEmpty {
        line += ": no coin comes close"
      } else {
        let list = entry.suggestions.prefix(5).map { "\($0.symbol) (\($0.name), id \($0.id))" }
        line += ": closest \(list.joined(separator: "; "))"
      }
      lines.append(line)
    }
    let given = arguments.map { shellWord(Sanitizer.clean($0)) }
    let maps = unknown.map { "--map \(shellWord(Sanitizer.clean($0.ticker)))=<CoinGecko id>" }
    lines.append(count == 1 ? "Say which coin it is:" : "Say which coins they are:")
    lines.append(
      "  " + (["coins", "portfolio", "import"] + given + maps).joined(separator: " "))
    lines.append("Nothing was imported.")
    return lines.joined(separator: "\n")
  }

  /// `text` as one word a shell reads back as it is (single-quoted unless plain).
  private static func shellWord(_ text: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+,:@%=")
    if !text.isEmpty, text.allSatisfy(plain.contains) { return text }
    return "'"
      + text.split(separator: "'", omittingEmptySubsequences: false).joined(
        separator: "'\\''") + "'"
  }
}
