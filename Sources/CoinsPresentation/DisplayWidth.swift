/// How many terminal cells text takes: East Asian wide characters and emoji take two,
/// combining marks none, everything else one.
public enum DisplayWidth {
  /// The width of `text` in cells.
  public static func of(_ text: String) -> Int {
    var utf8 = text
    if utf8.withUTF8({ bytes in !bytes.contains { $0 >= 0x80 } }) { return text.utf8.count }
    // Tables are mostly ASCII plus block, braille and box-drawing characters: one cell per
    // scalar, with no need to find grapheme clusters or look up Unicode properties.
    var count = 0
    for scalar in text.unicodeScalars {
      guard isPlainNarrow(scalar.value) else { return text.reduce(0) { $0 + of($1) } }
      count += 1
    }
    return count
  }

  /// Scalars that always take one cell alone and never join a neighbour into a wider cluster:
  /// printable ASCII, Latin-1 letters and signs, dashes and ellipsis, arrows, box drawing,
  /// block elements, geometric shapes that are not emoji, braille.
  private static func isPlainNarrow(_ value: UInt32) -> Bool {
    switch value {
    case 0x20...0x7E, 0xA1...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2190...0x2193,
      0x2500...0x25A9, 0x25AC...0x25B5, 0x25B7...0x25BF, 0x25C1...0x25FA, 0x2800...0x28FF:
      return true
    default:
      return false
    }
  }

  /// The width of one user-perceived character.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
    if first.properties.isEmojiPresentation { return 2 }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return 1
    }
  }

  /// `text` cut to at most `width` cells, ending with "…" when something was cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let cells = of(character)
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    return result + "…"
  }

  /// `text` padded with spaces to `width` cells, on the right (`alignRight` pads on the left).
  public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let missing = width - of(text)
    guard missing > 0 else { return text }
    let padding = String(repeating: " ", count: missing)
    return alignRight ? padding + text : text + padding
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
