/// Why a command did not do what was asked: what to tell the user, and the kind of failure,
/// which alone decides the exit status (``Kind/exitStatus``).
///
/// Every command throws one; the runner prints it once (``CoinsCLI``) and exits with its status.
public struct CommandFailure: Error, Sendable, Equatable {
  /// The kinds of failure, each with its exit status (BSD `sysexits` where one fits).
  public enum Kind: Sendable, Equatable, CaseIterable {
    /// A bad command line: the message, then the usage line and a help hint (`EX_USAGE`).
    case usage
    /// A data file (the portfolio, the alerts, an import) is corrupt or unreadable (`EX_DATAERR`).
    case badData
    /// CoinGecko could not be reached and no fallback was allowed or possible (`EX_UNAVAILABLE`).
    case unavailable
    /// Something worth trying again later did not happen (`EX_TEMPFAIL`).
    case temporary
    /// The config file has bad syntax or a bad value (`EX_CONFIG`).
    case configuration
    /// Any other failure.
    case other

    /// The one table from a kind of failure to the process's exit status.
    public var exitStatus: Int32 {
      switch self {
      case .usage: 64
      case .badData: 65
      case .unavailable: 69
      case .temporary: 75
      case .configuration: 78
      case .other: 1
      }
    }
  }

  /// The exit status of a command that did what was asked.
  public static let successStatus: Int32 = 0

  /// The kind of failure.
  public var kind: Kind
  /// Each printed as `Error: <message>`, in order; empty when what the command printed on the
  /// way (its warnings) already says why.
  public var messages: [String]
  /// For a usage failure, the command whose usage line and help hint follow the message.
  public var commandPath: [String]?
  /// Whether CoinGecko refused the currency asked in (``configured(_:)`` names the config
  /// file's line when the currency came from there).
  package var refusesCurrency = false

  /// A failure of `kind` saying `message`.
  public init(_ message: String, kind: Kind = .other) {
    self.init(messages: [message], kind: kind)
  }

  /// A failure of `kind` saying each of `messages` (none: the warnings printed said why).
  public init(messages: [String], kind: Kind) {
    self.kind = kind
    self.messages = messages
    self.commandPath = nil
  }

  /// A command line that cannot be run as written.
  public init(_ error: UsageError) {
    self.kind = .usage
    self.messages = [error.message]
    self.commandPath = error.commandPath
  }

  /// The exit status of this failure.
  public var exitStatus: Int32 { kind.exitStatus }
}
