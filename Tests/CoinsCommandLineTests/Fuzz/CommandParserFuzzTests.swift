import CoinsCommandLine
import CoinsTestSupport
import Foundation
import Testing

/// Random command lines, from real words and from garbage: the parser returns a command or a
/// ``UsageError`` whose text is printable, never crashes.
@Suite struct CommandParserFuzzTests {
  static let words = [
    "top", "watch", "portfolio", "add", "remove", "list", "value", "help", "search", "info",
    "global", "--help", "-h", "--version", "--json", "--csv", "--ascii", "--live", "--reverse",
    "--portfolio", "--currency", "--sort", "--max-age", "--timeout", "--interval", "--top",
    "--color", "--file", "--cost", "--id", "--", "-", "--json=1", "--currency=eur", "btc", "eur",
    "usd", "0", "1", "20", "1000", "1001", "-1", "0.5", ".25", "1e999", "nan", "inf", "-inf",
    "abc", "change24h", "name", "rank", "always", "never", "auto", "86400", "86401", "1e-300",
    "99999999999999999999999", "", " ", "\u{1B}[31m", "\u{202E}", "币", "🚀", "\u{0}", "\n",
  ]

  @Test func parserSurvivesRandomCommandLines() {
    var random = SeededRandom(seed: FuzzBudget.seed &+ 10)
    for _ in 0..<FuzzBudget.iterations(standard: 4000) {
      let line = (0..<random.below(7)).map { _ in Self.word(&random) }
      Self.check(line, requirePrintable: false)
    }
  }

  @Test
  func usageErrorsNeverEchoRawControlBytes() {
    Self.check(["top", "50", "-ever\u{1B}[31m"], requirePrintable: true)
    Self.check(["watch", "--interva\u{7F}l", "30"], requirePrintable: true)
    Self.check(["top", "--ss\u{202E}ort", "name"], requirePrintable: true)
    Self.fuzzMutatedLines(seed: FuzzBudget.seed &+ 11, requirePrintable: true)
  }

  private static func fuzzMutatedLines(seed: UInt64, requirePrintable: Bool) {
    let valid = [
      ["top", "50", "--currency", "eur", "--sort", "change24h", "--reverse", "--json"],
      ["watch", "--interval", "30", "--top", "5", "--portfolio", "--color", "never"],
      ["portfolio", "add", "btc", "0.5", "--cost", "42000", "--currency", "usd"],
      ["portfolio", "remove", "eth", "1", "--file", "/tmp/p.json"],
      ["portfolio", "value", "--json", "--max-age", "0", "--live", "--timeout", "2.5"],
    ]
    var random = SeededRandom(seed: seed)
    for _ in 0..<FuzzBudget.iterations(standard: 4000) {
      var line = random.pick(valid)
      for _ in 0...random.below(3) {
        let position = random.below(line.count + 1)
        switch random.below(4) {
        case 0: line.insert(Self.word(&random), at: position)
        case 1 where position < line.count: line.remove(at: position)
        case 2 where position < line.count:
          let bytes = FuzzMutator.mutate(Array(line[position].utf8), &random)
          line[position] = String(decoding: bytes, as: UTF8.self)
        default: line.shuffle(using: &random)
        }
      }
      Self.check(line, requirePrintable: requirePrintable)
    }
  }

  private static func word(_ random: inout SeededRandom) -> String {
    guard random.below(4) == 0 else { return random.pick(words) }
    return String(decoding: FuzzMutator.randomBytes(&random, maxCount: 24), as: UTF8.self)
  }

  private static func check(
    _ line: [String], requirePrintable: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try CommandParser.parse(line)
    } catch {
      let spec = CommandCatalog.spec(at: error.commandPath)
      #expect(
        spec != nil, "no command at \(error.commandPath) for \(line)",
        sourceLocation: sourceLocation)
      let text = HelpFormatter.usageError(error, spec: spec ?? CommandCatalog.root)
      #expect(text.hasPrefix("Error: "), sourceLocation: sourceLocation)
      guard requirePrintable else { return }
      #expect(
        fuzzRawControls(in: text).isEmpty, "raw bytes in the usage error for \(line)",
        sourceLocation: sourceLocation)
    }
  }
}
