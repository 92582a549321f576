#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How what is measured (``ReturnsScope``) did over a range of whole UTC days: its values,
/// flows and gain with the gain's parts (the sums of the coins' rounded figures), the
/// time-weighted return of each day's values, the money-weighted return and the deepest
/// drawdown; or, when a price it needs is unknown, which coins and days.
package struct Performance: Sendable, Equatable {
  /// The range's first and last UTC day numbers.
  package var days: ClosedRange<Int>
  /// The currency of every figure.
  package var currency: String
  /// Values, flows and gain (the coins' sums).
  package var parts: GainParts
  /// Each coin's figures, in the order of the holdings, coins with nothing in the range left out.
  package var coins: [CoinPerformance]
  /// The daily time-weighted returns.
  package var returns: ReturnSeries
  /// The money-weighted return.
  package var moneyWeighted: MoneyWeightedReturn
  /// Each day's flows, unrounded, by position from the first day.
  package var flows: [ExactDecimal]
  /// Each day's end value, unrounded, by position from the first day.
  package var values: [ExactDecimal]
  /// The end value of the day before the range, unrounded.
  package var startValue: ExactDecimal
  /// Currencies of fees that could not be converted into ``currency`` and are not counted.
  package var uncountedFeeCurrencies: [String]

  /// What a measurement gives: the figures, or the coins and days whose price is unknown.
  package enum Outcome: Sendable, Equatable {
    case measured(Performance)
    case unknownPrices([String: [Int]])
  }

  /// The days of each coin that a measurement of `holdings` over `days` needs priced: from the
  /// first day through the day after the last (a day's end value is the next day's open), for
  /// every coin held or traded in the range.
  package static func coinsToPrice(
    _ holdings: [Holding], scope: ReturnsScope, days: ClosedRange<Int>
  ) -> [String] {
    holdings.filter { CoinRangeLedger.hasAnything($0, scope: scope, days: days) }.map(\.id)
  }

  /// Measures `holdings` over `days` for `scope` in `currency`, each coin valued at `opens`
  /// (its daily opens by UTC day, gaps already filled: ``CarriedOpens``).
  package static func measure(
    _ holdings: [Holding], scope: ReturnsScope, days: ClosedRange<Int>, currency: String,
    opens: [String: [Int: ExactDecimal]]
  ) -> Outcome {
    let digits = MinorUnit.digits(of: currency)
    let count = days.count
    var values = [ExactDecimal](repeating: .zero, count: count)
    var flows = [ExactDecimal](repeating: .zero, count: count)
    var startValue = ExactDecimal.zero
    var coins: [(CoinPerformance, [ExactDecimal])] = []
    var unknown: [String: [Int]] = [:]
    var uncounted: Set<String> = []
    for holding in holdings {
      let coinOpens = opens[holding.id] ?? [:]
      let ledger = CoinRangeLedger(
        holding, scope: scope, days: days, currency: currency, opens: coinOpens)
      guard ledger.startAmount != .zero || !ledger.changes.isEmpty || !ledger.flows.isEmpty
      else { continue }
      uncounted.formUnion(ledger.uncountedFeeCurrencies)
      var missing = ledger.missingDays
      var coinStart = ExactDecimal.zero
      if !ledger.startAmount.isZero {
        if let open = coinOpens[days.lowerBound] {
          coinStart = ledger.startAmount * open
        } else {
          missing.insert(days.lowerBound)
        }
      }
      var amount = ledger.startAmount
      var coinValues = [ExactDecimal](repeating: .zero, count: count)
      var coinFlows = [ExactDecimal](repeating: .zero, count: count)
      for (offset, day) in days.enumerated() {
        if let change = ledger.changes[day] { amount += change }
        if let flow = ledger.flows[day] { coinFlows[offset] = flow }
        guard !amount.isZero else { continue }
        guard let close = coinOpens[day + 1] else {
          missing.insert(day + 1)
          continue
        }
        coinValues[offset] = amount * close
      }
      if !missing.isEmpty {
        unknown[holding.id] = missing.sorted()
        continue
      }
      startValue += coinStart
      for offset in 0..<count {
        values[offset] += coinValues[offset]
        flows[offset] += coinFlows[offset]
      }
      func rounded(_ value: ExactDecimal) -> Decimal {
        MoneyRounding.rounded(value, digits: digits).decimal
      }
      var parts = GainParts()
      parts.start = rounded(coinStart)
      parts.end = rounded(coinValues.last ?? .zero)
      parts.netFlows = rounded(coinFlows.reduce(.zero, +))
      parts.realized = rounded(ledger.realized)
      parts.income = rounded(ledger.income)
      parts.fees = rounded(ledger.fees)
      let daily = zip([coinStart] + coinValues.dropLast(), zip(coinValues, coinFlows)).map {
        before, today in today.0 - before - today.1
      }
      coins.append((CoinPerformance(coin: holding.id, parts: parts, contribution: 0), daily))
    }
    guard unknown.isEmpty else { return .unknownPrices(unknown) }
    let returns = ReturnSeries(
      first: days.lowerBound, start: startValue, values: values, flows: flows)
    // Each coin's share of each day's return, times the index before the day.
    var atWork: [Double] = []
    var before = startValue
    for offset in 0..<count {
      atWork.append((before + flows[offset]).doubleValue)
      before = values[offset]
    }
    let contributed = coins.map { coin, daily in
      var performance = coin
      var total = 0.0
      for offset in 0..<count where atWork[offset] > 0 {
        let level = offset == 0 ? 1 : returns.index[offset - 1]
        total += daily[offset].doubleValue / atWork[offset] * level
      }
      performance.contribution = total
      return performance
    }
    return .measured(
      Performance(
        days: days, currency: currency, parts: GainParts(summing: contributed.map(\.parts)),
        coins: contributed, returns: returns,
        moneyWeighted: moneyWeighted(start: startValue, flows: flows, end: values.last ?? .zero),
        flows: flows, values: values, startValue: startValue,
        uncountedFeeCurrencies: uncounted.sorted()))
  }

  /// The money-weighted return of `start` (put in before the first day), `flows` (each day's,
  /// at its start) and `end` (taken out after the last day): over the range when it is shorter
  /// than a year, else a yearly rate.
  static func moneyWeighted(start: ExactDecimal, flows: [ExactDecimal], end: ExactDecimal)
    -> MoneyWeightedReturn
  {
    var payments = [(days: 0, amount: start.doubleValue)]
    for (offset, flow) in flows.enumerated() where !flow.isZero {
      payments.append((offset, flow.doubleValue))
    }
    payments.append((flows.count, -end.doubleValue))
    return .of(payments, over: flows.count)
  }

  /// The benchmark: the same start value and dated flows in the coin with `opens`; `nil`
  /// when an open it needs is missing.
  package func benchmark(_ coin: String, opens: [Int: ExactDecimal]) -> BenchmarkPerformance? {
    guard
      var benchmark = BenchmarkPerformance(
        coin: coin, start: startValue, flows: flows, days: days, opens: opens, currency: currency)
    else { return nil }
    benchmark.parts.start = parts.start
    benchmark.parts.netFlows = parts.netFlows
    return benchmark
  }
}
