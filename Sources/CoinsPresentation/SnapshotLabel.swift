import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The words that say how fresh a snapshot is: a title line for the output and, when the data
/// is not live, a warning for stderr.
public enum SnapshotLabel {
  /// A time as `2026-11-29 14:45:03 UTC`, in the zone the command shows times in
  /// (``DisplayZone/current``) and marked with it: `2026-11-29 23:45:03 JST`.
  public static func timestamp(_ date: Date) -> String {
    let zone = DisplayZone.current
    let iso = ISO8601Timestamp.format(zone.wallClock(date))
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8)) + " "
      + zone.abbreviation(at: date)
  }

  /// The same to the minute: `2026-11-30 14:02 UTC`.
  public static func minute(_ date: Date) -> String {
    let zone = DisplayZone.current
    let iso = ISO8601Timestamp.format(zone.wallClock(date))
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " "
      + zone.abbreviation(at: date)
  }

  /// An age as `12 s`, `7 min`, `3 h 5 min` or `2 d 4 h`.
  public static func age(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "an unknown time" }
    let total = max(0, Int(min(seconds, 1e12)))
    switch total {
    case ..<60: return "\(total) s"
    case ..<3600: return "\(total / 60) min"
    case ..<86_400:
      let minutes = total / 60 % 60
      return "\(total / 3600) h" + (minutes > 0 ? " \(minutes) min" : "")
    default:
      let hours = total / 3600 % 24
      return "\(total / 86_400) d" + (hours > 0 ? " \(hours) h" : "")
    }
  }

  /// How the data's freshness reads after a title: `live, 2026-11-29 14:45:03 UTC`,
  /// `CACHED 7 min ago (…), not live`, `SAMPLE DATA from …, not live`.
  public static func freshness(of snapshot: MarketSnapshot, now: Date) -> String {
    freshness(source: snapshot.source, asOf: snapshot.asOf, now: now)
  }

  /// The same for any data with a source and a time (market or `/global` figures).
  public static func freshness(source: DataSource, asOf: Date, now: Date) -> String {
    let when = timestamp(asOf)
    switch source {
    case .live: return "live, \(when)"
    case .cache:
      return "CACHED \(age(now.timeIntervalSince(asOf))) ago (\(when)), not live"
    case .sample: return "SAMPLE DATA from \(when), not live prices"
    }
  }

  /// ``freshness(source:asOf:now:)`` in `style`: dim when live, yellow when not.
  package static func styledFreshness(
    source: DataSource, asOf: Date, now: Date, style: TextStyle
  ) -> String {
    style.apply(
      source == .live ? .dim : .yellow, to: freshness(source: source, asOf: asOf, now: now))
  }

  /// The same for a market snapshot.
  package static func styledFreshness(of snapshot: MarketSnapshot, now: Date, style: TextStyle)
    -> String
  {
    styledFreshness(source: snapshot.source, asOf: snapshot.asOf, now: now, style: style)
  }

  /// The stderr warning for data that is not live, or `nil` for live data.
  public static func warning(for snapshot: MarketSnapshot, now: Date) -> String? {
    warning(source: snapshot.source, asOf: snapshot.asOf, reason: snapshot.staleReason, now: now)
  }

  /// The same for any data with a source, a time and a reason.
  public static func warning(source: DataSource, asOf: Date, reason: String?, now: Date)
    -> String?
  {
    let reason = reason.map { Sentence.ended($0) + " " } ?? ""
    switch source {
    case .live:
      return nil
    case .cache:
      return "Warning: \(reason)Showing cached data from "
        + "\(age(now.timeIntervalSince(asOf))) ago (\(timestamp(asOf))), "
        + "not live prices."
    case .sample:
      return "Warning: \(reason)Showing the SAMPLE data bundled with coins, recorded "
        + "\(timestamp(asOf)), not live prices."
    }
  }
}
