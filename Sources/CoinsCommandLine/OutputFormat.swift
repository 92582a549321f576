/// How a command prints its result.
public enum OutputFormat: String, Sendable, Equatable {
  /// A table for people.
  case table
  /// One JSON document.
  case json
  /// Comma-separated values.
  case csv
}
