import CoinsModel
import CoinsPresentation
import CoinsServices
import CoinsTerminal
import Foundation
import Synchronization

/// What `coins watch` shows and how: frames in place on a terminal, plain frames or JSON lines
/// on a pipe. Holds the newest content; drawing never waits on fetching.
final class WatchView: Sendable {
  private let options: WatchOptions
  private let context: CommandContext
  private let screen: TerminalScreen?
  /// What is on screen and the prices before it, for the ▲/▼ markers.
  private struct Shown {
    var content: WatchFrame.Content?
    var previousPrices: [String: Double]?
    /// Alerts fired during the watch, newest last.
    var alerts: [FiredAlert] = []
  }
  private let shown = Mutex(Shown())

  init(options: WatchOptions, context: CommandContext) {
    self.options = options
    self.context = context
    screen =
      context.terminal.isTerminal && !options.json ? TerminalScreen(output: context.stdout) : nil
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
    let coins = options.sort.sort(snapshot.top(options.count), reverse: options.reverse)
    if options.json {
      context.stdout.write(
        MarketJSON.render(coins, of: snapshot, extra: alertsMember(alerts)) + "\n")
      return
    }
    update(.market(coins, snapshot), alerts: alerts)
    await redraw()
  }

  /// A new portfolio snapshot, and the alerts it fired.
  func show(_ snapshot: PortfolioSnapshot, alerts: [FiredAlert] = []) async {
    if options.json {
      context.stdout.write(PortfolioJSON.render(snapshot, extra: alertsMember(alerts)) + "\n")
      return
    }
    update(.portfolio(snapshot), alerts: alerts)
    await redraw()
  }

  /// `"alerts":[…]` for a JSON line, when anything fired.
  private func alertsMember(_ alerts: [FiredAlert]) -> [(String, String)] {
    alerts.isEmpty ? [] : [("alerts", AlertCheckJSON.array(alerts))]
  }

  /// Draws the newest content again (for the countdown and after a resize); on a pipe, only
  /// new content is printed, by ``show(_:)``.
  func redraw(countdownOnly: Bool = false) async {
    let now = context.timeSource.now()
    let (current, previous, alerts) = shown.withLock {
      ($0.content, $0.previousPrices, $0.alerts)
    }
    guard let current else { return }
    let nextRefresh = current.market.nextRefresh
    let style = context.style(options.market.color)
    let frame = WatchFrame(
      content: current, previousPrices: previous, style: style,
      sparkline: options.ascii ? .ascii : .blocks, alerts: alerts)
    if let screen {
      let size = TerminalScreen.size() ?? (context.terminal.width, 24)
      screen.draw(
        frame.screen(now: now, nextRefresh: nextRefresh, width: size.columns, height: size.rows))
    } else if !countdownOnly {
      context.stdout.write(
        frame.plain(now: now, width: context.terminal.width).joined(separator: "\n") + "\n\n")
    }
  }

  private func update(_ new: WatchFrame.Content, alerts: [FiredAlert]) {
    if !alerts.isEmpty, options.bell, let screen {
      screen.bell()
    }
    shown.withLock { shown in
      shown.alerts += alerts
      // Markers compare with the last different data; a stale re-publish keeps them.
      if let old = shown.content, old.market.asOf != new.market.asOf {
        shown.previousPrices = Self.prices(of: old)
      }
      shown.content = new
    }
  }

  private static func prices(of content: WatchFrame.Content) -> [String: Double] {
    switch content {
    case .market(let coins, _):
      Dictionary(coins.compactMap { coin in coin.price.map { (coin.id, $0) } }) { first, _ in first
      }
    case .portfolio(let snapshot):
      Dictionary(snapshot.rows.compactMap { row in row.price.map { (row.id, $0) } }) { a, _ in a }
    }
  }
}
