import CoinsModel

/// Joins the user's holdings with the live market: subscribes to ``CoinDataService``'s stream
/// and publishes a ``PortfolioSnapshot`` for every market snapshot.
///
/// `coins portfolio value` takes the first snapshot; `coins watch --portfolio` takes every one.
public actor HomeModel {
  private var portfolio: Portfolio
  private let method: CostBasisMethod
  private let rates: CurrencyRates
  private var subscribers = SubscriberList<PortfolioSnapshot>()
  private var listener: Task<Void, Never>?

  /// The newest portfolio snapshot.
  public private(set) var latest: PortfolioSnapshot?

  /// A model for these holdings, costed by `method` with costs in other currencies converted
  /// at `rates` — as `coins portfolio value` costs them.
  public init(
    portfolio: Portfolio, method: CostBasisMethod = .fifo, rates: CurrencyRates = CurrencyRates()
  ) {
    self.portfolio = portfolio
    self.method = method
    self.rates = rates
  }

  /// A stream of every portfolio snapshot from now on, starting with the latest one.
  public func updates() -> AsyncStream<PortfolioSnapshot> {
    subscribers.add(initial: latest) { [weak self] id in
      Task { await self?.removeSubscriber(id) }
    }
  }

  /// Starts following `service`. The subscription is in place when this returns, so no
  /// snapshot the service publishes afterwards is missed.
  public func attach(to service: CoinDataService) async {
    listener?.cancel()
    let stream = await service.updates()
    listener = Task { [weak self] in
      for await market in stream {
        await self?.receive(market)
      }
    }
  }

  /// Stops following the service and ends every subscriber's stream (a hook for tests: a
  /// command ends by cancelling its tasks).
  package func detach() {
    listener?.cancel()
    listener = nil
    subscribers.finishAll()
  }

  /// Values the holdings against `market` and publishes the result.
  public func receive(_ market: MarketSnapshot) {
    let snapshot = PortfolioValuation.value(portfolio, in: market, method: method, rates: rates)
    latest = snapshot
    subscribers.yield(snapshot)
  }

  private func removeSubscriber(_ id: Int) {
    subscribers.remove(id)
  }
}
