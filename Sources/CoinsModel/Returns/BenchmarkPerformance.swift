#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the same dated flows would have made in one coin: the start value bought it at the
/// day's open of the range's first day, each flow bought (money in) or sold (money out) it at
/// its day's open, and each day valued at the next day's open. Withdrawals larger than what
/// it holds leave it holding a negative amount, which ``negativeFrom`` says.
package struct BenchmarkPerformance: Sendable, Equatable {
  /// The coin's CoinGecko id.
  package var coin: String
  /// Its start, end and the same net flows (no realized, income or fee parts).
  package var parts: GainParts
  /// Its daily returns.
  package var returns: ReturnSeries
  /// Its money-weighted return.
  package var moneyWeighted: MoneyWeightedReturn
  /// The first day it held less than nothing, when it did.
  package var negativeFrom: Int?
  /// Each day's end value, unrounded (for a chart).
  package var values: [ExactDecimal]

  /// The benchmark of `start` and `flows` (by position from `days`' first) in a coin with
  /// `opens` (every day of `days` and the one after); `nil` when an open is missing.
  package init?(
    coin: String, start: ExactDecimal, flows: [ExactDecimal], days: ClosedRange<Int>,
    opens: [Int: ExactDecimal], currency: String
  ) {
    let digits = MinorUnit.digits(of: currency)
    var units = ExactDecimal.zero
    var values: [ExactDecimal] = []
    var negativeFrom: Int?
    if !start.isZero {
      guard let open = opens[days.lowerBound], let bought = start.divided(by: open) else {
        return nil
      }
      units = bought
    }
    var netFlows = ExactDecimal.zero
    for (offset, day) in days.enumerated() {
      let flow = flows[offset]
      if !flow.isZero {
        guard let open = opens[day], let bought = flow.divided(by: open) else { return nil }
        units += bought
        netFlows += flow
      }
      if units < .zero, negativeFrom == nil { negativeFrom = day }
      guard let close = opens[day + 1] else { return nil }
      values.append(units * close)
    }
    self.coin = coin
    parts = GainParts()
    parts.start = MoneyRounding.rounded(start, digits: digits).decimal
    parts.end = MoneyRounding.rounded(values.last ?? start, digits: digits).decimal
    parts.netFlows = MoneyRounding.rounded(netFlows, digits: digits).decimal
    returns = ReturnSeries(first: days.lowerBound, start: start, values: values, flows: flows)
    moneyWeighted = Performance.moneyWeighted(
      start: start, flows: flows, end: values.last ?? start)
    self.negativeFrom = negativeFrom
    self.values = values
  }
}
