import CoinsImport
import CoinsModel
import CoinsServices

/// Which CoinGecko coin each ticker of an export is: `--map` first, then a mapping remembered
/// from an earlier `--map`, then a coin already held under that id (coins' own CSV), then the
/// ticker resolved as `portfolio add` resolves a symbol (the top 250's best market-cap rank,
/// else `/search`), asking CoinGecko once per ticker at most.
struct ImportTickers {
  /// Why a ticker maps to its coin.
  enum Reason: Equatable {
    case mapped, remembered, held, symbol(rank: Int?), id, name
    /// coins' own CSV offline: kept as the id it names.
    case asWritten

    var text: String {
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
  struct Mapping: Equatable {
    var ticker: String
    var id: String
    var reason: Reason
  }

  /// A ticker no coin was found for, with the closest ones.
  struct Unknown {
    var ticker: String
    var line: Int
    var suggestions: [SymbolResolver.Candidate]
  }

  /// Every coin ticker of `result` (upper-cased), with the first line it is on.
  static func tickers(of result: ImportResult) -> [(ticker: String, line: Int)] {
    var seen: [String: Int] = [:]
    var order: [String] = []
    func note(_ amount: ImportedAmount, _ line: Int) {
      guard case .coin(let code) = amount.asset else { return }
      let ticker = code.uppercased()
      if seen[ticker] == nil {
        seen[ticker] = line
        order.append(ticker)
      }
    }
    for event in result.events {
      switch event.action {
      case .buy(let coin, _), .sell(let coin, _): note(coin, event.line)
      case .trade(let spent, let received):
        note(spent, event.line)
        note(received, event.line)
      case .deposit(let amount), .withdrawal(let amount), .income(let amount, _),
        .feeDisposal(let amount):
        note(amount, event.line)
      }
    }
    return order.map { ($0, seen[$0] ?? 0) }
  }

  /// The mappings of `tickers`, or the tickers no coin was found for; a CoinGecko failure
  /// (not for coins' own CSV, whose values may be ids) is thrown.
  static func resolve(
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

  /// `Error: …` lines for the tickers no coin was found for.
  static func message(_ unknown: Unknown, file: String) -> String {
    let shown = Sanitizer.printable(unknown.ticker)
    var text = "\(file) line \(unknown.line): no coin for the ticker '\(shown)'."
    if !unknown.suggestions.isEmpty {
      let list = unknown.suggestions.prefix(5).map { "\($0.symbol) (\($0.name), id \($0.id))" }
      text += " Closest: \(list.joined(separator: "; "))."
    }
    text += " Say which it is with --map \(shown)=<CoinGecko id>. Nothing was imported."
    return text
  }
}
