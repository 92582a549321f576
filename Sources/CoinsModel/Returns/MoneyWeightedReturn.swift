#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The money-weighted return: the rate at which the start value and the flows, each dated by
/// its UTC day, grow to the end value — the internal rate of return of putting in the start
/// value and the flows and taking out the end value. Over a range of a year or more it is a
/// yearly rate (365-day years); over a shorter range it is the rate over the range, never
/// annualized (as GIPS requires: a few days' rate raised to a year is meaningless). It is a
/// figure only when exactly one such rate lies in (−100 %, ∞); otherwise it is undefined,
/// with why.
package enum MoneyWeightedReturn: Sendable, Equatable {
  /// The one rate (over the range, or a year: ``isAnnualized(days:)``).
  case rate(Double)
  /// No single rate: why.
  case undefined(String)

  /// The rate, when there is one.
  package var value: Double? {
    if case .rate(let rate) = self { rate } else { nil }
  }

  /// The days in a year, and the fewest days a range has for its rate to be a yearly one.
  package static let daysInAYear = 365

  /// Whether the rate of a range of `days` days is a yearly rate (a year or more) rather than
  /// the rate over the range.
  package static func isAnnualized(days: Int) -> Bool { days >= daysInAYear }

  /// The rate of `payments` — amounts put in (positive) or taken out (negative), each `days`
  /// after the start — where the end value is one of them, taken out: over `range` days when
  /// that is less than a year (``isAnnualized(days:)``), else (and without `range`) a yearly
  /// rate.
  package static func of(_ payments: [(days: Int, amount: Double)], over range: Int? = nil)
    -> MoneyWeightedReturn
  {
    var byDay: [Int: Double] = [:]
    for payment in payments { byDay[payment.days, default: 0] += payment.amount }
    let terms = byDay.sorted { $0.key < $1.key }
      .map { (years: Double($0.key) / 365, amount: $0.value) }
      .filter { $0.amount != 0 && $0.amount.isFinite }
    guard let span = terms.last?.years, span > 0, terms.count >= 2 else {
      return .undefined("nothing was at work over the range")
    }
    // Descartes' rule of signs holds for real exponents: one change of sign, one rate.
    let signChanges = zip(terms, terms.dropFirst()).filter { ($0.amount > 0) != ($1.amount > 0) }
      .count
    guard signChanges > 0 else {
      return .undefined("every payment has one sign, so no rate balances them")
    }
    // u = ln(1 + r); the net present value Σ amount · e^(−u·days/365) as u goes from −limit
    // to limit, on a grid dense near 0 (a rate near 0 % matters most): a polynomial in
    // z = e^(−u/365) over the days, summed by Horner's rule (no power per payment).
    var coefficients = [Double](repeating: 0, count: (byDay.keys.max() ?? 0) + 1)
    for (day, amount) in byDay where day >= 0 && amount.isFinite { coefficients[day] += amount }
    func value(_ u: Double) -> Double {
      let z = exp(-u / 365)
      var sum = 0.0
      for coefficient in coefficients.reversed() { sum = sum * z + coefficient }
      return sum
    }
    let limit = min(600 / span, 1e6)
    let steps = 4000
    let reach = log1p(limit)
    var grid: [Double] = []
    grid.reserveCapacity(steps + 1)
    for step in 0...steps {
      let s = -reach + 2 * reach * Double(step) / Double(steps)
      grid.append(s < 0 ? -expm1(-s) : expm1(s))
    }
    let values = gridValues(grid, coefficients: coefficients)
    var brackets: [(Double, Double)] = []
    var previous = (u: grid[0], value: values[0])
    for (u, current) in zip(grid, values).dropFirst() {
      if current == 0 || (current > 0) != (previous.value > 0) && previous.value != 0 {
        brackets.append((previous.u, u))
      }
      previous = (u, current)
    }
    guard brackets.count == 1 || (signChanges == 1 && !brackets.isEmpty) else {
      return .undefined(
        brackets.isEmpty
          ? "no rate balances the payments"
          : "\(brackets.count) rates balance the payments, so none is the return")
    }
    var (low, high) = brackets[0]
    let lowPositive = value(low) > 0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      guard middle != low, middle != high else { break }
      if (value(middle) > 0) == lowPositive { low = middle } else { high = middle }
    }
    // u is the yearly rate's logarithm: over a range shorter than a year, u · days / 365.
    let yearly = (low + high) / 2
    guard let range, !isAnnualized(days: range) else { return .rate(expm1(yearly)) }
    return .rate(expm1(yearly * Double(range) / Double(daysInAYear)))
  }

  /// The net present value at each rate of `grid` (as `of`'s `value`, bit for bit: the same
  /// Horner sum in each lane), eight rates at a time so that their sums overlap in the
  /// processor instead of waiting on each other — a range of years has thousands of days.
  private static func gridValues(_ grid: [Double], coefficients: [Double]) -> [Double] {
    var values = [Double](repeating: 0, count: grid.count)
    let lanes = SIMD8<Double>.scalarCount
    for first in stride(from: 0, to: grid.count, by: lanes) {
      let count = min(lanes, grid.count - first)
      var z = SIMD8<Double>(repeating: 1)
      for lane in 0..<count { z[lane] = exp(-grid[first + lane] / 365) }
      var sum = SIMD8<Double>(repeating: 0)
      for coefficient in coefficients.reversed() { sum = sum * z + coefficient }
      for lane in 0..<count { values[first + lane] = sum[lane] }
    }
    return values
  }
}
