import CoinsModel

/// Measures a portfolio's returns over a range with the price chain's daily opens: the whole
/// of what is measured (the portfolio or one wallet), each wallet on its own when asked, and
/// the benchmark coin with the same dated flows.
package struct PerformanceService: Sendable {
  /// The chain every open comes from.
  package var chain: PriceChain
  /// Told as each coin's prices arrive.
  package var progress: FetchProgress?

  /// A service over `chain`.
  package init(chain: PriceChain, progress: FetchProgress? = nil) {
    self.chain = chain
    self.progress = progress
  }

  /// What a measurement found.
  package struct Result: Sendable {
    /// The figures of what was measured.
    package var performance: Performance
    /// Each wallet's own figures (`--by-wallet`), by name.
    package var wallets: [(wallet: String, performance: Performance)]
    /// The benchmark's figures; `nil` without one.
    package var benchmark: BenchmarkPerformance?
    /// The opens used: their sources and the days carried forward.
    package var opens: RangeOpens
  }

  /// The coins whose prices are unknown on some days, with each source's reason for the first
  /// such day.
  package struct Unknown: Error, Sendable {
    /// Coin, its unknown days in order, and why the first had no price.
    package var coins: [(coin: String, days: [UTCDay], reasons: [SourceReason])]
  }

  /// Measures `portfolio` for `scope` over `days` in `currency`; each coin priced as
  /// `pricedCoin` names it, `benchmark` the coin the same flows would have bought.
  package func measure(
    _ portfolio: Portfolio, scope: ReturnsScope, byWallet: Bool, days: ClosedRange<UTCDay>,
    currency: String, benchmark: PricedCoin?, pricedCoin: (String) -> PricedCoin
  ) async throws(Unknown) -> Result {
    let range = days.lowerBound.number...days.upperBound.number
    let wallets = byWallet ? portfolio.wallets : []
    var ids = Set(Performance.coinsToPrice(portfolio.holdings, scope: scope, days: range))
    for wallet in wallets {
      ids.formUnion(
        Performance.coinsToPrice(portfolio.holdings, scope: .wallet(wallet), days: range))
    }
    var coins = portfolio.holdings.map(\.id).filter(ids.contains).map(pricedCoin)
    if let benchmark, !ids.contains(benchmark.id) { coins.append(benchmark) }
    // A held coin is valued from its first transaction on; the benchmark over the whole range.
    var firstDays: [String: UTCDay] = [:]
    for holding in portfolio.holdings where ids.contains(holding.id) && holding.id != benchmark?.id
    {
      if let first = holding.transactions.map(\.day).min(), first != Int.min {
        firstDays[holding.id] = UTCDay(number: first)
      }
    }
    let opens = await RangeOpens.fetch(
      coins, in: currency, days: days, chain: chain, firstDays: firstDays, progress: progress)
    func measured(_ scope: ReturnsScope) throws(Unknown) -> Performance {
      switch Performance.measure(
        portfolio.holdings, scope: scope, days: range, currency: currency, opens: opens.opens)
      {
      case .measured(let performance): return performance
      case .unknownPrices(let missing): throw unknown(missing, opens: opens)
      }
    }
    let performance = try measured(scope)
    var byWallet: [(wallet: String, performance: Performance)] = []
    for wallet in wallets {
      let measured = try measured(.wallet(wallet))
      if !measured.coins.isEmpty { byWallet.append((wallet, measured)) }
    }
    var benchmarked: BenchmarkPerformance?
    if let benchmark {
      let benchmarkOpens = opens.opens[benchmark.id] ?? [:]
      guard let found = performance.benchmark(benchmark.id, opens: benchmarkOpens) else {
        let needed = range.lowerBound...(range.upperBound + 1)
        throw unknown([benchmark.id: needed.filter { benchmarkOpens[$0] == nil }], opens: opens)
      }
      benchmarked = found
    }
    return Result(
      performance: performance, wallets: byWallet, benchmark: benchmarked, opens: opens)
  }

  private func unknown(_ missing: [String: [Int]], opens: RangeOpens) -> Unknown {
    Unknown(
      coins: missing.sorted { $0.key < $1.key }.map { coin, days in
        let utcDays = days.map(UTCDay.init(number:))
        let reasons = utcDays.first.flatMap { opens.reasons[coin]?[$0] } ?? []
        return (coin, utcDays, reasons)
      })
  }
}
