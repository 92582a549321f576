import CoinsModel
import CoinsPresentation
import CoinsServices

/// Runs the `--exec` hook once per fired alert and reports a hook that failed — never fatal.
struct AlertHookRunner {
  var command: String

  func run(for fired: [FiredAlert], in context: CommandContext) async {
    let hook = AlertHook(command: command)
    for alert in fired {
      let variables = AlertHook.variables(for: alert, message: AlertText.fired(alert))
      let outcome = await hook.run(environment: context.environment, variables: variables)
      guard let problem = Self.problem(outcome) else { continue }
      context.stderr.write("Warning: the --exec command for alert \(alert.rule.id) \(problem).\n")
    }
  }

  /// What went wrong, or `nil` when the hook succeeded.
  static func problem(_ outcome: AlertHook.Outcome) -> String? {
    switch outcome {
    case .exited(0): nil
    case .exited(let status): "exited with status \(status)"
    case .signalled(let signal): "was ended by signal \(signal)"
    case .timedOut: "ran longer than 10 s and was stopped"
    case .notStarted(let reason): "could not be started: \(reason)"
    }
  }
}
