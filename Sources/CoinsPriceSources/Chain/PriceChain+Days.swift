import CoinsModel

extension PriceChain {
  /// What the chain found for coins wanted on days numbered since 1970-01-01 (an import's
  /// valuation): each price with its source, and a line per coin for the days no source priced,
  /// with each source's reason.
  package struct DayNumberPrices: Sendable {
    /// The price and its provenance by CoinGecko id and day number.
    package var prices: [String: [Int: DailyPrice]] = [:]
    /// `bitcoin on 2 days (2016-03-01, 2016-03-02): CoinGecko: …; Coinbase: …`.
    package var problems: [String] = []
  }

  /// The prices in `currency` of each coin of `wanted` (CoinGecko id → day numbers), the coin
  /// asked by the ticker `symbols` names for it (its id when none) through `coin`, which applies
  /// the `[prices] pairs` overrides; one coin after another, each source asked once per coin.
  package func prices(
    ofDays wanted: [String: Set<Int>], symbols: [String: String], in currency: String,
    coin: (String, String) -> PricedCoin, progress: FetchProgress? = nil
  ) async -> DayNumberPrices {
    var found = DayNumberPrices()
    progress?.start(total: wanted.values.filter { !$0.isEmpty }.count)
    for id in wanted.keys.sorted() {
      guard let numbers = wanted[id], !numbers.isEmpty else { continue }
      let days = Set(numbers.map(UTCDay.init(number:)))
      let answers = await prices(
        of: coin(id, symbols[id] ?? id), in: currency, on: days)
      var unknown: [(day: UTCDay, reasons: [SourceReason])] = []
      for (day, pricing) in answers {
        switch pricing {
        case .priced(let price): found.prices[id, default: [:]][day.number] = price
        case .unknown(let reasons): unknown.append((day, reasons))
        }
      }
      progress?.itemDone()
      guard !unknown.isEmpty else { continue }
      unknown.sort { $0.day < $1.day }
      let shown = unknown.prefix(3).map { "\($0.day)" }.joined(separator: ", ")
      let more = unknown.count > 3 ? ", …" : ""
      let count = unknown.count == 1 ? "1 day" : "\(unknown.count) days"
      // The first day's reasons stand for the rest: a source that cannot price one day of a
      // coin mostly cannot price its others for the same reason.
      let reasons = unknown[0].reasons.map(\.line).joined(separator: "; ")
      found.problems.append(
        "no price of \(id) on \(count) (\(shown)\(more))"
          + (reasons.isEmpty ? "" : ": \(reasons)"))
    }
    return found
  }
}
