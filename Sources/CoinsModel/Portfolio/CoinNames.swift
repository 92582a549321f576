/// How held coins are named to a reader, by one rule in every view and summary: a coin's
/// symbol upper-cased when it is known (`SOL`), else its CoinGecko id as it is (`chaingpt`,
/// never `CHAINGPT`); with the id beside the symbol (`ABC (abc-one)`) when two coins shown
/// together share it. Sentences name coins so (`Holding: 25 SOL left`), tables add the name
/// when known (`SOL  Solana`); JSON and CSV always name coins by id.
public struct CoinNames: Sendable, Equatable {
  private var known: [String: SearchResult] = [:]
  /// The ids whose symbol another coin shown shares (``among(_:)``).
  private var shared: Set<String> = []

  /// Names from these coins (the first of an id wins).
  public init(_ coins: [SearchResult] = []) {
    for coin in coins where known[coin.id] == nil { known[coin.id] = coin }
  }

  /// `SOL`, else the id; `ABC (abc-one)` when ``among(_:)`` found another coin shown as `ABC`.
  public func symbol(of id: String) -> String {
    Self.label(id: id, symbol: known[id]?.symbol, shared: shared.contains(id))
  }

  /// The same names for a view showing the coins `ids` (repeats allowed): a symbol two of
  /// them share is followed by each one's id.
  public func among(_ ids: some Sequence<String>) -> CoinNames {
    var names = self
    names.shared = Self.sharedSymbols(ids.map { ($0, known[$0]?.symbol) })
    return names
  }

  /// The rule itself: `SOL` for a known symbol, `SOL (solana)` when `shared`, else the id.
  public static func label(id: String, symbol: String?, shared: Bool = false) -> String {
    guard let symbol, !symbol.isEmpty else { return Sanitizer.printable(id) }
    let upper = Sanitizer.printable(symbol.uppercased())
    return shared ? "\(upper) (\(Sanitizer.printable(id)))" : upper
  }

  /// Each coin's label by ``label(id:symbol:shared:)``, among the coins given (an id may
  /// repeat: one wallet's row and another's).
  public static func labels(_ coins: [(id: String, symbol: String?)]) -> [String] {
    let shared = sharedSymbols(coins)
    return coins.map { label(id: $0.id, symbol: $0.symbol, shared: shared.contains($0.id)) }
  }

  /// The ids of `coins` whose known symbol (any case) another id among them has.
  private static func sharedSymbols(_ coins: [(id: String, symbol: String?)]) -> Set<String> {
    var ids: [String: Set<String>] = [:]
    for coin in coins {
      guard let symbol = coin.symbol?.lowercased(), !symbol.isEmpty else { continue }
      ids[symbol, default: []].insert(coin.id)
    }
    return ids.values.filter { $0.count > 1 }.reduce(into: []) { $0.formUnion($1) }
  }

  /// `Solana`, else nothing (the symbol column shows the id then).
  public func name(of id: String) -> String {
    guard let name = known[id]?.name, !name.isEmpty else { return "" }
    return Sanitizer.printable(name)
  }

  /// The facts known of `id`, if any.
  public func coin(_ id: String) -> SearchResult? { known[id] }
}

extension PortfolioError {
  /// The same error with the coin named by its symbol where `names` knows it (`Cannot take
  /// out 5 BTC`, not `5 bitcoin`).
  public func naming(_ names: CoinNames) -> PortfolioError {
    switch self {
    case .removingMoreThanHeld(let id, let held, let asked):
      .removingMoreThanHeld(id: names.symbol(of: id), held: held, asked: asked)
    case .exceedsHolding(let id, let held, let asked, let date):
      .exceedsHolding(id: names.symbol(of: id), held: held, asked: asked, date: date)
    case .exceedsWallet(let id, let wallet, let held, let asked, let date):
      .exceedsWallet(
        id: names.symbol(of: id), wallet: wallet, held: held, asked: asked, date: date)
    case .walletNotNamed(let id, let amounts):
      .walletNotNamed(id: names.symbol(of: id), amounts: amounts)
    case .undoWouldOverdraw(let transactionID, let coin, let held, let asked, let date):
      .undoWouldOverdraw(
        transactionID: transactionID, coin: names.symbol(of: coin), held: held, asked: asked,
        date: date)
    default: self
    }
  }
}
