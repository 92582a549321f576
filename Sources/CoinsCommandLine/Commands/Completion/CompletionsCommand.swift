import CoinsServices

/// `coins completions bash|zsh|fish`: prints a completion script generated from the catalog.
/// Its hidden options list the coins and categories in the cache for the scripts.
struct CompletionsCommand: RunnableCommand, Equatable {
  /// The shells there are scripts for.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// What to print.
  enum Output: Equatable, Sendable {
    case script(Shell)
    case cachedCoins
    case cachedCategories
    case heldCoins
  }

  var output: Output

  static let listCoinsOption = CommandSpec.Option(
    name: CompletionTable.listCoinsOption,
    help: "Print the symbols and ids in the cache, one a line.", isHidden: true)
  static let listCategoriesOption = CommandSpec.Option(
    name: CompletionTable.listCategoriesOption,
    help: "Print the category ids in the cache, one a line.", isHidden: true)
  static let listHeldOption = CommandSpec.Option(
    name: CompletionTable.listHeldOption,
    help: "Print the symbols and ids of the portfolio's coins, one a line.", isHidden: true)

  static let spec = CommandSpec(
    path: ["completions"],
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, options, their fixed values and currencies, and
      coins from the symbols and ids in the cache (it never asks CoinGecko).

      Examples:
        coins completions bash > ~/.local/share/bash-completion/completions/coins
        coins completions zsh > "${fpath[1]}/_coins"
        coins completions fish > ~/.config/fish/completions/coins.fish
      """,
    arguments: [
      .init(
        name: "shell", help: "bash, zsh or fish.",
        completion: .choices(Shell.allCases.map(\.rawValue)))
    ],
    options: [listCoinsOption, listCategoriesOption, listHeldOption],
    parse: { parsed throws(UsageError) in try CompletionsCommand(parsed) })

  init(_ parsed: ParsedArguments) throws(UsageError) {
    let path = Self.spec.path
    if parsed.flag(Self.listCoinsOption) {
      output = .cachedCoins
      return
    }
    if parsed.flag(Self.listCategoriesOption) {
      output = .cachedCategories
      return
    }
    if parsed.flag(Self.listHeldOption) {
      output = .heldCoins
      return
    }
    guard let word = parsed.positionals.first else {
      throw UsageError("Missing expected argument '<shell>'", commandPath: path)
    }
    try ParsedArguments.noExtra(parsed.positionals.dropFirst(), path: path)
    output = .script(try OptionValue.choice(word, for: "<shell>", path: path))
  }

  func run(in context: CommandContext) async throws(CommandFailure) {
    let directory = MarketCache.defaultDirectory(environment: context.environment)
    switch output {
    case .script(.bash): context.stdout.write(BashCompletion.script())
    case .script(.zsh): context.stdout.write(ZshCompletion.script())
    case .script(.fish): context.stdout.write(FishCompletion.script())
    case .cachedCoins:
      context.stdout.write(CachedNames.coins(in: directory).map { $0 + "\n" }.joined())
    case .cachedCategories:
      context.stdout.write(CachedNames.categories(in: directory).map { $0 + "\n" }.joined())
    case .heldCoins:
      // The default portfolio file (a `--file` on the line being completed is not known);
      // symbols from the coins named on disk.
      let ids = (try? context.portfolioStore(file: nil).load())?.holdings.map(\.id) ?? []
      let names = await context.coinNames()
      let words = ids.flatMap { [$0] + (names.coin($0).map { [$0.symbol.lowercased()] } ?? []) }
      context.stdout.write(
        Set(words).filter(CachedNames.isPlainWord).sorted().map { $0 + "\n" }.joined())
    }
  }
}
