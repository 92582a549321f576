import CoinsModel
import CoinsPresentation

extension WatchView {
  /// A coin opened from a market-wide search: its market row, or why CoinGecko gave none.
  enum SearchedCoin {
    case found(Coin)
    case failed(String)

    var coin: Coin? {
      if case .found(let coin) = self { return coin }
      return nil
    }
  }

  /// What the market-wide search for `query` came to; ignored when the view has moved on
  /// (back to the list, or another search).
  package func showSearch(_ phase: WatchSearch.Phase, for query: String) async {
    let current = state.withLock { state in
      guard state.interaction.search?.query == query else { return false }
      state.interaction.search?.phase = phase
      return true
    }
    if current { await redraw() }
  }

  /// Whether the market on view (or an earlier fetch) has the coin's row: opening it from
  /// the search then asks CoinGecko nothing.
  package func hasMarketData(for id: String) -> Bool {
    state.withLock { state in
      state.market?.coin(id: id) != nil || state.searchedCoins[id]?.coin != nil
    }
  }

  /// The market row of a coin opened from the search.
  package func showSearchedCoin(_ coin: Coin) async {
    state.withLock { $0.searchedCoins[coin.id] = .found(coin) }
    await redraw()
  }

  /// Why the market row of a coin opened from the search could not be fetched.
  package func searchedCoinFailed(_ id: String, reason: String) async {
    state.withLock { $0.searchedCoins[id] = .failed(reason) }
    await redraw()
  }

  /// `Nothing loaded matches "xyz": Enter searches all of CoinGecko.` — the offer under a
  /// filter that leaves no row.
  func searchOffer(_ state: State, _ shown: Shown) -> String? {
    guard case .list = state.interaction.screen, shown.rowIDs.isEmpty,
      let query = state.interaction.searchableFilter
    else { return nil }
    return "Nothing loaded matches \"\(Sanitizer.printable(query))\": "
      + "Enter searches all of CoinGecko."
  }

  /// The detail view's body for a coin with no market row: being fetched, or why not.
  func missingCoinLines(_ id: String, state: State) -> [String] {
    let name = Sanitizer.printable(id)
    switch state.searchedCoins[id] {
    case .failed(let reason):
      return ["No market data for \(name): \(Sentence.ended(reason))"]
    case .found, nil:
      return state.interaction.search == nil
        ? ["No market data for \(name) in this refresh."]
        : ["Fetching the market data of \(name) from CoinGecko…"]
    }
  }
}
