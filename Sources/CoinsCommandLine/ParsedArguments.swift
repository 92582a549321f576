/// A command line split into option values, flags and positional arguments, before any value
/// is interpreted.
struct ParsedArguments: Sendable, Equatable {
  /// Values given to options, by long name, in order given (the last one wins).
  var values: [String: [String]] = [:]
  /// Flags that were given, by long name.
  var flags: Set<String> = []
  /// Positional arguments, in order.
  var positionals: [String] = []

  /// The last value given for `name`.
  func value(_ name: String) -> String? {
    values[name]?.last
  }

  /// Whether the flag `name` was given.
  func flag(_ name: String) -> Bool {
    flags.contains(name)
  }
}
