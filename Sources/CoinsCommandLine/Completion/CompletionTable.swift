/// The command catalog flattened for completion scripts: every command's path, subcommands,
/// options and arguments, read from the same specs that parsing and help read.
struct CompletionTable {
  /// One command (or group) of the catalog.
  struct Entry {
    /// `""` for the root, else the words after `coins`, e.g. `portfolio add`.
    var path: String
    var spec: CommandSpec

    /// The subcommands' names (the root also offers `help`).
    var subcommands: [String] {
      spec.subcommands.compactMap(\.path.last) + (path.isEmpty ? ["help"] : [])
    }

    /// Every option's names, long and short, `--help` included, hidden ones left out.
    var optionNames: [String] {
      spec.shownOptions.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
    }

    /// The options that take a value.
    var valuedOptions: [CommandSpec.Option] {
      spec.shownOptions.filter { $0.valueName != nil }
    }

    /// The options that take a value, each under its long and its short name (`--currency`,
    /// `-c`), as the scripts meet them on the command line.
    var valuedNames: [(name: String, option: CommandSpec.Option)] {
      valuedOptions.flatMap { option in
        ([option.name] + (option.shortName.map { [$0] } ?? [])).map { ($0, option) }
      }
    }
  }

  /// Every command, the root first, parents before their subcommands.
  let entries: [Entry]

  /// The table of `root` and everything under it.
  init(root: CommandSpec = CommandCatalog.root) {
    var entries: [Entry] = []
    func walk(_ spec: CommandSpec) {
      entries.append(Entry(path: spec.path.joined(separator: " "), spec: spec))
      spec.subcommands.forEach(walk)
    }
    walk(root)
    self.entries = entries
  }

  /// The words a kind offers, with `@coins`, `@categories` and `@files` standing for what the
  /// script asks for when it completes (the cache, or the file system).
  static func words(_ kind: CompletionKind) -> [String] {
    switch kind {
    case .text: []
    case .choices(let choices): choices
    case .currency: CompletionKind.currencyCodes
    case .coin: ["@coins"]
    case .heldCoin: ["@held"]
    case .coinList: ["@coinlist"]
    case .coinOrCurrency: ["@coins"] + CompletionKind.currencyCodes
    case .category: ["@categories"]
    case .file: ["@files"]
    }
  }

  /// The hidden options of `coins completions` that list the cache's names.
  static let listCoinsOption = "--list-coins"
  static let listCategoriesOption = "--list-categories"
  static let listHeldOption = "--list-held"
}
