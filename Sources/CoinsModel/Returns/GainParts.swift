#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A range's money figures, each rounded to the currency's minor unit: the values at its start
/// and end, the net flows, and the gain = end − start − net flows, split into realized,
/// unrealized, income and fees. The parts sum to the gain exactly; unrealized is the rest.
package struct GainParts: Sendable, Equatable {
  /// The end value of the day before the range.
  package var start: Decimal = 0
  /// The end value of the range's last day.
  package var end: Decimal = 0
  /// Money put in less money taken out.
  package var netFlows: Decimal = 0
  /// Sales and transfers out: what they brought less their cost for the range.
  package var realized: Decimal = 0
  /// Income (staking, rewards, airdrops) at its value the day it came.
  package var income: Decimal = 0
  /// Fees paid (negative).
  package var fees: Decimal = 0

  /// end − start − net flows.
  package var gain: Decimal { end - start - netFlows }
  /// The gain less realized, income and fees: the coins still held, valued at the end, less
  /// their cost for the range.
  package var unrealized: Decimal { gain - realized - income - fees }

  /// Nothing.
  package init() {}

  /// The sums of `parts`, figure by figure.
  package init(summing parts: [GainParts]) {
    for part in parts {
      start += part.start
      end += part.end
      netFlows += part.netFlows
      realized += part.realized
      income += part.income
      fees += part.fees
    }
  }
}
