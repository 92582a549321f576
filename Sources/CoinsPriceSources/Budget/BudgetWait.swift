/// A wait the request budget is about to make, for progress lines: `waiting 18 s for
/// CoinGecko's rate limit`.
package struct BudgetWait: Hashable, Sendable {
  /// The host's name: `CoinGecko`.
  package var host: String
  /// Seconds it will wait.
  package var seconds: Double

  /// Each member as given.
  package init(host: String, seconds: Double) {
    self.host = host
    self.seconds = seconds
  }

  /// `waiting 18 s for CoinGecko's rate limit` (seconds rounded up).
  package var phrase: String {
    "waiting \(Int(seconds.rounded(.up))) s for \(host)'s rate limit"
  }
}
