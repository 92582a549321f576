/// `coins help --man`: prints the manual page coins(1).
struct ManualCommand: RunnableCommand, Equatable {
  func run(in context: CommandContext) async -> Int32 {
    context.stdout.write(ManualPage.render())
    return ExitCode.success
  }
}
