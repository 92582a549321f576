import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Times on charts: `Nov 22`, `Nov 22 03:00`, `2025-11-22`, `06:00`, `Mar`, `2024` — read in
/// UTC from milliseconds already shifted to the zone shown (``shown(_:)``) where the time of day
/// matters; daily histories (00:00 UTC points) keep their UTC days.
package enum ChartTime {
  /// `milliseconds` moved to the wall clock of the zone times are shown in.
  package static func shown(_ milliseconds: Int64) -> Int64 {
    let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    return milliseconds + Int64(DisplayZone.current.offset(at: date)) * 1000
  }

  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The calendar parts of a moment given in milliseconds.
  static func parts(_ milliseconds: Int64) -> (
    year: Int, month: Int, day: Int, hour: Int, minute: Int
  ) {
    let seconds = Int(floorDivide(milliseconds, 1000))
    let days = Int(floorDivide(Int64(seconds), 86_400))
    let rest = seconds - days * 86_400
    let (year, month, day) = ISO8601Timestamp.civilFromDays(days)
    return (year, month, day, rest / 3600, rest / 60 % 60)
  }

  /// `Nov 22`.
  static func day(_ milliseconds: Int64) -> String {
    let p = parts(milliseconds)
    return "\(months[p.month - 1]) \(p.day)"
  }

  /// `03:00`.
  static func clock(_ milliseconds: Int64) -> String {
    let p = parts(milliseconds)
    return pad(p.hour) + ":" + pad(p.minute)
  }

  /// `2025-11-22`.
  static func date(_ milliseconds: Int64) -> String {
    let p = parts(milliseconds)
    return "\(p.year)-\(pad(p.month))-\(pad(p.day))"
  }

  /// A moment as a marker names it: with the time of day for histories finer than daily
  /// (`Nov 22 03:00`), the date alone for daily ones (`2025-11-22`).
  package static func moment(_ milliseconds: Int64, daily: Bool) -> String {
    daily ? date(milliseconds) : day(milliseconds) + " " + clock(milliseconds)
  }

  static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
