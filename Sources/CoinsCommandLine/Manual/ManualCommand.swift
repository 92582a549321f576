/// `coins help --man`: prints the manual page coins(1).
package struct ManualCommand: RunnableCommand, Equatable {
  package func run(in context: CommandContext) async -> Int32 {
    context.stdout.write(ManualPage.render())
    return ExitCode.success
  }

  /// Each member as given.
  package init() {
  }
}
