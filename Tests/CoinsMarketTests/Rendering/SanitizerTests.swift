import CoinsModel
import CoinsUnitTestSupport
import Testing

@Suite struct SanitizerTests {
  @Test(arguments: [
    ("Bitcoin", "Bitcoin"),
    ("Wrapped Bitcoin (WBTC)", "Wrapped Bitcoin (WBTC)"),
    ("比特币 🐶", "比特币 🐶"),
    ("👨‍👩‍👧 family", "👨‍👩‍👧 family"),
    ("Café", "Café"),
    ("", ""),
  ])
  func plainTextIsUnchanged(text: String, expected: String) {
    expectEqual(Sanitizer.clean(text), expected)
  }

  @Test(arguments: [
    ("Bit\u{1B}[31mcoin\u{1B}[0m", "Bitcoin"),
    ("\u{1B}[2J\u{1B}[HClear", "Clear"),
    ("x\u{1B}[38;5;196my", "xy"),
    ("x\u{9B}31my", "xy"),
    ("\u{1B}]0;pwned\u{7}Doge", "Doge"),
    ("\u{1B}]8;;https://evil.test\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
    ("a\u{9D}2;title\u{9C}b", "ab"),
    ("\u{1B}Pdevice\u{1B}\\ok", "ok"),
    ("\u{1B}7saved\u{1B}8", "saved"),
    ("ring\u{7}ring", "ringring"),
    ("abc\u{202E}fed\u{202C}", "abcfed"),
    ("\u{2066}iso\u{2069}late", "isolate"),
    ("zero\u{200B}width\u{FEFF}", "zerowidth"),
    ("nul\u{0}del\u{7F}c1\u{85}x", "nuldelc1 x"),
    ("  Wrapped \t\n Bitcoin  ", "Wrapped Bitcoin"),
    ("line\r\nbreak", "line break"),
    ("unterminated\u{1B}[31", "unterminated"),
    ("dangling\u{1B}", "dangling"),
  ])
  func removesWhatCouldHijackTheTerminal(text: String, expected: String) {
    expectEqual(Sanitizer.clean(text), expected)
  }

  @Test func cleanedTextHasNoControlCharacters() {
    let nasty = (0..<0xA0).map { String(UnicodeScalar($0)!) }.joined() + "\u{202A}\u{202E}\u{2067}"
    let cleaned = Sanitizer.clean(nasty)
    #expect(
      !cleaned.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      })
  }
}
