import CoinsModel
import CoinsPriceSources
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandContext {
  /// The open of `day` for the coin `id` (ticker `symbol`) in `currency` from the price chain
  /// as the config file sets it up, your imported prices first; each wait for a rate limit is
  /// said on stderr.
  func pastPrice(of id: String, symbol: String, on day: UTCDay, in currency: String)
    async throws(CommandFailure) -> DayPricing
  {
    let chain = try priceChain(saying: "Fetching the price")
    return await chain.chain.price(
      of: chain.settings.coin(id: id, symbol: symbol), in: currency.uppercased(), on: day)
  }

  /// The price of the coin `id` (ticker `symbol`) in `currency` at `date` by `[prices]
  /// precision`: its UTC day's open, or its UTC hour's where a source has hourly candles (the
  /// day's open, labelled, the fallback); each wait for a rate limit is said on stderr.
  func pastPrice(of id: String, symbol: String, at date: Date, in currency: String)
    async throws(CommandFailure) -> DayPricing
  {
    let chain = try priceChain(saying: "Fetching the price")
    let answers = await chain.chain.prices(
      of: chain.settings.coin(id: id, symbol: symbol), in: currency.uppercased(), at: [date],
      precision: chain.settings.precision)
    return answers[date] ?? .unknown([])
  }

  /// The price chain of the config file and environment with your imported prices, its
  /// settings beside it; waits are told to `progress` when given (``FetchProgressLine``), else
  /// said on stderr after `doing` (`Fetching the price: …`).
  func priceChain(saying doing: String, progress: FetchProgress? = nil) throws(CommandFailure)
    -> (chain: PriceChain, settings: PriceSettings)
  {
    let settings = try PriceChainSetup.settings(environment: environment)
    let own = try PricesCommand.load(from: PricesCommand.store(in: self))
    let stderr = self.stderr
    let assembly = PriceChainSetup.assembly(
      in: self, settings: settings, ownSeries: own,
      onWait: { wait in
        if let progress {
          progress.waiting(wait)
        } else {
          stderr.write("\(doing): \(wait.phrase)\n")
        }
      })
    return (assembly.chain, settings)
  }

  /// The price of each of `candidates` (by transaction id) from the price chain, as `portfolio
  /// reprice` and `income` value them: by `[prices] precision`, one ask of the chain per coin
  /// and currency, waits said as a progress line after `Fetching daily prices`. The coins are
  /// named as `performance` names them (``HeldCoinResolver/names(covering:)``): a coin not
  /// named on disk by one `ids` request, remembered, so its exchange pairs and your prices are
  /// found by its ticker. The names come back for the report.
  func pastPrices(of candidates: [RepriceSelection.Candidate]) async throws(CommandFailure)
    -> (pricings: [String: DayPricing], names: CoinNames)
  {
    let names = await heldCoins().names(covering: candidates.map(\.coin))
    guard !candidates.isEmpty else { return ([:], names) }
    let line = fetchProgressLine()
    let (chain, settings) = try priceChain(
      saying: "Fetching daily prices", progress: line.progress)
    let pricings = await chain.prices(
      of: candidates, coin: { id in settings.coin(id: id, named: names) },
      progress: line.progress, precision: settings.precision)
    line.end()
    return (pricings, names)
  }
}
