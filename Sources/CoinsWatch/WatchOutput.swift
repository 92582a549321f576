import CoinsModel
import CoinsPresentation
import CoinsTerminal

/// Where the watch's screen draws and what it knows of it: the output, whether it is a
/// terminal and how wide, the colours chosen, and the clock.
package struct WatchOutput: Sendable {
  /// Frames, lines or the full screen go here.
  package var stdout: any OutputSink
  /// Whether `stdout` is a terminal, and its width.
  package var terminal: TerminalInfo
  /// Colours on or off, as the command chose them.
  package var style: TextStyle
  /// Now, and sleeping until later.
  package var timeSource: any TimeSource

  /// Each member as given.
  package init(
    stdout: any OutputSink, terminal: TerminalInfo, style: TextStyle, timeSource: any TimeSource
  ) {
    self.stdout = stdout
    self.terminal = terminal
    self.style = style
    self.timeSource = timeSource
  }
}
