/// What the command line asks for: the result of parsing, before anything runs.
public enum Command: Sendable, Equatable {
  /// Print the help of the command at this path (empty: the root).
  case help(path: [String])
  /// Print the version.
  case version
  /// Run a command of the catalog with its parsed options.
  case run(any RunnableCommand)

  /// Whether two parsed command lines ask for the same thing.
  public static func == (lhs: Command, rhs: Command) -> Bool {
    switch (lhs, rhs) {
    case (.help(let left), .help(let right)): left == right
    case (.version, .version): true
    case (.run(let left), .run(let right)): left.isEqual(to: right)
    default: false
    }
  }
}
