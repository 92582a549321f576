/// A coin's daily opens with the gaps filled: a day without its own open takes the last
/// earlier one for up to ``limit`` days, and says how far back it reached; a day beyond that
/// stays unknown.
package struct CarriedOpens: Sendable, Equatable {
  /// The most days an earlier open is carried forward.
  package static let limit = 7

  /// The open of each day that has one, its own or carried (UTC day numbers).
  package var opens: [Int: ExactDecimal]
  /// How many days back each carried day's open comes from.
  package var carried: [Int: Int]
  /// The days asked for that have no open, own or carried, in order.
  package var unknown: [Int]

  /// `known` filled over `days`: a day missing from `known` takes the open of the nearest
  /// earlier day within ``limit`` days (looking before `days` too).
  package init(known: [Int: ExactDecimal], days: ClosedRange<Int>) {
    opens = [:]
    opens.reserveCapacity(days.count)
    carried = [:]
    unknown = []
    for day in days {
      if let own = known[day] {
        opens[day] = own
        continue
      }
      var found = false
      for back in 1...Self.limit {
        if let earlier = known[day - back] {
          opens[day] = earlier
          carried[day] = back
          found = true
          break
        }
      }
      if !found { unknown.append(day) }
    }
  }

  /// Each member as given.
  package init(opens: [Int: ExactDecimal], carried: [Int: Int] = [:], unknown: [Int] = []) {
    self.opens = opens
    self.carried = carried
    self.unknown = unknown
  }
}
