import CoinsCommandLine

extension Command {
  /// The parsed command when it is a `C`, else `nil`.
  package func runnable<C: RunnableCommand>(_ type: C.Type) -> C? {
    guard case .run(let command) = self else { return nil }
    return command as? C
  }
}
