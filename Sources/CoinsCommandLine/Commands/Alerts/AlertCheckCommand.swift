import CoinsModel
import CoinsPresentation
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs `coins alert check`: one market request per currency the rules use (the top 250 plus
/// one `ids` request for coins outside it), the rules checked under the file's lock, one line
/// per fired alert, and the `--exec` hook for each.
package struct AlertCheckCommand: RunnableCommand, Equatable {
  var json = false
  package var exec: String?
  var market = MarketOptions()

  static let spec = CommandSpec(
    path: ["alert", "check"],
    abstract: "Check every alert once against live prices (for cron or a systemd timer).",
    discussion: """
      Prints one line per alert that fired. Cached or sample data (CoinGecko out of reach,
      rate-limited) fires nothing, and says so on stderr. Exits 0 when every rule was checked
      on live data, fired or not (and when there are no rules); 75 (EX_TEMPFAIL) when some
      rule could not be checked, after checking and firing what it could.

      Examples:
        coins alert check
        coins alert check --exec 'notify-send "$COINS_ALERT_MESSAGE"'
      """,
    options: [
      AlertCommand.jsonOption, AlertCommand.execOption, MarketOptions.maxAgeOption,
      MarketOptions.timeoutOption, MarketOptions.utcOption,
    ],
    parse: { parsed throws(UsageError) in
      let path = ["alert", "check"]
      try ParsedArguments.noExtra(parsed.positionals[...], path: path)
      return AlertCheckCommand(
        json: parsed.flag(AlertCommand.jsonOption), exec: parsed.value(AlertCommand.execOption),
        market: try MarketOptions(parsed, path: path))
    })

  /// `--utc`.
  package var displaysUTC: Bool { market.utc }
  package func run(in context: CommandContext) async throws(CommandFailure) {
    let store = AlertCommand.store(in: context)
    let book = try AlertCommand.loadBook(from: store)
    var portfolio: Portfolio?
    if book.rules.contains(where: { $0.target == .portfolio }) {
      portfolio = try context.loadPortfolio(from: context.portfolioStore(file: nil))
    }
    let service = context.makeService(options: market)
    var markets: [String: MarketSnapshot] = [:]
    var firstMarket: MarketSnapshot?
    for currency in book.rules.map(\.currency).uniquedInOrder() {
      let rules = book.rules.filter { $0.currency == currency }
      var ids = rules.compactMap(\.target.coinID)
      if rules.contains(where: { $0.target == .portfolio }) {
        ids += portfolio?.holdings.map(\.id) ?? []
      }
      let request = MarketRequest(
        currency: currency, count: 250, extraIDs: ids.uniquedInOrder(),
        maxAge: min(market.maxAge, AlertCheck.freshness), allowFallback: true)
      do {
        let snapshot = try await service.snapshot(for: request)
        markets[currency] = snapshot
        if firstMarket == nil { firstMarket = snapshot }
      } catch {
        throw CommandFailure(error)
      }
    }
    let now = context.timeSource.now()
    let outcome: AlertCheck.Outcome
    do {
      outcome = try store.check(markets: markets, portfolio: portfolio, now: now)
    } catch let error as AlertError {
      throw CommandFailure(error)
    } catch {
      throw CommandFailure("\(error)")
    }
    warnAboutUnchecked(outcome, book: book, markets: markets, now: now, context: context)
    if json {
      context.stdout.write(
        AlertCheckJSON.render(
          source: firstMarket?.source ?? .live, asOf: firstMarket?.asOf, fired: outcome.fired,
          checked: outcome.checked) + "\n")
    } else {
      for alert in outcome.fired { context.stdout.write(AlertText.fired(alert) + "\n") }
    }
    if let exec {
      await AlertHookRunner(command: exec).run(for: outcome.fired, in: context)
    }
    // Some rule could not be checked: the warnings above said which and why.
    if !outcome.unchecked.isEmpty { throw CommandFailure(messages: [], kind: .temporary) }
  }

  private func warnAboutUnchecked(
    _ outcome: AlertCheck.Outcome, book: AlertBook, markets: [String: MarketSnapshot], now: Date,
    context: CommandContext
  ) {
    for (currency, snapshot) in markets.sorted(by: { $0.key < $1.key })
    where !AlertCheck.isFresh(snapshot, now: now) {
      let reason = snapshot.staleReason.map { Sentence.ended($0) + " " } ?? ""
      context.stderr.write(
        "Warning: no \(currency.uppercased()) alert was checked: \(reason)Alerts fire only on "
          + "live data less than 2 minutes old, never on cached or sample data.\n")
    }
    for rule in outcome.unchecked {
      guard let snapshot = markets[rule.currency], AlertCheck.isFresh(snapshot, now: now) else {
        continue
      }
      context.stderr.write(
        "Warning: alert \(rule.id) (\(rule.target.label)) was not checked: CoinGecko's answer "
          + "has no price for it.\n")
    }
    for rule in book.rules {
      guard let coins = outcome.leftOut[rule.id] else { continue }
      let them = coins.count == 1 ? "it" : "them"
      context.stderr.write(
        "Warning: alert \(rule.id) (\(rule.target.label)) was checked without "
          + "\(coins.joined(separator: ", ")): CoinGecko's answer has no price for \(them), so "
          + "\(coins.count == 1 ? "it is" : "they are") left out of the total, as portfolio value "
          + "leaves \(them) out.\n")
    }
  }
}

extension Array where Element: Hashable {
  /// Each element once, first occurrence kept.
  func uniquedInOrder() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
