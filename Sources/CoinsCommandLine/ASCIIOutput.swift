import CoinsPresentation
import CoinsTerminal

/// An output that folds what it is given to printable ASCII before passing it on (`--ascii`).
struct ASCIIFoldingSink: OutputSink {
  let output: any OutputSink

  func write(_ text: String) {
    output.write(ASCIIText.folded(text))
  }
}

extension CommandContext {
  /// This context with standard output and standard error folded to printable ASCII.
  func foldedToASCII() -> CommandContext {
    var context = self
    context.stdout = ASCIIFoldingSink(output: stdout)
    context.stderr = ASCIIFoldingSink(output: stderr)
    return context
  }
}

extension TopCommand {
  package var asciiOnly: Bool { options.ascii }
}

extension ChartCommand {
  package var asciiOnly: Bool { options.ascii }
}

extension InfoCommand {
  package var asciiOnly: Bool { ascii }
}

extension PortfolioValueCommand {
  package var asciiOnly: Bool { options.ascii }
}

extension PortfolioChartCommand {
  package var asciiOnly: Bool { options.ascii }
}

extension WatchCommand {
  package var asciiOnly: Bool { options.ascii }
}

extension PortfolioPerformanceCommand {
  package var asciiOnly: Bool { ascii }
}
