import CoinsModel
import CoinsServices

extension PriceChain {
  /// The open of each candidate's UTC day in its currency (`coins portfolio reprice`), by
  /// transaction id: one ask of the chain per coin and currency, whatever the number of
  /// transactions; `coin` names the coin as the sources are asked about it (its ticker, the
  /// `[prices] pairs` override).
  package func prices(
    of candidates: [RepriceSelection.Candidate], coin: (String) -> PricedCoin,
    progress: FetchProgress? = nil
  ) async -> [String: DayPricing] {
    struct Key: Hashable {
      var coin: String
      var currency: String
    }
    var days: [Key: Set<UTCDay>] = [:]
    var order: [Key] = []
    for candidate in candidates {
      guard let date = candidate.transaction.date else { continue }
      let key = Key(coin: candidate.coin, currency: candidate.currency.uppercased())
      if days[key] == nil { order.append(key) }
      days[key, default: []].insert(UTCDay(date))
    }
    var answers: [Key: [UTCDay: DayPricing]] = [:]
    for key in order {
      answers[key] = await prices(of: coin(key.coin), in: key.currency, on: days[key] ?? [])
      progress?.itemDone()
    }
    var byID: [String: DayPricing] = [:]
    for candidate in candidates {
      guard let date = candidate.transaction.date else { continue }
      let key = Key(coin: candidate.coin, currency: candidate.currency.uppercased())
      byID[candidate.transaction.id] = answers[key]?[UTCDay(date)] ?? .unknown([])
    }
    return byID
  }
}
