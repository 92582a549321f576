/// Makes text from the network safe to print: terminal escape sequences, control characters and
/// bidirectional overrides are removed, runs of white space folded into one space.
public enum Sanitizer {
  /// User input echoed back in a message: cleaned and cut short.
  public static func printable(_ text: String) -> String {
    let cleaned = clean(text)
    return cleaned.count > 40 ? String(cleaned.prefix(39)) + "…" : cleaned
  }

  /// The cleaned text.
  public static func clean(_ text: String) -> String {
    // Fast path: plain printable ASCII without double spaces needs no work.
    if isPlainASCII(text) { return text.trimmingSpaces() }
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pendingSpace = false
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" || scalar.value == 0x9B || scalar.value == 0x9D {
        skipEscapeSequence(after: scalar, in: &scalars)
        continue
      }
      if isWhitespace(scalar) {
        pendingSpace = !output.isEmpty
        continue
      }
      if isInvisibleControl(scalar) { continue }
      if pendingSpace {
        output.append(" ")
        pendingSpace = false
      }
      output.append(scalar)
    }
    return String(output)
  }

  /// Printable ASCII with no two spaces in a row, checked byte by byte.
  private static func isPlainASCII(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      guard byte >= 0x20, byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
      previous = byte
    }
    return true
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x2028, 0x2029, 0x3000: true
    default: false
    }
  }

  /// C0/C1 controls, DEL, bidi embeddings/overrides/isolates and marks, and other format
  /// characters that can reorder or hide text (zero-width joiners stay: emoji need them).
  private static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F: return true
    case 0x061C, 0xFEFF, 0xFFF9...0xFFFB: return true
    case 0xE0001: return true
    default: return false
    }
  }

  /// Skips the rest of an escape sequence: CSI (`ESC [ … final`), OSC/DCS/APC/PM/SOS strings
  /// (up to BEL or `ESC \`), or a two-character escape.
  private static func skipEscapeSequence(
    after introducer: Unicode.Scalar, in scalars: inout String.UnicodeScalarView.Iterator
  ) {
    var kind: Unicode.Scalar
    if introducer == "\u{1B}" {
      guard let next = scalars.next() else { return }
      kind = next
    } else {
      kind = introducer.value == 0x9B ? "[" : "]"
    }
    switch kind {
    case "[":
      while let scalar = scalars.next() {
        if (0x40...0x7E).contains(scalar.value) { return }
        if scalar.value < 0x20 || scalar.value > 0x7E { return }
      }
    case "]", "P", "_", "^", "X":
      var sawEscape = false
      while let scalar = scalars.next() {
        if scalar == "\u{07}" || scalar.value == 0x9C { return }
        if sawEscape && scalar == "\\" { return }
        sawEscape = scalar == "\u{1B}"
      }
    default:
      return
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    guard first == " " || last == " " else { return self }
    var slice = Substring(self)
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return String(slice)
  }
}
