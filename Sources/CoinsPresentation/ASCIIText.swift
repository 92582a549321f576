/// Text for terminals and fonts without Unicode (`--ascii`): every character folded to
/// printable ASCII of the same width, so a table laid out before the folding stays aligned.
///
/// Marks that have a plain look-alike get it (`·` → `-`, `×` → `x`, `…` → `~`, `▲` → `^`, box
/// drawing → `+ - |`); letters lose their accents (`é` → `e`); anything else becomes `?`, once
/// per cell it took. Escape sequences (colours) are ASCII already and pass through.
public enum ASCIIText {
  /// `text` with every character printable ASCII (or a newline, tab or escape sequence).
  public static func folded(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if character.isASCII {
        result.append(character)
      } else {
        result += fold(character)
      }
    }
    return result
  }

  private static func fold(_ character: Character) -> String {
    let width = DisplayWidth.of(character)
    guard width > 0 else { return "" }
    if let first = character.unicodeScalars.first {
      if let mark = lookAlikes[first.value] { return mark }
      if let letter = unaccented(first), width == 1 { return letter }
    }
    return String(repeating: "?", count: width)
  }

  /// The letter under an accent: the first scalar when it is a plain letter (a combining
  /// accent follows it), or a Latin-1 letter's base (`é` → `e`, `Ø` → `O`, `ß` → `s`).
  private static func unaccented(_ scalar: Unicode.Scalar) -> String? {
    if scalar.isASCII { return String(scalar) }
    guard (0xC0...0xFF).contains(scalar.value), scalar.value != 0xD7, scalar.value != 0xF7 else {
      return nil
    }
    let bases = Array("AAAAAAACEEEEIIIIDNOOOOOxOUUUUYPsaaaaaaaceeeeiiiidnooooo/ouuuuypy")
    return String(bases[Int(scalar.value - 0xC0)])
  }

  private static let lookAlikes: [UInt32: String] = [
    0x00B7: "-", 0x2022: "*", 0x00D7: "x", 0x00F7: "/", 0x2013: "-", 0x2014: "-", 0x2212: "-",
    0x2026: "~", 0x2018: "'", 0x2019: "'", 0x201C: "\"", 0x201D: "\"", 0x00A0: " ",
    0x25B2: "^", 0x25B4: "^", 0x25BC: "v", 0x25BE: "v", 0x25B6: ">", 0x25C0: "<",
    0x2191: "^", 0x2193: "v", 0x2192: ">", 0x2190: "<", 0x2605: "*", 0x2606: "*",
    0x2500: "-", 0x2502: "|", 0x250C: "+", 0x2510: "+", 0x2514: "+", 0x2518: "+",
    0x251C: "+", 0x2524: "+", 0x252C: "+", 0x2534: "+", 0x253C: "+", 0x2575: "|",
    0x2577: "|", 0x2588: "#", 0x2591: ".", 0x2592: ":", 0x2593: "#", 0x00B0: "o",
    0x00AB: "<", 0x00BB: ">", 0x00B1: "+", 0x2248: "~",
  ]
}
