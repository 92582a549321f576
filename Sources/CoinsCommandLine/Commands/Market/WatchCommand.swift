import CoinGeckoAPI
import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsSupport
import CoinsTerminal
import CoinsWatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `coins watch`: the service's refresh loop fetches, the view draws what the stream
/// (or, for `--portfolio`, ``HomeModel``) delivers and what the keys ask for; `q`, signals and
/// a closed pipe end it with the terminal restored.
package struct WatchCommand: RunnableCommand, Equatable {
  package let options: WatchOptions

  /// A live view asks CoinGecko at once, whatever is cached.
  package var marketMaxAge: Double? { 0 }
  /// `--utc`.
  package var displaysUTC: Bool { options.market.utc }

  package func run(in context: CommandContext) async throws(CommandFailure) {
    // A live view has no overall deadline: each refresh has its own.
    var context = context
    context.startedAt = nil
    let setup = try await WatchSetup.prepare(options, context: context)
    let warning = shortIntervalWarning(context)
    if let warning { context.stderr.write("Warning: \(warning)\n") }
    let service = context.makeService(options: options.market)
    let clockStart = context.timeSource.now()
    // Costs in other currencies convert at their day's rate, as in `portfolio value` (one
    // daily series per currency, cached: no request when none is foreign).
    let rates = await context.exchangeRates(
      for: setup.holdings ?? Portfolio(), in: options.market.currency, options: options.market)
    let view = WatchView(
      options: options, context: context, favorites: setup.favorites,
      watchlist: setup.watchlist, clockStart: clockStart)
    let alerts = WatchAlerts(
      context: context, currency: options.market.currency,
      portfolio: options.portfolio ? setup.holdings : nil, exec: options.exec)
    let consumer = await subscribe(
      view: view, service: service, holdings: setup.holdings, rates: rates, alerts: alerts)
    let request = setup.request(alerts: alerts)
    // SIGINT, SIGTERM, SIGHUP and `q` ask to stop through a stream, which keeps a request made
    // before the loop below exists; the handlers are in place before the loop starts.
    let (stopRequests, stop) = AsyncStream.makeStream(of: Void.self)
    let signals = SignalEvents([SIGINT, SIGTERM, SIGHUP, SIGWINCH]) { number in
      if number == SIGWINCH {
        Task { await view.redraw(countdownOnly: true) }
      } else {
        view.restore()
        stop.yield()
      }
    }
    // The loop runs until cancelled: by the first stop request, or the command's own
    // cancellation (a reader that went away).
    let loop = Task {
      try await service.runRefreshLoop(
        request, interval: options.interval, clockStart: clockStart)
    }
    let stopper = Task {
      for await _ in stopRequests {
        loop.cancel()
        return
      }
    }
    let pacer = startPacer(view, service: service, timeSource: context.timeSource)
    view.start()
    // Never a blank screen while the first refresh is under way: the cache, labelled, at once.
    if view.isFullScreen { _ = await publishStandIn(service, sampleToo: false) }
    let keys =
      view.isFullScreen
      ? startKeys(view, service: service, context: context) {
        view.restore()
        stop.yield()
      } : nil
    let ticker = view.isFullScreen ? startCountdown(view) : nil
    // The full screen covers what stderr said: the warning is on it too, until the first key.
    // A watchlist starts with the coins found and names the others, on stderr and on screen.
    var notices = warning.map { ["Warning: \($0)"] } ?? []
    if !setup.unknownCoins.isEmpty {
      let named = "Not watched: " + setup.unknownCoins.joined(separator: " ")
      context.stderr.write("Warning: \(named)\n")
      notices.insert(named, at: 0)
    }
    if view.isFullScreen, !notices.isEmpty { await view.note(notices.joined(separator: " ")) }
    var failure: CommandFailure?
    do {
      try await withTaskCancellationHandler {
        try await loop.value
      } onCancel: {
        loop.cancel()
      }
    } catch let error as CoinGeckoError {
      failure = CommandFailure(error)
    } catch {
      // The loop only ever throws CoinGeckoError.
    }
    view.restore()
    stop.finish()
    stopper.cancel()
    consumer.cancel()
    pacer.cancel()
    ticker?.cancel()
    keys?.task.cancel()
    keys?.stream.finish()
    await alerts.finish()
    withExtendedLifetime(signals) {}
    if let failure { throw failure }
  }

  /// Subscribes the view before the first fetch, so no snapshot is missed; each snapshot is
  /// checked against the alert rules before it is shown. With holdings, the view gets
  /// ``HomeModel``'s snapshots (the market with the holdings valued in it), for `--portfolio`
  /// and for `p`.
  private func subscribe(
    view: WatchView, service: CoinDataService, holdings: Portfolio?, rates: CurrencyRates,
    alerts: WatchAlerts
  ) async -> Task<Void, Never> {
    if let holdings {
      let home = HomeModel(portfolio: holdings, rates: rates)
      let stream = await home.updates()
      await home.attach(to: service)
      return Task {
        for await snapshot in stream {
          await view.show(snapshot, alerts: alerts.check(snapshot.market))
        }
        _ = home
      }
    }
    let stream = await service.updates()
    return Task {
      for await snapshot in stream { await view.show(snapshot, alerts: alerts.check(snapshot)) }
    }
  }

  /// Reads keys on their own thread and handles them in order on a task of their own, so a
  /// fetch in flight never holds one up.
  private func startKeys(
    _ view: WatchView, service: CoinDataService, context: CommandContext,
    quit: @escaping @Sendable () -> Void
  ) -> (task: Task<Void, Never>, stream: AsyncStream<Key>.Continuation) {
    let (keys, input) = AsyncStream.makeStream(of: Key.self)
    KeyReader.start(startThread: { DetachedThread.start(named: "coins-keys", $0) }) { key in
      input.yield(key)
    }
    let favorites = context.favoritesStore()
    let task = Task {
      for await key in keys {
        switch await view.handle(key) {
        case .redraw: break
        case .quit:
          quit()
        case .refreshNow:
          // The refresh loop refreshes now and counts its interval (and the countdown) from here.
          let now = context.timeSource.now()
          if await service.refreshNow(at: now) {
            view.restartClock(at: now)
          } else {
            await view.note("A refresh is under way.")
          }
        case .loadHistory(let id, let range):
          let currency = options.market.currency
          Task {
            do {
              let history = try await service.history(
                HistoryRequest(id: id, currency: currency, window: .range(range)))
              await view.setHistory(history, id: id, range: range)
            } catch let error as CoinGeckoError {
              await view.note("No \(range.rawValue) history: \(error.message)")
            } catch {
              await view.note("No \(range.rawValue) history.")
            }
          }
        case .search(let query):
          startSearch(query, view: view, service: service)
        case .loadCoin(let id):
          startLoadingCoin(id, view: view, service: service)
        case .toggleFavorite(let id):
          do {
            try favorites.toggle(id)
            await view.setFavorites(try favorites.load())
          } catch let error as FavoritesStore.Failure {
            await view.note(error.message)
          } catch {
            await view.note("\(error)")
          }
        }
      }
    }
    return (task, input)
  }

  /// At the end of every interval on the refresh clock, tells the view, which shows the last
  /// good data marked stale when the interval brought nothing. The clock is the view's: after
  /// `R` the intervals count from the refresh made by hand.
  private func startPacer(
    _ view: WatchView, service: CoinDataService, timeSource: any TimeSource
  ) -> Task<Void, Never> {
    let interval = options.interval
    return Task {
      while !Task.isCancelled {
        let start = view.clockStart
        let now = timeSource.now()
        let window = Int((now.timeIntervalSince(start) / interval + 1e-9).rounded(.down))
        let end = start.addingTimeInterval(Double(window + 1) * interval)
        do {
          try await timeSource.sleep(seconds: max(0, end.timeIntervalSince(now)))
        } catch {
          return
        }
        // A first interval without an answer still gets its line: the cache (or the sample).
        if window == 0 { _ = await publishStandIn(service, sampleToo: true) }
        if view.clockStart == start { await view.intervalEnded(window) }
      }
    }
  }

  /// Shows the cached market (or, with `sampleToo`, the sample), labelled, when CoinGecko has
  /// not answered the first refresh yet.
  private func publishStandIn(_ service: CoinDataService, sampleToo: Bool) async -> Bool {
    await service.publishStandIn(currency: options.market.currency, sampleToo: sampleToo) {
      standIn in
      "CoinGecko has not answered yet; showing "
        + (standIn.source == .sample
          ? "the sample data bundled with coins"
          : "the cached answer of \(SnapshotLabel.timestamp(standIn.asOf))")
    }
  }

  /// Redraws once a second for the countdown.
  private func startCountdown(_ view: WatchView) -> Task<Void, Never> {
    Task {
      while !Task.isCancelled {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        await view.redraw(countdownOnly: true)
      }
    }
  }

  /// The warning an interval under 30 s without an API key deserves, if it does.
  private func shortIntervalWarning(_ context: CommandContext) -> String? {
    let configuration = CoinGeckoConfiguration.fromEnvironment(context.environment)
    guard options.interval < WatchOptions.keylessMinimumInterval, configuration.apiKey == nil
    else { return nil }
    return "CoinGecko refreshes its prices about once a minute and limits keyless use to a "
      + "few calls a minute; an interval under 30 s may be rate limited. A free Demo key "
      + "(COINGECKO_DEMO_API_KEY) raises the limit."
  }

  /// Each member as given.
  package init(options: WatchOptions) {
    self.options = options
  }
}
