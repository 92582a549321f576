import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsWatch

extension WatchCommand {
  /// Searches all of CoinGecko for `query` as `coins search` does (`/search`, live only: the
  /// cached market is what the filter already searched), on a task of its own so keys and
  /// redraws never wait for it; the view lists what it found, or shows why it failed.
  func startSearch(_ query: String, view: WatchView, service: CoinDataService) {
    Task {
      do {
        let answer = try await service.search(query, allowFallback: false)
        let results = answer.results.sorted(by: SymbolResolver.Candidate.rankOrder)
        await view.showSearch(.found(results), for: query)
      } catch let error as CoinGeckoError {
        await view.showSearch(.failed(error.message), for: query)
      } catch {
        await view.showSearch(.failed("\(error)"), for: query)
      }
    }
  }

  /// Fetches the market row of a coin opened from the search when the view has none (one
  /// `ids` request, in the watch's currency), in the background.
  func startLoadingCoin(_ id: String, view: WatchView, service: CoinDataService) {
    guard !view.hasMarketData(for: id) else { return }
    let currency = options.market.currency
    Task {
      do {
        let rows = try await service.coins(ids: [id], currency: currency)
        if let coin = rows.first(where: { $0.id == id }) {
          await view.showSearchedCoin(coin)
        } else {
          await view.searchedCoinFailed(id, reason: "CoinGecko has no market data for it")
        }
      } catch let error as CoinGeckoError {
        await view.searchedCoinFailed(id, reason: error.message)
      } catch {
        await view.searchedCoinFailed(id, reason: "\(error)")
      }
    }
  }
}
