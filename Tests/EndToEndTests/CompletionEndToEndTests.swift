import Foundation
import Testing

/// `coins completions bash|zsh|fish` loaded by the real shells: commands, options, fixed
/// values and coins from the cache (and never the network).
@Suite(.spawnsProcesses) struct CompletionEndToEndTests {
  /// Each line completes one command line (the words after `t`) and prints
  /// `[words] -> candidates`, the candidates joined by spaces.
  static let lines = [
    ["coins", "to"], ["coins", "top", "--sort", ""], ["coins", "info", "b"],
    ["coins", "portfolio", "add", "btc", ""], ["coins", "top", "--color", "a"],
    ["coins", "top", "-s", ""], ["coins", "top", "-c", "eu"], ["coins", "chart", "b"],
    ["coins", "chart", "btc", "--range", ""], ["coins", "portfolio", "history", ""],
    ["coins", "portfolio", "sell", "s"], ["coins", "watch", "btc", "e"],
    ["coins", "top", "--coins", "btc,e"], ["coins", "portfolio", "gains", "--method", ""],
    ["coins", "portfolio", "value", "--method", "h"],
    ["coins", "portfolio", "gains", "--scope", ""],
    ["coins", "portfolio", "gains", "--rules", ""], ["coins", "portfolio", "gains", "--box", ""],
    ["coins", "portfolio", "performance", "--per", ""],
    ["coins", "portfolio", "value", "--sort", ""],
  ]

  /// What each line completes to. The fake's top 250 starting with b: Bitcoin (btc),
  /// BNB (binancecoin), Bitcoin Cash (bch); `<amount>` offers nothing; the short options
  /// complete as their long ones; the portfolio holds Solana only; a comma list completes the
  /// coin after the last comma; every option whose values are a fixed set offers them.
  static let expected = [
    "[coins to] -> top",
    "[coins top --sort ] -> change1h change24h change7d marketcap name price rank volume",
    "[coins info b] -> bch binancecoin bitcoin bitcoin-cash bnb btc",
    "[coins portfolio add btc ] -> ",
    "[coins top --color a] -> always auto",
    "[coins top -s ] -> change1h change24h change7d marketcap name price rank volume",
    "[coins top -c eu] -> eur",
    "[coins chart b] -> bch binancecoin bitcoin bitcoin-cash bnb btc",
    "[coins chart btc --range ] -> 14d 180d 1d 1y 30d 3y 5y 7d 90d max ytd",
    "[coins portfolio history ] -> sol solana",
    "[coins portfolio sell s] -> sol solana",
    "[coins watch btc e] -> etc eth ethereum ethereum-classic",
    "[coins top --coins btc,e] -> btc,etc btc,eth btc,ethereum btc,ethereum-classic",
    "[coins portfolio gains --method ] -> average fifo hifo lifo",
    "[coins portfolio value --method h] -> hifo",
    "[coins portfolio gains --scope ] -> universal wallet",
    "[coins portfolio gains --rules ] -> de uk us",
    "[coins portfolio gains --box ] -> no-form not-reported reported",
    "[coins portfolio performance --per ] -> month year",
    "[coins portfolio value --sort ] -> change24h name pnl share value",
  ]

  static let bash = """
    source <(coins completions bash)
    t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _coins
      printf '[%s] -> %s\\n' "$*" "$(printf '%s\\n' "${COMPREPLY[@]}" | sort | xargs)"; }
    """

  /// zsh's `compadd` and `compdef` exist only inside its completion system: stand-ins that
  /// print what the script offers, filtered by the prefix as `compadd` filters it.
  static let zsh = """
    compadd() { [[ $1 == -- ]] && shift; local w; for w in "$@"; do [[ $w == ${PREFIX}* ]] && print -r -- $w; done; }
    compdef() { :; }
    source <(coins completions zsh)
    t() { words=("$@"); CURRENT=${#words}; PREFIX=${words[CURRENT]}
      print -r -- "[$*] -> $(_coins | sort | xargs)"; }
    """

  static let fish = """
    coins completions fish | source
    function t
      set -l offered (complete -C "$argv" | cut -f1 | sort | string join ' ')
      echo "[$argv] -> $offered"
    end
    """

  private func run(_ shell: String, _ prelude: String, _ coins: CoinsBinary) async throws
    -> CoinsBinary.Result
  {
    let calls = Self.lines.map { words in
      "t " + words.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ")
    }
    let script =
      shell == "fish"
      ? prelude + "\n"
        + Self.lines.map { "t \"\($0.joined(separator: " "))\"" }.joined(
          separator: "\n")
      : prelude + "\n" + calls.joined(separator: "\n")
    return try await coins.run(
      ["-c", script], executable: URL(fileURLWithPath: "/usr/bin/\(shell)"))
  }

  private func primedCoins(_ fake: FakeCoinGecko) async throws -> CoinsBinary {
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    coins.environment["PATH"] =
      CoinsBinary.executableURL.deletingLastPathComponent().path + ":/usr/bin:/bin"
    let top = try await coins.run(["top", "3"])
    expectEqual(top.status, 0)
    let add = try await coins.run(["portfolio", "add", "sol", "3"])
    expectEqual(add.status, 0)
    try await fake.reset()
    return coins
  }

  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/bash"), "needs bash"))
  func bashCompletes() async throws {
    try await completesCommandsOptionValuesAndCachedCoins(shell: "bash", prelude: Self.bash)
  }

  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/zsh"), "needs zsh (Debian package zsh)"))
  func zshCompletes() async throws {
    try await completesCommandsOptionValuesAndCachedCoins(shell: "zsh", prelude: Self.zsh)
  }

  @Test(
    .enabled(if: RequiredTool.isAvailable("/usr/bin/fish"), "needs fish (Debian package fish)"))
  func fishCompletes() async throws {
    try await completesCommandsOptionValuesAndCachedCoins(shell: "fish", prelude: Self.fish)
  }

  private func completesCommandsOptionValuesAndCachedCoins(shell: String, prelude: String)
    async throws
  {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try await primedCoins(fake)
    defer { coins.cleanUp() }

    let result = try await run(shell, prelude, coins)

    expectEqual(result.stderr, "")
    #expect(result.stdoutLines.dropLast() == Self.expected[...], "\(shell): \(result.stdout)")
    // Completing reads the cache only.
    #expect(try await fake.requests().isEmpty)
  }

  @Test func theScriptsOfferEveryCommandTheCatalogHas() async throws {
    var coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    coins.environment["PATH"] =
      CoinsBinary.executableURL.deletingLastPathComponent().path + ":/usr/bin:/bin"

    let help = try await coins.run(["--help"])
    let offered = try await coins.run(
      ["-c", Self.bash + "\nt coins ''"], executable: URL(fileURLWithPath: "/usr/bin/bash"))
    let unknown = try await coins.run(["completions", "tcsh"])

    let section = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last ?? ""
    let commands = section.split(separator: "\n").compactMap {
      $0.firstMatch(of: /^  ([a-z]+)\s/)?.output.1
    }.map(String.init)
    #expect(commands.contains("completions"))
    #expect(
      offered.stdout == "[coins ] -> \((commands + ["help"]).sorted().joined(separator: " "))\n")
    expectEqual(unknown.status, 64)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: The value 'tcsh' is invalid for '<shell>'. Please provide one of 'bash', 'zsh', "
          + "'fish'.\nUsage: coins completions <shell>\n"))
  }
}
