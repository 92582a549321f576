import CoinsModel
import CoinsPresentation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandContext {
  /// Prints the stderr warning for data that is not live (cached or sample); nothing for live
  /// data.
  func warnIfNotLive(source: DataSource, asOf: Date, reason: String?, now: Date) {
    if let warning = SnapshotLabel.warning(source: source, asOf: asOf, reason: reason, now: now) {
      stderr.write(warning + "\n")
    }
  }

  /// The same for a market snapshot.
  func warnIfNotLive(_ snapshot: MarketSnapshot, now: Date) {
    warnIfNotLive(
      source: snapshot.source, asOf: snapshot.asOf, reason: snapshot.staleReason, now: now)
  }

  /// The same for a sourced answer (prices, rates, trending coins, categories).
  func warnIfNotLive<Value>(_ answer: Sourced<Value>, now: Date) {
    warnIfNotLive(
      source: answer.source, asOf: answer.asOf, reason: answer.staleReason, now: now)
  }
}
