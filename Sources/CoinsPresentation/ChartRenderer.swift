import CoinsModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A price series drawn several rows high: filled block columns (in eighths of a cell), the high
/// and low labelled on the left, dates along the bottom. Says more than a one-line sparkline.
package struct ChartRenderer {
  /// Rows of chart, not counting the axis and the dates.
  var height = 8
  /// Plain ASCII instead of block characters.
  var ascii = false

  private static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The chart in at most `width` cells; `end` is the time of the last point, points being
  /// `step` seconds apart (hourly for CoinGecko's 7-day sparkline). Empty when there is nothing
  /// to draw.
  package func render(
    _ series: [Double?], width: Int, end: Date, step: Double = 3600,
    label: (Double) -> String
  ) -> [String] {
    let points = series.compactMap { $0 }.filter(\.isFinite)
    guard !points.isEmpty, let low = points.min(), let high = points.max() else { return [] }
    let highLabel = label(high)
    let lowLabel = label(low)
    let labelWidth = max(DisplayWidth.of(highLabel), DisplayWidth.of(lowLabel))
    let chartWidth = max(8, width - labelWidth - 2)
    let columns = SparklineRenderer.resample(points, to: chartWidth)
    let span = high - low
    let levels = columns.map { value -> Int in
      guard span > 0 else { return height * 4 }
      return max(1, Int(((value - low) / span * Double(height * 8 - 1)).rounded()) + 1)
    }
    var lines: [String] = []
    for row in stride(from: height - 1, through: 0, by: -1) {
      let text: String = row == height - 1 ? highLabel : row == 0 ? lowLabel : ""
      let axis = ascii ? (text.isEmpty ? "|" : "+") : (text.isEmpty ? "│" : "┤")
      let cells = String(levels.map { cell(level: $0, row: row) })
      lines.append(DisplayWidth.pad(text, to: labelWidth, alignRight: true) + " " + axis + cells)
    }
    let corner = ascii ? "+" : "└"
    let rule = String(repeating: ascii ? "-" : "─", count: columns.count)
    lines.append(String(repeating: " ", count: labelWidth + 1) + corner + rule)
    lines.append(
      String(repeating: " ", count: labelWidth + 2)
        + ticks(count: points.count, columns: columns.count, end: end, step: step))
    return lines.map { line in
      var trimmed = line
      while trimmed.last == " " { trimmed.removeLast() }
      return trimmed
    }
  }

  private func cell(level: Int, row: Int) -> Character {
    let filled = level - row * 8
    if filled <= 0 { return " " }
    if ascii { return filled >= 8 ? "#" : filled >= 4 ? ":" : "." }
    return Self.eighths[min(8, filled)]
  }

  /// Dates (`Nov 22`) under the first column, the middle and the last.
  private func ticks(count: Int, columns: Int, end: Date, step: Double) -> String {
    guard columns >= 20 else { return "" }
    var line = [Character](repeating: " ", count: columns)
    let positions = columns >= 30 ? [0, columns / 2 - 3, columns - 6] : [0, columns - 6]
    for column in positions {
      let point = min(count - 1, column * count / columns)
      let date = end.addingTimeInterval(-Double(count - 1 - point) * step)
      for (offset, character) in Self.day(date).enumerated() where column + offset < columns {
        line[column + offset] = character
      }
    }
    return String(line)
  }

  /// `Nov 22` in UTC.
  package static func day(_ date: Date) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    let (_, month, day) = ISO8601Timestamp.civilFromDays(days)
    return "\(months[month - 1]) \(day < 10 ? " " : "")\(day)"
  }

  /// Each member as given.
  package init(height: Int = 8, ascii: Bool = false) {
    self.height = height
    self.ascii = ascii
  }
}
