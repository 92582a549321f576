import CoinGeckoAPI
import CoinsModel
import CoinsServices
import CoinsTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `coins watch`: the service's refresh loop fetches, the view draws what the stream
/// (or, for `--portfolio`, ``HomeModel``) delivers; signals and `q` end it with the terminal
/// restored.
struct WatchCommand: RunnableCommand, Equatable {
  let options: WatchOptions

  func run(in context: CommandContext) async -> Int32 {
    // A live view has no overall deadline: each refresh has its own.
    var context = context
    context.startedAt = nil
    var portfolio: Portfolio?
    if options.portfolio {
      var status = ExitCode.success
      let store = context.portfolioStore(file: options.file)
      portfolio = context.loadPortfolio(from: store, status: &status)
      if portfolio == nil { return status }
    }
    warnAboutShortInterval(context)
    let service = context.makeService(options: options.market)
    let view = WatchView(options: options, context: context)
    let alerts = WatchAlerts(
      context: context, currency: options.market.currency, portfolio: portfolio,
      exec: options.exec)
    let consumer = await subscribe(
      view: view, service: service, portfolio: portfolio, alerts: alerts)
    let request = MarketRequest(
      currency: options.market.currency, count: portfolio == nil ? options.count : 250,
      extraIDs: ((portfolio?.holdings.map(\.id) ?? []) + alerts.coinIDs).uniquedInOrder(),
      maxAge: options.market.maxAge, allowFallback: false)
    // The loop runs until cancelled: by SIGINT, SIGTERM, `q`, or the command's own
    // cancellation (a reader that went away).
    let loop = Task {
      try await service.runRefreshLoop(request, interval: options.interval)
    }
    let signals = SignalEvents([SIGINT, SIGTERM, SIGWINCH]) { number in
      if number == SIGWINCH {
        Task { await view.redraw(countdownOnly: true) }
      } else {
        view.restore()
        loop.cancel()
      }
    }
    view.start()
    if view.isFullScreen {
      KeyReader.start { byte in
        if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") {
          view.restore()
          loop.cancel()
        }
      }
    }
    let ticker = view.isFullScreen ? startCountdown(view) : nil
    let status: Int32
    do {
      try await withTaskCancellationHandler {
        try await loop.value
      } onCancel: {
        loop.cancel()
      }
      status = ExitCode.success
    } catch let error as CoinGeckoError {
      status = context.fail(error)
    } catch {
      status = ExitCode.success  // the loop only ever throws CoinGeckoError
    }
    view.restore()
    consumer.cancel()
    ticker?.cancel()
    await alerts.finish()
    withExtendedLifetime(signals) {}
    return status
  }

  /// Subscribes the view before the first fetch, so no snapshot is missed; each snapshot is
  /// checked against the alert rules before it is shown.
  private func subscribe(
    view: WatchView, service: CoinDataService, portfolio: Portfolio?, alerts: WatchAlerts
  ) async -> Task<Void, Never> {
    if let portfolio {
      let home = HomeModel(portfolio: portfolio)
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

  /// Redraws once a second for the countdown.
  private func startCountdown(_ view: WatchView) -> Task<Void, Never> {
    Task {
      while !Task.isCancelled {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        await view.redraw(countdownOnly: true)
      }
    }
  }

  private func warnAboutShortInterval(_ context: CommandContext) {
    let configuration = CoinGeckoConfiguration.fromEnvironment(context.environment)
    guard options.interval < WatchOptions.keylessMinimumInterval, configuration.apiKey == nil
    else { return }
    context.stderr.write(
      "Warning: CoinGecko refreshes its prices about once a minute and limits keyless use to a "
        + "few calls a minute; an interval under 30 s may be rate limited. A free Demo key "
        + "(COINGECKO_DEMO_API_KEY) raises the limit.\n")
  }
}
