import Foundation
import Testing

/// A group's subcommand typed on its own, through the built binary: a usage error naming the
/// command (or commands) meant.
@Suite(.spawnsProcesses) struct CommandHintEndToEndTests {
  @Test(arguments: [
    (["gains", "--year", "2025"], "'coins portfolio gains'"),
    (["history", "sol"], "'coins portfolio history'"),
    (["sell", "btc", "1"], "'coins portfolio sell'"),
    (["check"], "'coins portfolio check' or 'coins alert check'"),
    (["list"], "'coins portfolio list', 'coins alert list' or 'coins prices list'"),
  ])
  func aSubcommandTypedAloneNamesItsGroup(words: [String], meant: String) async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(words)

    expectEqual(result.status, 64)
    expectEqual(result.stdout, "")
    #expect(
      result.stderr
        == "Error: Unknown command '\(words[0])'. Did you mean \(meant)?\n"
        + "Usage: coins <subcommand> [--version]\n"
        + "  See 'coins --help' for more information.\n")
  }
}
