import CoinsModel

/// Whether an exchange's series is the coin CoinGecko means by the same ticker: tickers get
/// reused (LUNA meant Terra Classic until May 2022), so a pair is used only where its opens agree
/// with CoinGecko's within 10 % on every day both have.
package enum PairCheck: Hashable, Sendable {
  /// Every day both have agrees.
  case agrees
  /// No day in common (or no CoinGecko series): used, labelled unverified.
  case unverified
  /// A day both have differs by more than 10 % of CoinGecko's open.
  case disagrees(day: UTCDay, exchange: ExactDecimal, coinGecko: ExactDecimal)

  /// The check of `exchange` against CoinGecko's `reference` opens.
  package static func of(_ exchange: DailyOpens, against reference: DailyOpens?) -> PairCheck {
    guard let reference else { return .unverified }
    let common = exchange.opens.keys.filter { reference.opens[$0] != nil }.sorted()
    guard !common.isEmpty else { return .unverified }
    for day in common {
      guard let mine = exchange.opens[day], let theirs = reference.opens[day] else { continue }
      var difference = mine - theirs
      if difference < .zero { difference = -difference }
      // Within 10 %: |exchange − CoinGecko| × 10 ≤ CoinGecko.
      if theirs < difference * ExactDecimal(significand: 10, exponent: 0, isNegative: false) {
        return .disagrees(day: day, exchange: mine, coinGecko: theirs)
      }
    }
    return .agrees
  }
}
