/// How a command prints its result.
public enum OutputFormat: String, Sendable, Equatable {
  /// A table for people.
  case table
  /// One JSON document.
  case json
  /// Comma-separated values.
  case csv
}

extension OutputFormat {
  /// `--json`.
  static let jsonOption = CommandSpec.Option(name: "--json", help: "Print JSON instead of a table.")
  static let csvOption = CommandSpec.Option(name: "--csv", help: "Print CSV instead of a table.")

  /// `--json` or `--csv` (not both), else a table.
  init(_ parsed: ParsedArguments, path: [String]) throws(UsageError) {
    switch (parsed.flag(Self.jsonOption), parsed.flag(Self.csvOption)) {
    case (true, true):
      throw UsageError("'--json' and '--csv' cannot be used together.", commandPath: path)
    case (true, false): self = .json
    case (false, true): self = .csv
    case (false, false): self = .table
    }
  }
}
