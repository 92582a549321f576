/// Something a reader noticed but read anyway: two cells of a row that disagree, where the one
/// used is named in the message.
public struct ImportWarning: Hashable, Sendable {
  /// The row's line.
  public var line: Int
  /// The column it is about, as the header names it.
  public var column: String?
  /// What disagreed and what was used.
  public var message: String

  /// Creates a warning.
  public init(line: Int, column: String?, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}
