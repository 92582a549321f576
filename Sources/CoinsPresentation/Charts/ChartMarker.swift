/// The line above or below a chart that points at its high or low: `▼ $99,531.18 Nov 22
/// 03:00` starting at the point's column, or ending there (`… ▼`) when it would not fit.
package enum ChartMarker {
  /// The marker for a point at `column` of a plot that starts `indent` cells in and may use
  /// `width` cells in all.
  package static func line(arrow: String, text: String, column: Int, indent: Int, width: Int)
    -> String
  {
    let right = arrow + " " + text
    let rightWidth = DisplayWidth.of(right)
    if indent + column + rightWidth <= width || column < rightWidth - 1 {
      return String(repeating: " ", count: indent + column) + right
    }
    let left = text + " " + arrow
    let start = column + 1 - DisplayWidth.of(left)
    return String(repeating: " ", count: indent + max(0, start)) + left
  }
}
