import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The time axis under a chart, in the zone times are shown in (UTC days for spans of months
/// and years, which are daily histories): a rule with a tick (`┬`, `+` in ASCII) at each round
/// moment and a label under it. The ticks suit the span: hours for a day (`06:00`, midnight as
/// `Nov 29`), days for weeks and months (`Nov 22`), months for a year (`Mar`, January as the
/// year), years for longer (`2019`) — as many as fit with two cells between labels.
package struct TimeAxis {
  /// The first moment, at column 0, in milliseconds.
  let start: Int64
  /// The last moment, at the last column.
  let end: Int64
  /// Columns of chart.
  let columns: Int

  private enum Unit {
    case hours, days, months, years
  }

  /// The column a moment falls on.
  func column(of milliseconds: Int64) -> Int {
    guard end > start, columns > 1 else { return 0 }
    let fraction = Double(milliseconds - start) / Double(end - start)
    return min(columns - 1, max(0, Int((fraction * Double(columns - 1)).rounded())))
  }

  /// The rule (without the corner) and the labels line, both `columns` wide or less.
  func lines(ascii: Bool) -> (rule: String, labels: String) {
    var rule = [Character](repeating: ascii ? "-" : "─", count: columns)
    var labels = [Character](repeating: " ", count: columns)
    var freeFrom = 0
    for (moment, label) in ticks() {
      let column = column(of: moment)
      let text = Array(label)
      let first = min(column, columns - text.count)
      guard first >= freeFrom, first >= 0 else { continue }
      rule[column] = ascii ? "+" : "┬"
      for (offset, character) in text.enumerated() { labels[first + offset] = character }
      freeFrom = first + text.count + 2
    }
    var labelLine = String(labels)
    while labelLine.last == " " { labelLine.removeLast() }
    return (String(rule), labelLine)
  }

  /// The round moments within the span, with their labels, at the finest step that leaves room;
  /// hours and days are round on the wall clock of the zone shown.
  package func ticks() -> [(Int64, String)] {
    guard end > start, columns > 1 else { return [] }
    // One offset for the span (its end's): a daylight-saving change inside it moves the
    // ticks after it by the hour.
    let local = Double(end - start) <= 75 * 86_400_000
    let shift = local ? ChartTime.shown(end) - end : 0
    let shifted = TimeAxis(start: start + shift, end: end + shift, columns: columns)
    return shifted.utcTicks().map { ($0.0 - shift, $0.1) }
  }

  /// ``ticks()`` with moments and labels in UTC.
  private func utcTicks() -> [(Int64, String)] {
    guard end > start, columns > 1 else { return [] }
    let span = Double(end - start)
    let day = 86_400_000.0
    let (unit, steps, width): (Unit, [Int], Int) =
      span <= 2.5 * day
      ? (.hours, [1, 2, 3, 6, 12, 24], 6)
      : span <= 75 * day
        ? (.days, [1, 2, 7, 14, 28], 6)
        : span <= 4 * 365 * day
          ? (.months, [1, 2, 3, 6, 12], 4) : (.years, [1, 2, 5, 10, 20, 50], 4)
    let perColumn = span / Double(columns - 1)
    let approximate: Double =
      switch unit {
      case .hours: 3_600_000
      case .days: day
      case .months: 30.44 * day
      case .years: 365.25 * day
      }
    let step =
      steps.first { Double($0) * approximate / perColumn >= Double(width + 2) } ?? steps.last ?? 1
    return moments(unit: unit, step: step).map { ($0, label($0, unit: unit)) }
  }

  private func moments(unit: Unit, step: Int) -> [Int64] {
    var result: [Int64] = []
    switch unit {
    case .hours, .days:
      let size: Int64 = unit == .hours ? 3_600_000 * Int64(step) : 86_400_000 * Int64(step)
      // Weeks start on Mondays (1970-01-05 was one).
      let offset: Int64 = unit == .days && step % 7 == 0 ? 4 * 86_400_000 : 0
      var moment = ChartTime.floorDivide(start - offset + size - 1, size) * size + offset
      while moment <= end {
        result.append(moment)
        moment += size
      }
    case .months, .years:
      let first = ChartTime.parts(start)
      var year = first.year
      var month = unit == .years ? 1 : first.month
      while true {
        let days = ISO8601Timestamp.daysFromCivil(year: year, month: month, day: 1)
        let moment = Int64(days) * 86_400_000
        if moment > end { break }
        let wanted = unit == .years ? year % step == 0 : (month - 1) % step == 0
        if moment >= start && wanted { result.append(moment) }
        if unit == .years {
          year += 1
        } else {
          month += 1
          if month > 12 { (year, month) = (year + 1, 1) }
        }
      }
    }
    return result
  }

  private func label(_ moment: Int64, unit: Unit) -> String {
    let parts = ChartTime.parts(moment)
    switch unit {
    case .hours: return parts.hour == 0 ? ChartTime.day(moment) : ChartTime.clock(moment)
    case .days: return ChartTime.day(moment)
    case .months: return parts.month == 1 ? String(parts.year) : ChartTime.months[parts.month - 1]
    case .years: return String(parts.year)
    }
  }

  /// Each member as given.
  package init(start: Int64, end: Int64, columns: Int) {
    self.start = start
    self.end = end
    self.columns = columns
  }
}
