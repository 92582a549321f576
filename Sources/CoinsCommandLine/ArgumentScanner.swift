import CoinsModel

/// Splits the words of one command line against its ``CommandSpec``: options and their values
/// (`--name value` or `--name=value`), flags, positionals, and every way that can go wrong,
/// worded as swift-argument-parser words it.
enum ArgumentScanner {
  /// The parsed words (with ``ParsedArguments/helpRequested`` set, and the rest left unread,
  /// at `--help` or `-h`), or a ``UsageError``.
  static func scan(_ words: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyPositionals || !looksLikeOption(word) {
        result.positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      let (name, inlineValue) = split(word)
      guard let option = spec.option(named: name) else {
        throw UsageError(unknownOptionMessage(name, spec: spec), commandPath: spec.path)
      }
      if option.name == CommandSpec.helpOption.name {
        result.helpRequested = true
        return result
      }
      guard option.valueName != nil else {
        if inlineValue != nil {
          throw UsageError(
            "The option '\(option.name)' does not take a value.", commandPath: spec.path)
        }
        result.flags.insert(option.name)
        continue
      }
      if let inlineValue {
        result.values[option.name, default: []].append(inlineValue)
      } else if index < words.count, !looksLikeOption(words[index]) || isNumber(words[index]) {
        result.values[option.name, default: []].append(words[index])
        index += 1
      } else {
        throw UsageError("Missing value for '\(option.quoted)'", commandPath: spec.path)
      }
    }
    return result
  }

  /// `-x`, `--xyz` (but not a negative number such as `-3`, which is a value).
  static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word.count > 1 && !isNumber(word)
  }

  static func isNumber(_ word: String) -> Bool {
    guard word.hasPrefix("-") || word.hasPrefix("+") else { return false }
    let rest = word.dropFirst()
    return rest.first.map { $0.isNumber || $0 == "." } ?? false
  }

  private static func split(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  private static func unknownOptionMessage(_ name: String, spec: CommandSpec) -> String {
    let candidates = spec.allOptions.map(\.name)
    let shown = Sanitizer.printable(name)
    guard let suggestion = Suggestion.closest(to: name, among: candidates) else {
      return "Unknown option '\(shown)'"
    }
    return "Unknown option '\(shown)'. Did you mean '\(suggestion)'?"
  }
}
