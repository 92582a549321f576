/// A command line that cannot be run as written; printed with the usage line and a hint,
/// exit status 64.
public struct UsageError: Error, Equatable, Sendable {
  /// The message after `Error: `.
  public var message: String
  /// The command's words after `coins`, to print its usage and help hint.
  public var commandPath: [String]

  /// Creates a usage error for the command at `commandPath`.
  public init(_ message: String, commandPath: [String]) {
    self.message = message
    self.commandPath = commandPath
  }
}
