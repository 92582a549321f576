/// A grid of dots drawn as braille characters, 2 dots wide and 4 high per cell, so a line gets
/// twice the columns and four times the rows of the cells it fills.
package struct BrailleCanvas {
  /// Cells across.
  let columns: Int
  /// Cells down.
  let rows: Int
  private var bits: [UInt8]

  /// An empty canvas of `columns` × `rows` cells.
  package init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    bits = [UInt8](repeating: 0, count: self.columns * self.rows)
  }

  /// Dots across.
  var width: Int { columns * 2 }
  /// Dots down.
  var height: Int { rows * 4 }

  /// Sets the dot `x` from the left and `y` from the bottom (out of range: ignored).
  package mutating func set(x: Int, y: Int) {
    guard x >= 0, x < width, y >= 0, y < height else { return }
    let fromTop = height - 1 - y
    let cell = (fromTop / 4) * columns + x / 2
    let left: [UInt8] = [0x01, 0x02, 0x04, 0x40]
    let right: [UInt8] = [0x08, 0x10, 0x20, 0x80]
    bits[cell] |= (x % 2 == 0 ? left : right)[fromTop % 4]
  }

  /// Sets the dots of column `x` from `y0` to `y1` (either order).
  mutating func fill(x: Int, from y0: Int, to y1: Int) {
    for y in min(y0, y1)...max(y0, y1) { set(x: x, y: y) }
  }

  /// Draws the segment between two points in dot units (y from the bottom), one column at a
  /// time: each column gets the dots the segment crosses within it, so steep moves stay joined.
  package mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) {
    let first = Int(a.x.rounded())
    let last = Int(b.x.rounded())
    guard last > first, b.x > a.x else {
      fill(x: first, from: Int(a.y.rounded()), to: Int(b.y.rounded()))
      return
    }
    func y(at x: Double) -> Double {
      a.y + (b.y - a.y) * (min(b.x, max(a.x, x)) - a.x) / (b.x - a.x)
    }
    for column in first...last {
      let enter = y(at: Double(column) - 0.5)
      let leave = y(at: Double(column) + 0.5)
      fill(x: column, from: Int(enter.rounded()), to: Int(leave.rounded()))
    }
  }

  /// Keeps only the left column of dots in each cell, so a line reads as dotted beside a
  /// solid one.
  package mutating func thin() {
    for index in bits.indices { bits[index] &= 0x01 | 0x02 | 0x04 | 0x40 }
  }

  /// The cells of row `row` (0 = top) as text; an empty cell is a space.
  package func text(row: Int) -> String {
    var result = ""
    for column in 0..<columns {
      let value = bits[row * columns + column]
      result.unicodeScalars.append(
        value == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(value)) ?? " ")
    }
    return result
  }
}
