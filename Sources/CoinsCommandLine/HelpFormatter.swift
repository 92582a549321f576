/// Writes help and usage text in the voice of swift-argument-parser: `OVERVIEW:`, `USAGE:`,
/// `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`, labels indented 2, help text at column 26.
package enum HelpFormatter {
  static let helpColumn = 26
  static let lineWidth = 80

  /// The full help for a command.
  package static func help(for spec: CommandSpec) -> String {
    var sections = [reflow("OVERVIEW: \(spec.abstract)")]
    if let discussion = spec.discussion { sections.append(reflow(discussion)) }
    sections.append("USAGE: \(usage(for: spec))")
    if !spec.arguments.isEmpty {
      sections.append(
        "ARGUMENTS:\n"
          + spec.arguments.map {
            row(label: $0.label, help: withDefault($0.help, $0.defaultValue))
          }.joined(separator: "\n"))
    }
    sections.append(
      "OPTIONS:\n"
        + spec.shownOptions.map {
          row(label: $0.label, help: withDefault($0.help, $0.defaultValue))
        }
        .joined(separator: "\n"))
    if !spec.subcommands.isEmpty {
      let names = spec.subcommands.map { row(label: $0.path.last ?? "", help: $0.abstract) }
      sections.append(
        "SUBCOMMANDS:\n" + names.joined(separator: "\n") + "\n\n"
          + "  See '\(spec.fullName) help <subcommand>' for detailed help.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The usage line's text after `USAGE: ` / `Usage: `, wrapped under itself when long.
  package static func usage(for spec: CommandSpec) -> String {
    var parts = [spec.fullName]
    if !spec.subcommands.isEmpty { parts.append("<subcommand>") }
    for argument in spec.arguments {
      parts.append(argument.isOptional ? "[\(argument.label)]" : argument.label)
    }
    for option in spec.options where !option.isHidden {
      parts.append("[\(option.quoted)]")
    }
    var lines: [String] = []
    var current = ""
    let indent = String(repeating: " ", count: 7 + spec.fullName.count + 1)
    for part in parts {
      let candidate = current.isEmpty ? part : current + " " + part
      if candidate.count + 7 > lineWidth && !current.isEmpty {
        lines.append(current)
        current = indent + part
      } else {
        current = candidate
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }

  /// A usage error as printed to stderr: the message, the usage line and the help hint.
  package static func usageError(_ error: UsageError, spec: CommandSpec) -> String {
    "Error: \(error.message)\nUsage: \(usage(for: spec))\n"
      + "  See '\(spec.fullName) --help' for more information.\n"
  }

  /// Paragraphs rewrapped to 80 columns; indented lines (examples) are kept as they are.
  static func reflow(_ text: String) -> String {
    var output: [String] = []
    var paragraph: [Substring] = []
    func flush() {
      guard !paragraph.isEmpty else { return }
      var line = ""
      for word in paragraph.flatMap({ $0.split(separator: " ") }) {
        if !line.isEmpty && line.count + 1 + word.count > lineWidth {
          output.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      output.append(line)
      paragraph = []
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line.hasPrefix(" ") {
        flush()
        output.append(String(line))
      } else {
        paragraph.append(line)
      }
    }
    flush()
    return output.joined(separator: "\n")
  }

  private static func withDefault(_ help: String, _ defaultValue: String?) -> String {
    defaultValue.map { "\(help) (default: \($0))" } ?? help
  }

  /// `  label                   help`, the help wrapped at 80 columns under column 26.
  private static func row(label: String, help: String) -> String {
    let indent = String(repeating: " ", count: helpColumn)
    var lines: [String] = []
    var current = "  " + label
    if current.count >= helpColumn {
      lines.append(current)
      current = indent
    } else {
      current += String(repeating: " ", count: helpColumn - current.count)
    }
    var lineHasWords = false
    for word in help.split(separator: " ") {
      if lineHasWords && current.count + 1 + word.count > lineWidth {
        lines.append(current)
        current = indent
        lineHasWords = false
      }
      current += (lineHasWords ? " " : "") + word
      lineHasWords = true
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
