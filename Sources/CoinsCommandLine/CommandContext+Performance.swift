import CoinsModel
import CoinsPriceSources
import CoinsServices

/// What ``CommandContext/measurePerformance(_:scope:byWallet:days:market:benchmark:)`` found:
/// the figures, the benchmark coin (when one was asked for) and the coins' names.
struct MeasuredPerformance: Sendable {
  /// The figures, the benchmark's and the opens used.
  var result: PerformanceService.Result
  /// The benchmark coin as found by what was typed.
  var benchmark: SearchResult?
  /// The symbols of the held coins.
  var names: CoinNames
}

extension CommandContext {
  /// Measures `portfolio` over `days` with the price chain's daily opens, against the coin
  /// `benchmark` names (`nil`: none), as `portfolio performance` and a daily `portfolio chart`
  /// do: waits for rate limits and carried-forward opens said on stderr, an unknown price a
  /// failure naming the coin, the days and each source's reason.
  func measurePerformance(
    _ portfolio: Portfolio, scope: ReturnsScope, byWallet: Bool, days: ClosedRange<UTCDay>,
    market: MarketOptions, benchmark: String?
  ) async throws(CommandFailure) -> MeasuredPerformance {
    let settings = try PriceChainSetup.settings(environment: environment)
    let own = try PricesCommand.load(from: PricesCommand.store(in: self))
    let names = await heldCoins(market).names(covering: portfolio.holdings.map(\.id))
    let benchmarkCoin = try await benchmarkCoin(benchmark, market: market)
    let stderr = self.stderr
    let line = fetchProgressLine()
    let assembly = PriceChainSetup.assembly(
      in: self, settings: settings, ownSeries: own, onWait: line.progress.waiting)
    let service = PerformanceService(chain: assembly.chain, progress: line.progress)
    let currency = market.currency.uppercased()
    let result: PerformanceService.Result
    do {
      result = try await service.measure(
        portfolio, scope: scope, byWallet: byWallet, days: days, currency: currency,
        benchmark: benchmarkCoin.map { settings.coin(id: $0.id, symbol: $0.symbol) },
        pricedCoin: { id in settings.coin(id: id, named: names) })
      line.end()
    } catch {
      line.end()
      throw CommandFailure(
        messages: error.coins.flatMap { coin, missing, reasons in
          [
            "No price of \(names.symbol(of: coin)) in \(currency) on \(Self.days(missing)), nor in the "
              + "\(CarriedOpens.limit) days before: the range's values are unknown."
          ]
            + reasons.map(\.line)
        }, kind: .unavailable)
    }
    for coin in Set(result.opens.carried.map(\.coin)).sorted() {
      let days = result.opens.carried.filter { $0.coin == coin }
      guard let first = days.first, let last = days.last else { continue }
      stderr.write(
        days.count == 1
          ? "Note: \(names.symbol(of: coin))'s price on \(first.day) is carried forward from "
            + "\(first.day.adding(days: -first.daysBack)).\n"
          : "Note: \(names.symbol(of: coin))'s price is carried forward from an earlier day on "
            + "\(days.count) days, \(first.day) to \(last.day).\n")
    }
    return MeasuredPerformance(result: result, benchmark: benchmarkCoin, names: names)
  }

  /// `2026-03-01` or `9 days from 2026-03-01 to 2026-03-09`.
  private static func days(_ days: [UTCDay]) -> String {
    guard let first = days.first, let last = days.last, first != last else {
      return days.first.map(\.description) ?? ""
    }
    return "\(days.count) days from \(first) to \(last)"
  }

  /// The benchmark coin, found by what was typed (`nil` for none).
  private func benchmarkCoin(_ typed: String?, market: MarketOptions)
    async throws(CommandFailure) -> SearchResult?
  {
    guard let typed else { return nil }
    let lookup = CoinLookup(
      service: makeService(options: market), currency: market.currency, maxAge: market.maxAge)
    do throws(CoinLookup.Failure) {
      guard let found = try await lookup.findAll([typed]).first else {
        throw CoinLookup.Failure.unknown(query: typed, suggestions: [])
      }
      return found
    } catch {
      throw CommandFailure(error)
    }
  }
}
