import CoinsModel
import CoinsServices
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The alert rules `coins watch` checks on every live refresh: those in the watch's currency.
/// Fired alerts are decided under the alerts file's lock (a cron `alert check` running at the
/// same time reports a crossing once), and the `--exec` hook runs without holding up the view.
final class WatchAlerts: Sendable {
  private let store: AlertStore
  private let currency: String
  private let portfolio: Portfolio?
  private let exec: String?
  private let context: CommandContext
  /// Whether the watch has any rule to check (read once, at the start).
  let isActive: Bool
  /// The coins the rules need priced: asked for with the watch's market request.
  let coinIDs: [String]
  private let hooks = Mutex<Task<Void, Never>?>(nil)

  /// The rules in `currency` from the alerts file; a file that cannot be read is reported
  /// once and the watch goes on without alerts.
  init(context: CommandContext, currency: String, portfolio: Portfolio?, exec: String?) {
    self.context = context
    self.currency = currency
    self.exec = exec
    store = AlertCommand.store(in: context)
    let rules: [AlertRule]
    do {
      rules = try store.load().rules.filter { $0.currency == currency }
    } catch {
      context.stderr.write("Warning: \(error.message) Alerts are not checked.\n")
      rules = []
    }
    isActive = !rules.isEmpty
    var ids = rules.compactMap(\.target.coinID)
    var holdings = portfolio
    if rules.contains(where: { $0.target == .portfolio }) {
      if holdings == nil { holdings = try? context.portfolioStore(file: nil).load() }
      ids += holdings?.holdings.map(\.id) ?? []
    }
    self.portfolio = holdings
    coinIDs = ids.uniquedInOrder()
  }

  /// Checks the rules against `market` when it is fresh, and returns what fired.
  func check(_ market: MarketSnapshot) -> [FiredAlert] {
    guard isActive, market.currency == currency else { return [] }
    let now = context.timeSource.now()
    guard AlertCheck.isFresh(market, now: now) else { return [] }
    let fired: [FiredAlert]
    do {
      fired = try store.check(markets: [currency: market], portfolio: portfolio, now: now).fired
    } catch {
      return []
    }
    if let exec, !fired.isEmpty {
      // Hooks run one after another, in the background: drawing never waits for them.
      hooks.withLock { previous in
        let before = previous
        previous = Task { [context] in
          await before?.value
          await AlertHookRunner(command: exec).run(for: fired, in: context)
        }
      }
    }
    return fired
  }

  /// Waits for the hooks still running (at most their timeouts).
  func finish() async {
    await hooks.withLock { $0 }?.value
  }
}
