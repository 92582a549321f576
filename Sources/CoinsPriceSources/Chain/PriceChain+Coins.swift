extension PriceChain {
  /// The prices of several coins in `currency`, each on its own days: one coin after another
  /// (the request budget paces them), each coin done told to `progress`.
  package func prices(
    of wanted: [(coin: PricedCoin, days: Set<UTCDay>)], in currency: String,
    progress: FetchProgress? = nil
  ) async -> [PricedCoin: [UTCDay: DayPricing]] {
    var answers: [PricedCoin: [UTCDay: DayPricing]] = [:]
    progress?.start(total: wanted.count)
    for (coin, days) in wanted {
      answers[coin, default: [:]].merge(await prices(of: coin, in: currency, on: days)) { $1 }
      progress?.itemDone()
    }
    return answers
  }
}
