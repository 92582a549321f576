import CoinsModel

/// Turns the words after `coins` into a ``Command`` — a pure function, tested line by line.
public enum CommandParser {
  /// The command, or a ``UsageError`` saying what is wrong.
  public static func parse(_ words: [String]) throws(UsageError) -> Command {
    try parse(words, configuration: nil)
  }

  /// The same, with the config file's settings as defaults for options left out.
  package static func parse(_ words: [String], configuration: Configuration?)
    throws(UsageError)
    -> Command
  {
    guard let first = words.first else { return .help(path: []) }
    switch first {
    case "-h", "--help": return .help(path: [])
    case "--version": return .version
    case "help" where words.dropFirst() == ["--man"]: return .run(ManualCommand())
    case "help": return try helpCommand(Array(words.dropFirst()), under: CommandCatalog.root)
    default: break
    }
    guard var spec = CommandCatalog.command(named: first) else {
      throw unknownSubcommand(first, in: CommandCatalog.root)
    }
    var rest = Array(words.dropFirst())
    while !spec.subcommands.isEmpty {
      guard let word = rest.first, word != "-h", word != "--help" else {
        return .help(path: spec.path)
      }
      // `coins portfolio help add`, as the group's help suggests.
      if word == "help" { return try helpCommand(Array(rest.dropFirst()), under: spec) }
      guard let next = spec.subcommand(named: word) else {
        throw unknownSubcommand(word, in: spec)
      }
      spec = next
      rest.removeFirst()
    }
    return try parse(rest, for: spec, configuration: configuration)
  }

  private static func parse(
    _ words: [String], for spec: CommandSpec, configuration: Configuration?
  ) throws(UsageError) -> Command {
    var parsed = try ArgumentScanner.scan(words, for: spec)
    guard let parse = spec.parse, !parsed.helpRequested else { return .help(path: spec.path) }
    if let configuration { parsed = configuration.applied(to: parsed, spec: spec) }
    return .run(try parse(parsed))
  }

  /// `coins help [<subcommand> …]`, or `coins <group> help [<subcommand> …]` under a group.
  private static func helpCommand(_ words: [String], under group: CommandSpec) throws(UsageError)
    -> Command
  {
    var spec = group
    for word in words {
      guard let next = spec.subcommand(named: word) else { throw unknownSubcommand(word, in: spec) }
      spec = next
    }
    return .help(path: spec.path)
  }

  private static func unknownSubcommand(_ word: String, in spec: CommandSpec) -> UsageError {
    let names = spec.subcommands.compactMap(\.path.last)
    let shown = Sanitizer.printable(word)
    if word.hasPrefix("-") {
      let candidates = spec.allOptions.map(\.name)
      let hint = Suggestion.closest(to: word, among: candidates).map { ". Did you mean '\($0)'?" }
      return UsageError("Unknown option '\(shown)'\(hint ?? "")", commandPath: spec.path)
    }
    let elsewhere = commands(named: word, under: CommandCatalog.root)
      .filter { $0.path != spec.path + [word] }.map(\.fullName)
    let hint =
      elsewhere.isEmpty
      ? Suggestion.closest(to: word, among: names).map { " Did you mean '\($0)'?" } ?? ""
      : " Did you mean \(alternatives(elsewhere.map { "'\($0)'" }))?"
    return UsageError("Unknown command '\(shown)'.\(hint)", commandPath: spec.path)
  }

  /// The commands in `spec`'s tree whose last word is `word` (`gains`: `coins portfolio
  /// gains`), in help order: a group's subcommand typed on its own, or under the wrong group.
  private static func commands(named word: String, under spec: CommandSpec) -> [CommandSpec] {
    spec.subcommands.flatMap { sub in
      (sub.path.last == word && sub.parse != nil ? [sub] : []) + commands(named: word, under: sub)
    }
  }

  /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
  private static func alternatives(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + last
  }
}
