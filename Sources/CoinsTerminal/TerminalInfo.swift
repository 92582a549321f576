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

/// What `coins` knows about where its output goes: a terminal or not, and how wide.
/// The only place that asks the operating system about TTYs.
public struct TerminalInfo: Sendable, Equatable {
  /// Whether standard output is a terminal.
  public var isTerminal: Bool
  /// The width in cells to fit output into.
  public var width: Int
  /// The rows of the window (`LINES`, else the terminal's size), when known.
  public var height: Int?
  /// Whether standard error is a terminal (a progress line updates in place there).
  public var errorIsTerminal: Bool

  /// Creates terminal facts by hand (tests, other front ends).
  public init(isTerminal: Bool, width: Int, height: Int? = nil, errorIsTerminal: Bool = false) {
    self.isTerminal = isTerminal
    self.width = width
    self.height = height
    self.errorIsTerminal = errorIsTerminal
  }

  /// The default width when nothing says otherwise.
  public static let defaultWidth = 80

  /// Reads the facts for standard output: `COLUMNS` if set, else the terminal's size, else 80.
  public static func current(environment: [String: String]) -> TerminalInfo {
    let isTerminal = isatty(STDOUT_FILENO) == 1
    return TerminalInfo(
      isTerminal: isTerminal,
      width: width(environment: environment, windowColumns: windowColumns()),
      height: height(environment: environment, windowRows: windowRows()),
      errorIsTerminal: isatty(STDERR_FILENO) == 1)
  }

  /// The height rule, pure: a valid `LINES`, else the window size, else unknown.
  package static func height(environment: [String: String], windowRows: Int?) -> Int? {
    if let text = environment["LINES"], let rows = Int(text), rows > 0 { return min(rows, 1000) }
    if let windowRows, windowRows > 0 { return windowRows }
    return nil
  }

  /// The width rule, pure: a valid `COLUMNS`, else the window size, else 80.
  package static func width(environment: [String: String], windowColumns: Int?) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return min(columns, 1000)
    }
    if let windowColumns, windowColumns > 0 { return windowColumns }
    return defaultWidth
  }

  /// The window's column count for standard output or error, if either is a terminal.
  static func windowColumns() -> Int? {
    windowSize().map { Int($0.ws_col) }
  }

  /// The window's row count, the same way.
  static func windowRows() -> Int? {
    windowSize().flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil }
  }

  /// The size of the first of standard output, error and input that is a terminal.
  private static func windowSize() -> winsize? {
    var size = winsize()
    for fd in [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO] {
      if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return size }
    }
    return nil
  }
}
