import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns an export's events into coins' transactions, pure: the tickers' CoinGecko ids and the
/// daily prices are handed in (the command finds them, a few requests per coin, never per row).
///
/// - A buy or sale against money keeps its price and fee in that money.
/// - A crypto↔crypto trade is a sale of the coin spent and a buy of the coin received at one
///   fair value: the row's own money value, else a USD stablecoin leg at 1 USD, else CoinGecko's
///   price that day of the coin spent (else of the coin received); a fee in money is part of
///   what the coins received cost. Without any of those both sides are of unknown value.
/// - A fee in a third coin is a sale of that coin at its fair value (a disposal: its gain or
///   loss is realized; the fee is not also added to the trade's cost).
/// - A deposit is a transfer in of unknown cost unless its row gives a value; income is a
///   transfer in marked income at its fair value; a withdrawal is a transfer out.
public enum ImportPlanner {
  /// The id of coins' own CSV format.
  public static let ownFormat = "coins"

  /// The transactions of `result`.
  ///
  /// - Parameters:
  ///   - coins: the CoinGecko id of every coin ticker the events name, by upper-cased ticker.
  ///   - prices: the daily USD prices found.
  ///   - wallet: the wallet every transaction is recorded in.
  ///   - ownCSV: coins' own CSV: its `id` is the transaction's id (not an exchange's), and a
  ///     transfer in without a price costs 0, as `portfolio transfer in` records one.
  ///   - spread: the cores the events are planned on, in parts (each event is planned alone),
  ///     the parts' plans joined in order.
  public static func plan(
    _ result: ImportResult, coins: [String: String], prices: DailyPrices, wallet: String,
    ownCSV: Bool, spread: any WorkSpread = OneCore()
  ) -> ImportPlan {
    // coins' own export lists its transactions in the order they count: kept so.
    let exported = result.events.first?.recorded != nil
    let events = exported ? result.events : inDateOrder(result.events)
    var parts = spread.runs(of: events.count, threshold: partEvents) { run in
      var builder = PlanBuilder(coins: coins, prices: prices, wallet: wallet, ownCSV: ownCSV)
      // Room for two transactions an event (a trade's sale and buy), the first part's for
      // every part's, so that the parts join without moving it (room never written to is
      // never given memory): KuCoin's 200,000 rows outgrew 1.5 an event, moved and grown.
      builder.plan.rows.reserveCapacity(2 * (run.lowerBound == 0 ? events.count : run.count))
      for event in events[run] { builder.add(event) }
      return builder.plan
    }
    guard !parts.isEmpty else { return ImportPlan() }
    // The first part taken out of the list, not copied from it: its rows move into the room
    // made for all (copied, each transaction's strings were retained, then let go with the
    // list: 200,000 rows' worth, one core, for KuCoin).
    var plan = ImportPlan()
    swap(&plan, &parts[0])
    plan.rows.reserveCapacity(parts.reduce(plan.rows.count) { $0 + $1.rows.count })
    for place in parts.indices.dropFirst() {
      plan.append(parts[place])
      parts[place] = ImportPlan()
    }
    return plan
  }

  /// Below this many events, one part: no thread is worth its start.
  private static let partEvents = 4_000

  /// The CoinGecko id of every coin coins' own export names (`coinId`, taken as written), by
  /// upper-cased ticker as ``plan(_:coins:prices:wallet:ownCSV:)`` takes them; `nil` for any
  /// other file, whose tickers are looked up.
  public static func exportedCoins(_ result: ImportResult) -> [String: String]? {
    guard result.format == ownFormat, result.version == CoinsCSVFormat.exportVersion else {
      return nil
    }
    var coins: [String: String] = [:]
    for event in result.events where event.recorded != nil {
      switch event.action {
      case .buy(let coin, _), .sell(let coin, _), .deposit(let coin), .withdrawal(let coin):
        coins[coin.asset.code.uppercased()] = coin.asset.code
      case .trade, .income, .feeDisposal: continue
      }
    }
    return coins
  }

  /// The CoinGecko ids whose daily prices the plan may need, with the days: the coins of
  /// events that the file and the stablecoins cannot value. Asked in two rounds: without
  /// `known`, the coin a trade spent (and the coin of income or a fee); with the prices the
  /// first round found, the coin a trade received where the coin spent had no price that day.
  public static func pricesWanted(
    _ result: ImportResult, coins: [String: String], known: DailyPrices? = nil
  ) -> [String: Set<Int>] {
    wanted(result, coins: coins, known: known) {
      Int(($0.timeIntervalSince1970 / 86_400).rounded(.down))
    }
  }

  /// The instants (the rows' own times) at which ``pricesWanted(_:coins:known:)`` wants each
  /// coin's price, for `[prices] precision = "hour"`.
  public static func instantsWanted(
    _ result: ImportResult, coins: [String: String], known: DailyPrices? = nil
  ) -> [String: Set<Date>] {
    wanted(result, coins: coins, known: known) { $0 }
  }

  /// The coins wanted, each at the `key`s of the dates of its events.
  private static func wanted<Key: Hashable>(
    _ result: ImportResult, coins: [String: String], known: DailyPrices?,
    key: (Date) -> Key
  ) -> [String: Set<Key>] {
    var wanted: [String: Set<Key>] = [:]
    guard result.format != ownFormat else { return wanted }
    func id(_ amount: ImportedAmount) -> String? {
      guard case .coin(let ticker) = amount.asset else { return nil }
      return coins[ticker.upperCasedTicker]
    }
    func want(_ amount: ImportedAmount, _ date: Date?) {
      guard let id = id(amount), let date else { return }
      if let known, known.usdByCoin[id] != nil { return }
      wanted[id, default: []].insert(key(date))
    }
    // Each event's members read where it is, not the event copied (its fees, notes and ids
    // retained and let go of, twice an import).
    let events = result.events
    for index in events.indices where events[index].value?.asset.isMoney != true {
      let date = events[index].date
      switch events[index].action {
      case .buy(let coin, let money), .sell(let coin, let money):
        if known == nil, money?.asset.isMoney != true { want(coin, date) }
      case .trade(let spent, let received):
        guard !USDStablecoin.contains(spent.asset), !USDStablecoin.contains(received.asset)
        else { continue }
        if let known {
          if let spentID = id(spent), known.price(of: spentID, on: date) == nil {
            want(received, date)
          }
        } else {
          want(spent, date)
        }
      case .income(let amount, _), .feeDisposal(let amount):
        if known == nil, !USDStablecoin.contains(amount.asset) { want(amount, date) }
      case .deposit, .withdrawal:
        continue
      }
    }
    return wanted
  }

  /// `events` by date (undated first), those of one moment in file order; no sort when they are
  /// in order already.
  static func inDateOrder(_ events: [ImportedEvent]) -> [ImportedEvent] {
    let times = events.map { $0.date?.timeIntervalSince1970 ?? -.infinity }
    if zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) { return events }
    return times.indices.sorted { times[$0] == times[$1] ? $0 < $1 : times[$0] < times[$1] }
      .map { events[$0] }
  }
}
