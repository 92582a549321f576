import CoinsModel

/// A command line split into option values, flags and positional arguments, before any value
/// is interpreted.
struct ParsedArguments: Sendable, Equatable {
  /// Values given to options, by long name, in order given (the last one wins).
  var values: [String: [String]] = [:]
  /// Flags that were given, by long name.
  var flags: Set<String> = []
  /// Positional arguments, in order.
  var positionals: [String] = []
  /// Whether `--help` or `-h` was given: the command's help is the answer.
  var helpRequested = false

  /// The last value given for `option`.
  func value(_ option: CommandSpec.Option) -> String? {
    values[option.name]?.last
  }

  /// Whether the flag `option` was given.
  func flag(_ option: CommandSpec.Option) -> Bool {
    flags.contains(option.name)
  }

  /// Throws for the first of `rest`, an argument the command does not take.
  static func noExtra(_ rest: ArraySlice<String>, path: [String]) throws(UsageError) {
    if let extra = rest.first {
      throw UsageError("Unexpected argument '\(Sanitizer.printable(extra))'", commandPath: path)
    }
  }
}
