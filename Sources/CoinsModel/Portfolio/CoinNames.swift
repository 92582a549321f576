/// How held coins are named to a reader: by symbol in sentences (`Holding: 25 SOL left`), by
/// symbol and name in tables (`SOL  Solana`); a coin known nowhere by its CoinGecko id, as
/// JSON and CSV always name coins.
public struct CoinNames: Sendable, Equatable {
  private var known: [String: SearchResult] = [:]

  /// Names from these coins (the first of an id wins).
  public init(_ coins: [SearchResult] = []) {
    for coin in coins where known[coin.id] == nil { known[coin.id] = coin }
  }

  /// `SOL`, else the id.
  public func symbol(of id: String) -> String {
    guard let symbol = known[id]?.symbol, !symbol.isEmpty else { return Sanitizer.printable(id) }
    return Sanitizer.printable(symbol.uppercased())
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
