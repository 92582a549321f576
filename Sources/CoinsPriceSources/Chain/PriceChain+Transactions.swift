import CoinsModel
import CoinsServices

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PriceChain {
  /// The price of each candidate in its currency (`coins portfolio reprice`, `income`), by
  /// transaction id: the open of its UTC day, or by `precision` `.hour` of its UTC hour
  /// (``prices(of:in:at:precision:)``); one ask of the chain per coin and currency, whatever
  /// the number of transactions; `coin` names the coin as the sources are asked about it (its
  /// ticker, the `[prices] pairs` override).
  package func prices(
    of candidates: [RepriceSelection.Candidate], coin: (String) -> PricedCoin,
    progress: FetchProgress? = nil, precision: PricePrecision = .day
  ) async -> [String: DayPricing] {
    struct Key: Hashable {
      var coin: String
      var currency: String
    }
    var instants: [Key: Set<Date>] = [:]
    var order: [Key] = []
    for candidate in candidates {
      guard let date = candidate.transaction.date else { continue }
      let key = Key(coin: candidate.coin, currency: candidate.currency.uppercased())
      if instants[key] == nil { order.append(key) }
      instants[key, default: []].insert(date)
    }
    var answers: [Key: [Date: DayPricing]] = [:]
    progress?.start(total: order.count)
    for key in order {
      answers[key] = await prices(
        of: coin(key.coin), in: key.currency, at: instants[key] ?? [], precision: precision)
      progress?.itemDone()
    }
    var byID: [String: DayPricing] = [:]
    for candidate in candidates {
      guard let date = candidate.transaction.date else { continue }
      let key = Key(coin: candidate.coin, currency: candidate.currency.uppercased())
      byID[candidate.transaction.id] = answers[key]?[date] ?? .unknown([])
    }
    return byID
  }
}
