/// Why an import file was refused: where, and what is wrong.
public struct ImportError: Error, Equatable, Sendable {
  /// The line (from 1).
  public var line: Int
  /// The column's name, when one field is at fault.
  public var column: String?
  /// What is wrong.
  public var reason: String

  /// Creates an error.
  public init(line: Int, column: String?, reason: String) {
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// `line 3, column amount: …`.
  public var message: String {
    "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " + reason
  }
}
