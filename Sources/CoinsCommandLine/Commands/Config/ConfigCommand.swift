import CoinsModel

/// A command that works with a broken config file and reports it itself.
protocol ConfigReportingCommand: RunnableCommand {}

extension ConfigReportingCommand {
  var reportsConfigurationItself: Bool { true }
}

/// `coins config show` and `coins config path`.
enum ConfigCommand {
  static let groupSpec = CommandSpec(
    path: ["config"],
    abstract: "Show the settings of the config file and where each comes from.",
    discussion: """
      Defaults live in $XDG_CONFIG_HOME/coins/config.toml (default
      ~/.config/coins/config.toml). A flag beats the environment, which beats the file,
      which beats the built-in default; a color set in the file beats NO_COLOR.
      """,
    subcommands: [ConfigShowCommand.spec, ConfigPathCommand.spec])
}

/// `coins config path`: the config file's path, whether or not it exists.
struct ConfigPathCommand: ConfigReportingCommand, Equatable {
  static let spec = CommandSpec(
    path: ["config", "path"], abstract: "Print the config file's path.",
    parse: { parsed throws(UsageError) in
      try ParsedArguments.noExtra(parsed.positionals[...], path: ["config", "path"])
      return ConfigPathCommand()
    })

  func run(in context: CommandContext) async throws(CommandFailure) {
    context.stdout.write(Configuration.path(environment: context.environment) + "\n")
  }
}
