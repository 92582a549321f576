/// What the command line asks for: the result of parsing, before anything runs.
public enum Command: Sendable, Equatable {
  /// Print the help of the command at this path (empty: the root).
  case help(path: [String])
  /// Print the version.
  case version
  /// `coins top`.
  case top(TopOptions)
  /// `coins portfolio …`.
  case portfolio(PortfolioCommand)
  /// `coins watch`.
  case watch(WatchOptions)
  /// `coins search`, `coins info`, `coins global`.
  case discovery(DiscoveryCommand)
}
