import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsTerminal
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `coins watch` shows and how: frames in place on a terminal, driven by keys; plain frames
/// or JSON lines on a pipe. Holds the newest data and the keyboard's choices; drawing and keys
/// never wait on fetching.
package final class WatchView: Sendable {
  let options: WatchSettings
  let context: WatchOutput
  private let screen: TerminalScreen?
  /// The coins of a watchlist, by id (`nil`: the top `--top`).
  let watchlist: [String]?
  /// The zone the command shows times in, kept for redraws started outside its task (a
  /// resize's signal).
  let zone = DisplayZone.current

  /// The newest data, what was on screen before it, and the keyboard's choices.
  struct State {
    /// The interval's clock: refreshes are due at `clockStart + k × interval`, and a pipe gets
    /// one line (or frame) per interval on it; `R` starts it again.
    var clockStart: Date
    var market: MarketSnapshot?
    /// The holdings as ``HomeModel`` valued them against `market` (the watch values nothing
    /// itself); `nil` without holdings.
    var portfolio: PortfolioSnapshot?
    var previousPrices: [String: Double]?
    /// Alerts fired during the watch, newest last.
    var alerts: [FiredAlert] = []
    var interaction: WatchInteraction
    var favorites: [String]
    /// The last interval (counted from the clock's start) that got a line or a frame.
    var lastWindow = -1
    /// A line that arrived in an interval that already had one: the next interval's.
    var pendingLine: String?
    /// Histories fetched for the detail view, by "id range".
    var histories: [String: HistorySnapshot] = [:]
    /// The market rows of coins opened from a market-wide search (outside the market on
    /// view), or why CoinGecko gave none, by id.
    var searchedCoins: [String: SearchedCoin] = [:]
  }
  let state: Mutex<State>

  package init(
    options: WatchSettings, context: WatchOutput, favorites: [String] = [],
    watchlist: [String]? = nil, clockStart: Date? = nil
  ) {
    self.options = options
    self.context = context
    self.watchlist = watchlist
    screen =
      context.terminal.isTerminal && !options.json ? TerminalScreen(output: context.stdout) : nil
    state = Mutex(
      State(
        clockStart: clockStart ?? context.timeSource.now(),
        interaction: WatchInteraction(
          sort: options.sort, portfolioSort: options.portfolioSort, reverse: options.reverse,
          showsPortfolio: options.portfolio),
        favorites: favorites))
  }

  package var isFullScreen: Bool { screen != nil }

  /// Enters the full-screen view, when on a terminal.
  package func start() {
    screen?.enter()
  }

  /// Puts the terminal back as it was.
  package func restore() {
    screen?.restore()
  }

  /// A new market snapshot, and the alerts it fired.
  package func show(_ snapshot: MarketSnapshot, alerts: [FiredAlert] = []) async {
    receive(market: snapshot, portfolio: nil, alerts: alerts)
    if let line = line(alerts: alerts) {
      emit(line)
    } else {
      await redraw()
    }
  }

  /// A new portfolio snapshot (``HomeModel``'s, with the market it was valued in), and the
  /// alerts it fired.
  package func show(_ snapshot: PortfolioSnapshot, alerts: [FiredAlert] = []) async {
    receive(market: snapshot.market, portfolio: snapshot, alerts: alerts)
    if let line = line(alerts: alerts) {
      emit(line)
    } else {
      await redraw()
    }
  }

  /// The interval `window` (counted from the clock's start) has ended, at the moment the next
  /// refresh is due. If it got nothing — the refresh failed silently, hangs or is still
  /// retrying — the last good data is shown again, marked stale: a pipe gets its line for that
  /// interval, the screen says so. A line held back for the next interval is written now.
  package func intervalEnded(_ window: Int) async {
    let (write, stale): (String?, Bool) = state.withLock { state in
      let due = state.clockStart.addingTimeInterval(Double(window + 1) * options.interval)
      if let pending = state.pendingLine {
        state.pendingLine = nil
        state.lastWindow = window + 1
        return (pending, false)
      }
      guard state.lastWindow < window, let market = state.market else { return (nil, false) }
      state.lastWindow = window
      state.market = Self.markedStale(market, due: due)
      if let portfolio = state.portfolio {
        state.portfolio?.market = Self.markedStale(portfolio.market, due: due)
      }
      return (nil, true)
    }
    if let write {
      context.stdout.write(write)
    } else if stale {
      if let line = line(alerts: []) {
        context.stdout.write(line)
      } else {
        await redraw()
      }
    }
  }

  /// When the current interval's clock started: at the start, or at the last `R`.
  package var clockStart: Date { state.withLock { $0.clockStart } }

  /// A refresh asked for by hand at `date`: the intervals (and the countdown the next snapshot
  /// brings) count from there.
  package func restartClock(at date: Date) {
    state.withLock { state in
      state.clockStart = date
      state.lastWindow = -1
      state.pendingLine = nil
    }
  }

  /// Handles a key: updates the choices and redraws; returns what the command must do.
  package func handle(_ key: Key) async -> WatchInteraction.Effect {
    let now = context.timeSource.now()
    let pageSize = self.pageSize
    let effect = state.withLock { state in
      let ids = content(of: state)?.rowIDs ?? []
      let before = state.interaction.orderWords
      let effect = state.interaction.handle(key, rowIDs: ids, pageSize: pageSize, now: now)
      // A new order (s, S): the highlight stays on the coin it was on, not on the row number.
      if before != state.interaction.orderWords,
        ids.indices.contains(state.interaction.selected)
      {
        let chosen = ids[state.interaction.selected]
        let reordered = content(of: state)?.rowIDs ?? []
        state.interaction.follow(chosen, in: reordered, pageSize: pageSize)
      }
      return effect
    }
    await redraw()
    return effect
  }

  /// The favourites changed (after `f`).
  package func setFavorites(_ favorites: [String]) async {
    state.withLock { $0.favorites = favorites }
    await redraw()
  }

  /// A history fetched for the detail view.
  package func setHistory(_ history: HistorySnapshot, id: String, range: HistoryRange) async {
    state.withLock { $0.histories["\(id) \(range.rawValue)"] = history }
    await redraw()
  }

  /// Shows a one-line notice in the status line, until the next key.
  package func note(_ message: String) async {
    state.withLock { $0.interaction.notice = message }
    await redraw()
  }

  /// Draws the newest content again (keys, the countdown, a resize); on a pipe, only new
  /// content is printed, by ``show(_:alerts:)``.
  package func redraw(countdownOnly: Bool = false) async {
    let now = context.timeSource.now()
    if let screen {
      let size = TerminalScreen.size() ?? (context.terminal.width, 24)
      let lines = DisplayZone.$current.withValue(zone) {
        state.withLock { screenLines(of: $0, now: now, size: size) }
      }
      guard let lines else { return }
      screen.draw(lines)
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

  /// Writes a pipe's line for the current interval, or holds it for the next one when this
  /// interval already had its line.
  private func emit(_ line: String) {
    let now = context.timeSource.now()
    let write: Bool = state.withLock { state in
      let window = Int(
        (now.timeIntervalSince(state.clockStart) / options.interval + 1e-9).rounded(.down))
      guard window > state.lastWindow else {
        state.pendingLine = line
        return false
      }
      state.lastWindow = window
      state.pendingLine = nil
      return true
    }
    if write { context.stdout.write(line) }
  }

  /// The JSON line or plain frame a pipe gets for the newest data (`nil` on a terminal).
  private func line(alerts: [FiredAlert]) -> String? {
    guard screen == nil else { return nil }
    let now = context.timeSource.now()
    return DisplayZone.$current.withValue(zone) { plainLine(alerts: alerts, now: now) }
  }

  private func plainLine(alerts: [FiredAlert], now: Date) -> String? {
    state.withLock { state -> String? in
      if options.json {
        if options.portfolio, let portfolio = state.portfolio {
          return PortfolioJSON.render(ordered(portfolio, in: state), extra: alertsMember(alerts))
            + "\n"
        }
        guard let market = state.market else { return nil }
        return MarketJSON.render(
          rows(of: market, in: state), of: market, extra: alertsMember(alerts)) + "\n"
      }
      guard let frame = frame(of: state) else { return nil }
      return frame.plain(now: now, width: context.terminal.width).joined(separator: "\n") + "\n\n"
    }
  }

  /// `market` as it stands when a refresh due at `due` has brought nothing: a live answer is
  /// now the last good one; a stale one keeps its reason.
  static func markedStale(_ market: MarketSnapshot, due: Date) -> MarketSnapshot {
    var stale = market
    guard stale.source == .live else { return stale }
    stale.source = .cache
    stale.staleReason =
      "CoinGecko has not answered the refresh due at "
      + "\(SnapshotLabel.timestamp(due).dropFirst(11)); still trying"
    return stale
  }

  /// `"alerts":[…]` for a JSON line, when anything fired.
  private func alertsMember(_ alerts: [FiredAlert]) -> [(String, String)] {
    alerts.isEmpty ? [] : [("alerts", AlertCheckJSON.array(alerts))]
  }
}
