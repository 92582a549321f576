/// Why a price file cannot be imported, with the line and column: nothing of it is kept.
package struct OwnPriceFileError: Error, Equatable, Sendable {
  /// The file's name.
  package var file: String
  /// The line, from 1.
  package var line: Int
  /// The column, from 1 (0: the whole line).
  package var column: Int
  /// What is wrong: `"abc" is not a price`.
  package var detail: String

  /// Each member as given.
  package init(file: String, line: Int, column: Int, detail: String) {
    self.file = file
    self.line = line
    self.column = column
    self.detail = detail
  }

  /// `prices.csv, line 3, column 3: "abc" is not a price. Nothing was imported.`
  package var message: String {
    let place = column > 0 ? "line \(line), column \(column)" : "line \(line)"
    return "\(file), \(place): \(detail). Nothing was imported."
  }
}
