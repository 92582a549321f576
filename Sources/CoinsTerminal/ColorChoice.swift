/// `--color auto|always|never`.
public enum ColorChoice: String, Sendable, Equatable, CaseIterable {
  /// Color on a terminal, unless `NO_COLOR` is set.
  case auto
  /// Always color.
  case always
  /// Never color.
  case never

  /// Whether to color, given where output goes and the environment.
  public func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
  }
}
