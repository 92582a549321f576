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

/// The time zone times are shown in: the user's (`TZ`, else the system's) unless `--utc` or
/// the config file's `utc = true` asks for UTC. Only what people read changes — JSON and CSV
/// stay ISO 8601 UTC, and the days a command reckons with (`--date`, `ytd`, day prices) stay
/// UTC days.
///
/// FoundationEssentials knows no named zones on Linux (and FoundationInternationalization
/// would cost the start-up): the C library's `localtime_r` and `strftime` do.
public struct DisplayZone: Sendable {
  private let zone: @Sendable (Date) -> (offset: Int, abbreviation: String)

  /// A zone that is `offset` seconds east of UTC, written `abbreviation` (for tests).
  public init(fixedOffset offset: Int, abbreviation: String) {
    zone = { _ in (offset, abbreviation) }
  }

  /// UTC.
  public static let utc = DisplayZone(fixedOffset: 0, abbreviation: "UTC")

  /// The process's local zone, as the C library reads `TZ` (else `/etc/localtime`).
  public static func local() -> DisplayZone {
    DisplayZone(zone: { date in
      // The zone is read on the first time shown (a command that shows none never reads it).
      _ = readZone
      var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
      var parts = tm()
      guard localtime_r(&seconds, &parts) != nil else { return (0, "UTC") }
      var buffer = [CChar](repeating: 0, count: 16)
      let count = strftime(&buffer, buffer.count, "%Z", &parts)
      let name =
        count > 0 ? String(decoding: buffer.prefix(count).map(UInt8.init), as: UTF8.self) : ""
      return (Int(parts.tm_gmtoff), name.isEmpty ? Self.numeric(Int(parts.tm_gmtoff)) : name)
    })
  }

  /// `tzset()` once: `localtime_r` needs it and does not call it.
  private static let readZone: Void = tzset()

  private init(zone: @escaping @Sendable (Date) -> (offset: Int, abbreviation: String)) {
    self.zone = zone
  }

  /// The zone the running command shows times in (UTC unless the command says otherwise).
  @TaskLocal public static var current = DisplayZone.utc

  /// Seconds east of UTC at `date`.
  public func offset(at date: Date) -> Int { zone(date).offset }

  /// `JST`, `CET`, `UTC` (or `+0530` where the zone has no letters) at `date`.
  public func abbreviation(at date: Date) -> String { zone(date).abbreviation }

  /// The wall-clock time in this zone at `date`, as a `Date` whose UTC reading is it (to format
  /// with the UTC calendar arithmetic).
  public func wallClock(_ date: Date) -> Date {
    date.addingTimeInterval(Double(offset(at: date)))
  }

  /// `+0530`, `-0800`.
  package static func numeric(_ offset: Int) -> String {
    let minutes = abs(offset) / 60
    let text = String(minutes / 60 * 100 + minutes % 60)
    return (offset < 0 ? "-" : "+") + String(repeating: "0", count: 4 - text.count) + text
  }
}
