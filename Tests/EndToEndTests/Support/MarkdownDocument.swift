import Foundation
import Testing

/// One page of the project's documentation — the README or a page of `docs/` — read the way
/// its tests need it: the example blocks that say how to run them, each command section's
/// options, and the command lines its `sh` blocks show.
struct MarkdownDocument: Sendable {
  /// A fenced block preceded by an `<!-- example: … -->` line.
  struct Example: Sendable, CustomTestStringConvertible {
    /// One `$ coins …` line and the lines shown under it.
    struct Step: Sendable {
      var arguments: [String]
      var expected: [String]
    }

    /// The page, relative to the package (`docs/market.md`).
    var page: String
    /// The page's line of the opening fence.
    var line: Int
    /// The directive's words: `offline` or `fake`, `shape`, `members`.
    var words: Set<String>
    /// The directive's `KEY=value` pairs that are environment variables (upper case).
    var environment: [String: String]
    /// `setup="…"`: `coins` command lines (separated by `;`) run before the steps, unshown.
    var setup: [[String]]
    /// `run="…"`: the command whose output a `members` block describes.
    var run: [String]?
    var steps: [Step]
    /// The block's text, for `members` blocks.
    var body: [String]

    var testDescription: String { "\(page) line \(line)" }
  }

  /// A `coins …` command line in an `sh` block: its page line and its words after `coins`.
  struct CommandLine: Sendable {
    var line: Int
    var words: [String]
  }

  /// The page, relative to the package (`README.md`, `docs/market.md`).
  let page: String
  let lines: [String]

  /// The package's top folder.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// The page at `page`, relative to the package.
  static func load(_ page: String) throws -> MarkdownDocument {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
    return MarkdownDocument(
      page: page,
      lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

  /// The README at the top of the package.
  static func readme() throws -> MarkdownDocument { try load("README.md") }

  /// The reference: every `docs/*.md` page, by name (the notes under `docs/design/` are not
  /// part of it).
  static func guide() throws -> [MarkdownDocument] {
    let folder = packageRoot.appendingPathComponent("docs")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.sorted().map { try load("docs/" + $0) }
  }

  /// The README and the reference.
  static func all() throws -> [MarkdownDocument] { try [readme()] + guide() }

  /// Every example block, in order.
  var examples: [Example] {
    var found: [Example] = []
    for (index, line) in lines.enumerated() where line.hasPrefix("<!-- example:") {
      guard index + 1 < lines.count, lines[index + 1].hasPrefix("```") else { continue }
      var body: [String] = []
      var cursor = index + 2
      while cursor < lines.count, !lines[cursor].hasPrefix("```") {
        body.append(lines[cursor])
        cursor += 1
      }
      found.append(example(directive: line, body: body, line: index + 2))
    }
    return found
  }

  private func example(directive: String, body: [String], line: Int) -> Example {
    let inside = directive.dropFirst("<!-- example:".count).replacingOccurrences(
      of: "-->", with: "")
    var words: Set<String> = []
    var environment: [String: String] = [:]
    var setup: [[String]] = []
    var run: [String]?
    for token in Self.tokens(inside) {
      guard let equals = token.firstIndex(of: "=") else {
        words.insert(token)
        continue
      }
      let key = String(token[..<equals])
      let value = String(token[token.index(after: equals)...])
      switch key {
      case "setup":
        setup = value.split(separator: ";").map { Self.arguments(String($0)) }
      case "run": run = Self.arguments(value)
      default: environment[key] = value
      }
    }
    var steps: [Example.Step] = []
    for text in body {
      if text.hasPrefix("$ coins") {
        steps.append(
          Example.Step(arguments: Self.arguments(String(text.dropFirst(7))), expected: []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].expected.append(text)
      }
    }
    return Example(
      page: page, line: line, words: words, environment: environment, setup: setup, run: run,
      steps: steps, body: body)
  }

  /// Words separated by spaces; `key="a b"` keeps its spaces (the quotes go).
  private static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// A command line's words (the examples quote nothing).
  private static func arguments(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
  }

  /// The options each command section documents. A heading naming a command
  /// (``## `coins top [<n>]` `` → `top`) starts its section, which runs to the next heading of
  /// the same level or above; its options are every `--flag` in its option tables (rows
  /// starting `` | `--``) and in its `Options:` sentences.
  var documentedOptions: [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    var command: (name: String, level: Int)?
    var inOptionsSentence = false
    var inCode = false
    for line in lines {
      if line.hasPrefix("```") { inCode.toggle() }
      if !inCode, let heading = line.firstMatch(of: /^(#+) (.*)$/) {
        let level = heading.output.1.count
        if let name = Self.commandName(inHeading: String(heading.output.2)) {
          command = (name, level)
          result[name, default: []] = []
          continue
        }
        if let current = command, level <= current.level { command = nil }
      }
      var text = Substring(line)
      if let start = line.range(of: "Options:") {
        inOptionsSentence = true
        text = line[start.upperBound...]
      }
      if line.isEmpty { inOptionsSentence = false }
      guard let name = command?.name, line.hasPrefix("| `--") || inOptionsSentence else {
        continue
      }
      let cell = line.hasPrefix("|") ? String(line.split(separator: "|").first ?? "") : String(text)
      for match in cell.matches(of: /--[a-z][a-z0-9-]*/) {
        result[name, default: []].insert(String(match.output))
      }
    }
    return result
  }

  /// `portfolio add` for the heading `` `coins portfolio add <coin> <amount>` ``: the words
  /// before the first argument (`<coin>`, `[<n>]`, `in|out`) or option.
  private static func commandName(inHeading heading: String) -> String? {
    guard heading.hasPrefix("`coins ") else { return nil }
    let words = heading.dropFirst("`coins ".count).split(separator: " ")
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
      .prefix {
        !$0.isEmpty && !$0.hasPrefix("<") && !$0.hasPrefix("[") && !$0.hasPrefix("-")
          && !$0.contains("|")
      }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// Every `coins …` command in the page's `sh` blocks (a crontab line's times and
  /// `swift run` before it left out), the words of the shell around it left out: a pipe, a
  /// redirection, a comment or `;` ends it, `$(…)` and `<(…)` start one, and quoted words stay
  /// whole.
  var shownCommandLines: [CommandLine] {
    var found: [CommandLine] = []
    var inShell = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        inShell = !inShell && line == "```sh"
        continue
      }
      guard inShell else { continue }
      for var command in Self.shellCommands(line) {
        command = Array(command.drop { $0.allSatisfy { "*/0123456789,-".contains($0) } })
        if command.starts(with: ["swift", "run"]) { command.removeFirst(2) }
        guard command.first == "coins" else { continue }
        found.append(CommandLine(line: index + 1, words: Array(command.dropFirst())))
      }
    }
    return found
  }

  /// The simple commands of one shell line, as words.
  private static func shellCommands(_ line: String) -> [[String]] {
    var commands: [[String]] = [[]]
    var word = ""
    var quote: Character?
    func endWord() {
      if !word.isEmpty { commands[commands.count - 1].append(word) }
      word = ""
    }
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
        continue
      }
      switch character {
      case "'", "\"": quote = character
      case " ", "\t": endWord()
      case "#" where word.isEmpty: return commands.filter { !$0.isEmpty }
      case "|", ";", "&", ">", "<", "(", ")":
        endWord()
        commands.append([])
      default: word.append(character)
      }
    }
    endWord()
    return commands.filter { !$0.isEmpty }
  }
}
