import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsTerminal
import Foundation
import Synchronization

/// What `coins watch` shows and how: frames in place on a terminal, driven by keys; plain frames
/// or JSON lines on a pipe. Holds the newest data and the keyboard's choices; drawing and keys
/// never wait on fetching.
final class WatchView: Sendable {
  let options: WatchOptions
  let context: CommandContext
  private let screen: TerminalScreen?
  /// The coins of a watchlist, by id (`nil`: the top `--top`).
  let watchlist: [String]?

  /// The newest data, what was on screen before it, and the keyboard's choices.
  struct State {
    var market: MarketSnapshot?
    var portfolio: PortfolioSnapshot?
    /// The holdings, to value against the market when `p` switches to them.
    var holdings: Portfolio?
    var previousPrices: [String: Double]?
    /// Alerts fired during the watch, newest last.
    var alerts: [FiredAlert] = []
    var interaction: WatchInteraction
    var favorites: [String]
  }
  let state: Mutex<State>

  init(
    options: WatchOptions, context: CommandContext, holdings: Portfolio? = nil,
    favorites: [String] = [], watchlist: [String]? = nil
  ) {
    self.options = options
    self.context = context
    self.watchlist = watchlist
    screen =
      context.terminal.isTerminal && !options.json ? TerminalScreen(output: context.stdout) : nil
    state = Mutex(
      State(
        holdings: holdings,
        interaction: WatchInteraction(
          sort: options.sort, reverse: options.reverse, showsPortfolio: options.portfolio),
        favorites: favorites))
  }

  var isFullScreen: Bool { screen != nil }

  /// Enters the full-screen view, when on a terminal.
  func start() {
    screen?.enter()
  }

  /// Puts the terminal back as it was.
  func restore() {
    screen?.restore()
  }

  /// A new market snapshot, and the alerts it fired.
  func show(_ snapshot: MarketSnapshot, alerts: [FiredAlert] = []) async {
    if options.json {
      let coins = state.withLock { rows(of: snapshot, in: $0) }
      context.stdout.write(
        MarketJSON.render(coins, of: snapshot, extra: alertsMember(alerts)) + "\n")
      return
    }
    receive(market: snapshot, portfolio: nil, alerts: alerts)
    await redraw()
  }

  /// A new portfolio snapshot, and the alerts it fired.
  func show(_ snapshot: PortfolioSnapshot, alerts: [FiredAlert] = []) async {
    if options.json {
      context.stdout.write(PortfolioJSON.render(snapshot, extra: alertsMember(alerts)) + "\n")
      return
    }
    receive(market: snapshot.market, portfolio: snapshot, alerts: alerts)
    await redraw()
  }

  /// Handles a key: updates the choices and redraws; returns what the command must do.
  func handle(_ key: Key) async -> WatchInteraction.Effect {
    let now = context.timeSource.now()
    let effect = state.withLock { state in
      let ids = content(of: state)?.rowIDs ?? []
      return state.interaction.handle(key, rowIDs: ids, pageSize: pageSize, now: now)
    }
    await redraw()
    return effect
  }

  /// The favourites changed (after `f`).
  func setFavorites(_ favorites: [String]) async {
    state.withLock { $0.favorites = favorites }
    await redraw()
  }

  /// Shows a one-line notice in the status line, until the next key.
  func note(_ message: String) async {
    state.withLock { $0.interaction.notice = message }
    await redraw()
  }

  /// Draws the newest content again (keys, the countdown, a resize); on a pipe, only new
  /// content is printed, by ``show(_:alerts:)``.
  func redraw(countdownOnly: Bool = false) async {
    let now = context.timeSource.now()
    if let screen {
      let size = TerminalScreen.size() ?? (context.terminal.width, 24)
      guard let lines = state.withLock({ screenLines(of: $0, now: now, size: size) }) else {
        return
      }
      screen.draw(lines)
    } else if !countdownOnly {
      guard let frame = state.withLock({ frame(of: $0) }) else { return }
      context.stdout.write(
        frame.plain(now: now, width: context.terminal.width).joined(separator: "\n") + "\n\n")
    }
  }

  /// How many rows a page holds on the current screen.
  private var pageSize: Int {
    let rows = TerminalScreen.size()?.rows ?? 24
    return max(1, rows - 5)
  }

  private func receive(
    market: MarketSnapshot, portfolio: PortfolioSnapshot?, alerts: [FiredAlert]
  ) {
    if !alerts.isEmpty, options.bell, let screen { screen.bell() }
    state.withLock { state in
      // Markers compare with the last different data; a stale re-publish keeps them.
      if let old = state.market, old.asOf != market.asOf, let shown = content(of: state) {
        state.previousPrices = shown.prices
      }
      state.market = market
      if let portfolio { state.portfolio = portfolio }
      state.alerts += alerts
    }
  }

  /// `"alerts":[…]` for a JSON line, when anything fired.
  private func alertsMember(_ alerts: [FiredAlert]) -> [(String, String)] {
    alerts.isEmpty ? [] : [("alerts", AlertCheckJSON.array(alerts))]
  }
}
