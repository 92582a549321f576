import CoinsModel

/// The zone an export's wall-clock times are in: UTC, a fixed offset (`+08:00`), or an IANA
/// zone (`Asia/Shanghai`) whose offsets, summer time included, come from the C library.
///
/// It places only times written without a zone; a time that states one (`Z`, `UTC`, `+01:00`)
/// is read as written.
public struct ImportTimeZone: Hashable, Sendable, CustomStringConvertible {
  /// From this instant on (seconds since 1970, UTC), this offset east of UTC (seconds).
  struct Transition: Hashable, Sendable {
    var start: Int
    var offset: Int
  }

  /// `UTC`, `+08:00` or the IANA name, as given.
  public let name: String
  /// Sorted by start; the first starts at `Int.min`.
  let transitions: [Transition]

  /// UTC.
  public static let utc = ImportTimeZone(name: "UTC", offset: 0)

  /// A fixed offset east of UTC (`secondsEast` from −14 h to +14 h), named `+hh:mm`.
  public static func offset(secondsEast: Int) -> ImportTimeZone? {
    guard abs(secondsEast) <= 14 * 3600 else { return nil }
    let minutes = abs(secondsEast) / 60
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let name = (secondsEast < 0 ? "-" : "+") + pad(minutes / 60) + ":" + pad(minutes % 60)
    return ImportTimeZone(name: name, offset: secondsEast)
  }

  /// The zone `text` names: `UTC`, `Z`, `GMT`, an offset (`+08:00`, `-0530`, `+8`,
  /// `UTC+01:00`), or an IANA name (`Europe/Berlin`) the system's time-zone data knows; `nil`
  /// for anything else.
  public init?(_ text: String) {
    let trimmed = text.trimmedCell
    var cursor = TextCursor(trimmed)
    if let stated = cursor.zone(), let offset = stated, cursor.atEnd {
      guard let zone = Self.offset(secondsEast: offset) else { return nil }
      self = offset == 0 && !trimmed.contains(where: { $0 == "+" || $0 == "-" }) ? .utc : zone
      return
    }
    guard let transitions = SystemTimeZone.transitions(named: trimmed) else { return nil }
    self.init(name: trimmed, transitions: transitions)
  }

  private init(name: String, offset: Int) {
    self.init(name: name, transitions: [Transition(start: Int.min, offset: offset)])
  }

  init(name: String, transitions: [Transition]) {
    self.name = name
    self.transitions = transitions
  }

  /// The name.
  public var description: String { name }

  /// The offset east of UTC in force at `utc` (seconds since 1970).
  func offset(atUTC utc: Int) -> Int {
    var low = 0
    var high = transitions.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle].start <= utc { low = middle } else { high = middle - 1 }
    }
    return transitions[low].offset
  }

  /// The instant of a wall-clock time in this zone. A time that happens twice (the hour the
  /// clocks go back) is its earlier instant; a time that never happens (the hour they go
  /// forward) is read with the offset before the change.
  package func utcSeconds(fromWall wall: Int) -> Int {
    guard transitions.count > 1 else { return wall - transitions[0].offset }
    let before = offset(atUTC: wall - 15 * 3600)
    let after = offset(atUTC: wall + 15 * 3600)
    let readings = [wall - before, wall - after].filter { wall - offset(atUTC: $0) == $0 }
    return readings.min() ?? wall - before
  }
}
