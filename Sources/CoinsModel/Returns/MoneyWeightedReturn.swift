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

/// The money-weighted return: the yearly rate r (365-day years) at which the start value and
/// the flows, each dated by its UTC day, grow to the end value — the internal rate of return
/// of putting in the start value and the flows and taking out the end value. It is a figure
/// only when exactly one such rate lies in (−100 %, ∞); otherwise it is undefined, with why.
package enum MoneyWeightedReturn: Sendable, Equatable {
  /// The one rate.
  case rate(Double)
  /// No single rate: why.
  case undefined(String)

  /// The rate, when there is one.
  package var value: Double? {
    if case .rate(let rate) = self { rate } else { nil }
  }

  /// The rate of `payments` — amounts put in (positive) or taken out (negative), each `days`
  /// after the start — where the end value is one of them, taken out.
  package static func of(_ payments: [(days: Int, amount: Double)]) -> MoneyWeightedReturn {
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
    var brackets: [(Double, Double)] = []
    var previous = (u: grid[0], value: value(grid[0]))
    for u in grid.dropFirst() {
      let current = value(u)
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
    return .rate(expm1((low + high) / 2))
  }
}
