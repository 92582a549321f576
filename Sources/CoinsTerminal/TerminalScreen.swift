import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A full-screen view on the terminal: the alternate screen with the cursor hidden, keys read
/// one at a time without echo, frames redrawn in place — and everything put back on exit.
package final class TerminalScreen: Sendable {
  /// Whether the screen is taken over, and the input settings to put back.
  private struct Mode {
    var active = false
    var savedInput: termios?
  }
  private let output: any OutputSink
  private let mode = Mutex(Mode())

  package init(output: any OutputSink) {
    self.output = output
  }

  /// Switches to the alternate screen, hides the cursor and, when standard input is a
  /// terminal, turns off line buffering and echo (Ctrl-C still sends SIGINT).
  package func enter() {
    mode.withLock { mode in
      guard !mode.active else { return }
      mode.active = true
      if isatty(STDIN_FILENO) == 1 {
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 {
          mode.savedInput = settings
          settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
          withUnsafeMutablePointer(to: &settings.c_cc) { pointer in
            pointer.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
              cc[Int(VMIN)] = 1
              cc[Int(VTIME)] = 0
            }
          }
          tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
      }
      output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }
  }

  /// Draws a frame over the previous one, clearing what is left of it.
  package func draw(_ lines: [String]) {
    mode.withLock { mode in
      guard mode.active else { return }
      output.write(
        "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
    }
  }

  /// Rings the terminal's bell (BEL), while the screen is active.
  package func bell() {
    mode.withLock { mode in
      guard mode.active else { return }
      output.write("\u{07}")
    }
  }

  /// Shows the cursor, leaves the alternate screen and restores the input settings. Safe to
  /// call more than once.
  package func restore() {
    mode.withLock { mode in
      guard mode.active else { return }
      mode.active = false
      output.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
      if var settings = mode.savedInput {
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
      }
    }
  }

  /// The terminal's size in cells, from standard output, error or input; `nil` when none is a
  /// terminal.
  package static func size() -> (columns: Int, rows: Int)? {
    var size = winsize()
    for fd in [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO] {
      if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        return (Int(size.ws_col), Int(size.ws_row))
      }
    }
    return nil
  }
}
