/// `coins help --man`: prints the manual page coins(1).
package struct ManualCommand: RunnableCommand, Equatable {
  package func run(in context: CommandContext) async throws(CommandFailure) {
    context.stdout.write(ManualPage.render())
  }

  /// Each member as given.
  package init() {
  }
}
