/// A key press, decoded from the bytes a terminal sends.
package enum Key: Sendable, Equatable {
  /// A printable character (letters, digits, `/`, `?`, …).
  case character(Character)
  case up, down, pageUp, pageDown, home, end
  case enter, escape, backspace
  /// A sequence `coins` does not use (F-keys, mouse reports): ignored.
  case unknown
}
