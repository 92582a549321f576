/// Turns the bytes a terminal sends into ``Key``s: plain characters (UTF-8), Enter, Backspace,
/// and the escape sequences of arrows, Page Up/Down, Home and End (CSI `ESC [` and SS3 `ESC O`
/// forms, as xterm, tmux and screen send them).
///
/// A lone Esc and the start of a sequence look alike; the reader decides by time (no byte
/// within 25 ms after Esc means Esc) and calls ``flushEscape()``. Pure: tested byte by byte.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  package init() {}

  /// Whether an Esc (and maybe part of a sequence) waits for more bytes.
  package var isWaitingAfterEscape: Bool { !pending.isEmpty && pending[0] == 0x1B }

  /// Feeds one byte; returns the key it completes, if any.
  package mutating func feed(_ byte: UInt8) -> Key? {
    pending.append(byte)
    if pending[0] == 0x1B { return escapeSequence() }
    if pending[0] >= 0x80 { return utf8Character() }
    pending.removeAll()
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    case 0x20...0x7E: return .character(Character(UnicodeScalar(byte)))
    default: return .unknown
    }
  }

  /// No byte followed an Esc in time: it was the Esc key (and any partial sequence is
  /// dropped).
  package mutating func flushEscape() -> Key? {
    guard isWaitingAfterEscape else { return nil }
    let wasLone = pending.count == 1
    pending.removeAll()
    return wasLone ? .escape : .unknown
  }

  private mutating func escapeSequence() -> Key? {
    guard pending.count >= 2 else { return nil }
    let introducer = pending[1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      // Esc then another key (Alt+key): the Esc, and the key is dropped.
      pending.removeAll()
      return .escape
    }
    guard pending.count >= 3, let last = pending.last else { return nil }
    // A CSI sequence ends with a byte from @ to ~; parameters (digits, `;`) come before it.
    guard (0x40...0x7E).contains(last) else {
      if pending.count > 16 { pending.removeAll() }
      return nil
    }
    let body = String(decoding: pending[2...], as: UTF8.self)
    pending.removeAll()
    switch body {
    case "A": return .up
    case "B": return .down
    case "H", "1~", "7~": return .home
    case "F", "4~", "8~": return .end
    case "5~": return .pageUp
    case "6~": return .pageDown
    default: return .unknown
    }
  }

  private mutating func utf8Character() -> Key? {
    let lead = pending[0]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    guard pending.count >= length else { return nil }
    let text = String(decoding: pending, as: UTF8.self)
    pending.removeAll()
    guard let character = text.first, text.count == 1, character != "\u{FFFD}" else {
      return .unknown
    }
    return .character(character)
  }
}
