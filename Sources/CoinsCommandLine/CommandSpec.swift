/// What a command accepts, in enough detail to parse it and to write its help.
package struct CommandSpec: Sendable {
  /// A `--name <value>` option or a `--name` flag.
  package struct Option: Sendable {
    /// The long name with dashes, e.g. `--currency`.
    var name: String
    /// A short alias with one dash, e.g. `-h`.
    package var shortName: String? = nil
    /// The value's name for help, e.g. `code`; `nil` for a flag.
    var valueName: String? = nil
    /// One line of help.
    var help: String
    /// The default shown in help, if any.
    var defaultValue: String? = nil
    /// What the value may be, for shell completion.
    var completion: CompletionKind = .text
    /// Left out of help, the manual and completion (for the completion scripts' own use).
    var isHidden: Bool = false

    /// `--currency <code>` or `--json`.
    var label: String {
      let names = [shortName, name].compactMap { $0 }.joined(separator: ", ")
      return valueName.map { "\(names) <\($0)>" } ?? names
    }

    /// `--currency <code>`, as error messages quote it.
    var quoted: String {
      valueName.map { "\(name) <\($0)>" } ?? name
    }
  }

  /// A positional argument.
  struct Argument: Sendable {
    /// Its name for help, e.g. `n` (shown `<n>`).
    var name: String
    /// One line of help.
    var help: String
    /// Whether it may be left out.
    var isOptional: Bool = false
    /// The default shown in help, if any.
    var defaultValue: String? = nil
    /// Whether it takes one or more words (`<coin> ...`).
    var isRepeating: Bool = false
    /// What it may be, for shell completion.
    var completion: CompletionKind = .text

    /// `<n>`, or `<coin> ...` for a repeating argument.
    var label: String { "<\(name)>" + (isRepeating ? " ..." : "") }
  }

  /// The command's words after `coins`, e.g. `["portfolio", "add"]` (empty for the root).
  package var path: [String]
  /// One line saying what the command does.
  var abstract: String
  /// A longer explanation with examples, if any.
  var discussion: String? = nil
  /// Positional arguments, in order.
  var arguments: [Argument] = []
  /// Options and flags (`--help` is added by the parser).
  var options: [Option] = []
  /// Subcommands, for a command that groups others.
  package var subcommands: [CommandSpec] = []
  /// Makes the command from its parsed words, throwing a usage error; `nil` for a group,
  /// whose words only choose a subcommand.
  var parse: (@Sendable (ParsedArguments) throws(UsageError) -> any RunnableCommand)? = nil

  /// `coins top`, as messages name it.
  package var fullName: String { (["coins"] + path).joined(separator: " ") }

  /// The help option every command has.
  static let helpOption = Option(name: "--help", shortName: "-h", help: "Show help information.")

  /// The options including `--help`.
  package var allOptions: [Option] { options + [Self.helpOption] }

  /// The options help, the manual and completion show: all but the hidden ones.
  var shownOptions: [Option] { allOptions.filter { !$0.isHidden } }

  /// The option with this long or short name.
  func option(named name: String) -> Option? {
    allOptions.first { $0.name == name || $0.shortName == name }
  }

  /// The subcommand with this name.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.path.last == name }
  }
}
