import Foundation

/// What the built `coins` says of itself in `--help`: every command that runs (the groups'
/// subcommands followed down to the leaves) and the options each lists.
enum CommandHelp {
  /// `portfolio add` → the options `coins portfolio add --help` lists, `--help` left out.
  static func commands(of coins: CoinsBinary) async throws -> [String: Set<String>] {
    var found: [String: Set<String>] = [:]
    var pending: [[String]] = [[]]
    while let path = pending.popLast() {
      let help = try await coins.run(path + ["--help"])
      guard help.status == 0 else {
        throw Failure(text: "`coins \(path.joined(separator: " ")) --help` exited \(help.status)")
      }
      let subcommands = subcommands(in: help.stdout)
      if subcommands.isEmpty {
        found[path.joined(separator: " ")] = options(in: help.stdout)
      } else {
        pending += subcommands.map { path + [$0] }
      }
    }
    return found
  }

  /// The long options a help text lists under `OPTIONS:`, `--help` left out.
  static func options(in help: String) -> Set<String> {
    Set(
      section("OPTIONS", of: help)
        .compactMap { $0.firstMatch(of: /^  (?:-[a-z], )?(--[a-z][a-z0-9-]*)/)?.output.1 }
        .map(String.init)
    ).subtracting(["--help"])
  }

  /// The names a help text lists under `SUBCOMMANDS:`.
  static func subcommands(in help: String) -> [String] {
    section("SUBCOMMANDS", of: help)
      .compactMap { $0.firstMatch(of: /^  ([a-z]+)\s/)?.output.1 }.map(String.init)
  }

  private static func section(_ name: String, of help: String) -> [Substring] {
    guard let start = help.range(of: "\n\(name):\n") else { return [] }
    return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.hasSuffix(":") || $0.hasPrefix(" ") }
  }

  struct Failure: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }
}
