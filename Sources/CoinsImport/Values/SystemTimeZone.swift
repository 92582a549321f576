import CoinsModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IANA zone's offsets from the C library (`tzset`, `localtime_r`), read once into a table
/// of transitions from 1990 to 2050 — so nothing here needs FoundationInternationalization or
/// reads a file itself.
///
/// The C library only takes a zone through the `TZ` variable: it is set for the few
/// milliseconds the table takes, under a lock, and put back as it was.
package enum SystemTimeZone {
  private static let lock = Mutex(())

  /// `TZ` as it stands between two readings of a zone (read under the lock, so never the
  /// name another thread set for a moment).
  package static var restingTZ: String? {
    lock.withLock { _ in getenv("TZ").map { String(cString: $0) } }
  }

  /// The transitions of zone `name`, or `nil` when the system does not know it.
  static func transitions(named name: String) -> [ImportTimeZone.Transition]? {
    let allowed = name.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+".contains($0))
    }
    guard allowed, name.contains("/"), !name.hasPrefix("/"), !name.contains("//"),
      name.count <= 64
    else { return nil }
    return lock.withLock { _ in
      let previous = getenv("TZ").map { String(cString: $0) }
      setenv("TZ", name, 1)
      tzset()
      defer {
        if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
        tzset()
      }
      // A name with no zone file behind it reads as UTC called by its first word.
      let area = String(name.prefix { $0.isLetter })
      let from = ISO8601Timestamp.daysFromCivil(year: 1990, month: 1, day: 1) * 86_400
      let abbreviation = self.abbreviation(at: from)
      let to = ISO8601Timestamp.daysFromCivil(year: 2050, month: 1, day: 1) * 86_400
      var current = offset(at: from)
      var table = [ImportTimeZone.Transition(start: Int.min, offset: current)]
      var time = from
      let week = 7 * 86_400
      while time < to {
        let next = time + week
        let later = offset(at: next)
        if later != current {
          var (low, high) = (time, next)
          while high - low > 1 {
            let middle = (low + high) / 2
            if offset(at: middle) == current { low = middle } else { high = middle }
          }
          table.append(.init(start: high, offset: offset(at: high)))
          current = later
        }
        time = next
      }
      if abbreviation == area, table.count == 1, table[0].offset == 0 { return nil }
      return table
    }
  }

  private static func abbreviation(at seconds: Int) -> String {
    var time = time_t(seconds)
    var parts = tm()
    localtime_r(&time, &parts)
    return parts.tm_zone.map { String(cString: $0) } ?? ""
  }

  private static func offset(at seconds: Int) -> Int {
    var time = time_t(seconds)
    var parts = tm()
    localtime_r(&time, &parts)
    return Int(parts.tm_gmtoff)
  }
}
