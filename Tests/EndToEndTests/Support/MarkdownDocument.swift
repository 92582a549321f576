import Foundation
import Testing

/// The project README, read the way its tests need it: the example blocks that say how to run
/// them, and each command section's options.
struct ReadmeDocument {
  /// A fenced block preceded by an `<!-- example: … -->` line.
  struct Example: Sendable, CustomTestStringConvertible {
    /// One `$ coins …` line and the lines shown under it.
    struct Step: Sendable {
      var arguments: [String]
      var expected: [String]
    }

    /// The README line of the opening fence.
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

    var testDescription: String { "README line \(line)" }
  }

  let lines: [String]

  /// The package's top folder.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// The README at the top of the package.
  static func load() throws -> ReadmeDocument {
    let url = packageRoot.appendingPathComponent("README.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    return ReadmeDocument(
      lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

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
      found.append(Self.example(directive: line, body: body, line: index + 2))
    }
    return found
  }

  private static func example(directive: String, body: [String], line: Int) -> Example {
    let inside = directive.dropFirst("<!-- example:".count).replacingOccurrences(
      of: "-->", with: "")
    var words: Set<String> = []
    var environment: [String: String] = [:]
    var setup: [[String]] = []
    var run: [String]?
    for token in tokens(inside) {
      guard let equals = token.firstIndex(of: "=") else {
        words.insert(token)
        continue
      }
      let key = String(token[..<equals])
      let value = String(token[token.index(after: equals)...])
      switch key {
      case "setup":
        setup = value.split(separator: ";").map { arguments(String($0)) }
      case "run": run = arguments(value)
      default: environment[key] = value
      }
    }
    var steps: [Example.Step] = []
    for text in body {
      if text.hasPrefix("$ coins") {
        steps.append(Example.Step(arguments: arguments(String(text.dropFirst(7))), expected: []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].expected.append(text)
      }
    }
    return Example(
      line: line, words: words, environment: environment, setup: setup, run: run, steps: steps,
      body: body)
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

  /// A command line's words (the README's examples quote nothing).
  private static func arguments(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
  }

  /// The options each command section documents: `### \`coins top [<n>]\`` → `top`, with every
  /// `--flag` in its option table and in its `Options:` sentence.
  var documentedOptions: [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    var command: String?
    var inOptionsSentence = false
    for line in lines {
      if line.hasPrefix("### `coins ") {
        let words = line.dropFirst("### `coins ".count).split(separator: " ")
          .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
          .prefix { !$0.hasPrefix("<") && !$0.hasPrefix("[") && !$0.hasPrefix("-") }
        command = words.joined(separator: " ")
        result[command!, default: []] = []
        continue
      }
      if line.hasPrefix("## ") { command = nil }
      var text = Substring(line)
      if let start = line.range(of: "Options:") {
        inOptionsSentence = true
        text = line[start.upperBound...]
      }
      if line.isEmpty { inOptionsSentence = false }
      guard let command, line.hasPrefix("| `--") || inOptionsSentence else { continue }
      let cell = line.hasPrefix("|") ? String(line.split(separator: "|").first ?? "") : String(text)
      for match in cell.matches(of: /--[a-z][a-z0-9-]*/) {
        result[command, default: []].insert(String(match.output))
      }
    }
    return result
  }
}
