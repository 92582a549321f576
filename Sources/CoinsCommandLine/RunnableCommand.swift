/// A command parsed from its words, ready to run: what a ``CommandSpec``'s `parse` makes.
///
/// Registering a command is listing its spec in ``CommandCatalog``; help, parsing and dispatch
/// all read the catalog, so there is no other list to keep in step.
public protocol RunnableCommand: Sendable {
  /// Runs the command in `context`; a failure is thrown, never printed (the runner prints it
  /// once and turns its kind into the exit status).
  func run(in context: CommandContext) async throws(CommandFailure)

  /// Whether `other` is the same command with the same options (for tests of the parser).
  func isEqual(to other: any RunnableCommand) -> Bool

  /// Whether the command runs with a broken configuration file and reports it itself
  /// (`coins config …`); every other command stops at such a file.
  var reportsConfigurationItself: Bool { get }

  /// Whether the command was asked for an `--ascii` view: everything it prints is then folded
  /// to printable ASCII (``ASCIIText``).
  var asciiOnly: Bool { get }

  /// How old (in seconds) a cached market answer may be for this command, `0` when it always
  /// asks CoinGecko, or `nil` when it does not read the market: what the network warm-up's
  /// guess reads (``NetworkWarmUp``).
  var marketMaxAge: Double? { get }

  /// Whether the command was asked (`--utc`, or `utc = true` in the config file) to show times
  /// in UTC rather than in the local time zone.
  var displaysUTC: Bool { get }
}

extension RunnableCommand {
  /// Most commands need a good configuration file.
  public var reportsConfigurationItself: Bool { false }

  /// Most commands have no `--ascii` view.
  public var asciiOnly: Bool { false }

  /// Most commands do not read the market.
  public var marketMaxAge: Double? { nil }

  /// Most commands show no times, or have no `--utc`.
  public var displaysUTC: Bool { false }
}

extension RunnableCommand where Self: Equatable {
  /// Whether `other` is the same command with the same options.
  public func isEqual(to other: any RunnableCommand) -> Bool {
    (other as? Self) == self
  }
}
