import CoinsModel
import CoinsPresentation

/// `coins config show`: every setting, its effective value and where it comes from. A broken
/// file is reported and left out, never fatal here.
struct ConfigShowCommand: ConfigReportingCommand, Equatable {
  static let spec = CommandSpec(
    path: ["config", "show"],
    abstract: "Print each effective setting and where it comes from.",
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["config", "show"])
      return ConfigShowCommand()
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    let environment = context.environment
    var configuration = Configuration(path: Configuration.path(environment: environment))
    var state = ""
    switch Configuration.load(environment: environment) {
    case .success(let loaded):
      configuration = loaded
      for warning in loaded.warnings { context.stderr.write("Warning: \(warning)\n") }
      if !loaded.exists { state = " (not found)" }
    case .failure(let error):
      context.stderr.write("Warning: \(error.message) The file is ignored.\n")
      state = " (ignored: it has an error)"
    }
    var rows: [(String, String, String)] = []
    for key in ConfigKey.all {
      let (value, source) = Self.effective(key, configuration, environment)
      rows.append((key.path, value, source))
    }
    let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
    let valueWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
    let lines = rows.map {
      DisplayWidth.pad($0.0, to: width + 2) + DisplayWidth.pad($0.1, to: valueWidth + 2) + $0.2
    }
    context.stdout.write(
      "Config file: \(configuration.path)\(state)\n" + lines.joined(separator: "\n") + "\n")
  }

  /// The value and its source: environment, config (with its line) or default. API keys are
  /// never shown, only whether one is set.
  static func effective(
    _ key: ConfigKey, _ configuration: Configuration, _ environment: [String: String]
  ) -> (String, String) {
    let setting = configuration.settings[key.path]
    if let variable = ConfigKey.keyVariables[key.path] {
      if let value = environment[variable], !value.isEmpty {
        return ("(set)", "environment (\(variable))")
      }
      return setting.map { _ in ("(set)", "config, line \(setting?.line ?? 0)") }
        ?? ("—", "default (none)")
    }
    if let setting {
      return (
        setting.text.isEmpty ? "—" : Sanitizer.printable(setting.text),
        "config, line \(setting.line)"
      )
    }
    if key.path == "color", let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return ("never", "environment (NO_COLOR)")
    }
    return (key.defaultText.isEmpty ? "—" : key.defaultText, "default")
  }
}
