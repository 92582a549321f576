import Foundation
import Testing

/// The manual page: `coins help --man` is the checked-in `docs/coins.1`, lints clean with
/// groff and documents every command `--help` lists. (Its environment, files and exit statuses
/// are the tables of `docs/files-and-environment.md`: ``DocsTableTests``.)
@Suite(.spawnsProcesses) struct ManualEndToEndTests {
  static let checkedIn = MarkdownDocument.packageRoot.appendingPathComponent("docs/coins.1")

  @Test func theCheckedInPageIsWhatTheGeneratorWrites() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }

    let manual = try await coins.run(["help", "--man"])

    expectEqual(manual.status, 0)
    #expect(
      manual.stdout == (try String(contentsOf: Self.checkedIn, encoding: .utf8)),
      "docs/coins.1 is out of date: run `.build/debug/coins help --man > docs/coins.1`")
  }

  @Test(.enabled(if: RequiredTool.isAvailable("/usr/bin/groff"), "needs groff"))
  func thePageLintsCleanWithGroff() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }

    let lint = try await coins.run(
      ["-ww", "-man", "-z", Self.checkedIn.path], executable: URL(fileURLWithPath: "/usr/bin/groff")
    )

    expectEqual(lint.status, 0)
    expectEqual(lint.stderr, "")
  }

  @Test func everyCommandIsInThePage() async throws {
    let page = try String(contentsOf: Self.checkedIn, encoding: .utf8)
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let commands = try await CommandHelp.commands(of: coins)
    #expect(commands.count >= 25)
    for command in commands.keys.sorted() {
      #expect(page.contains(".SS \"coins \(command)\""), "coins \(command) is not in the manual")
    }
  }
}
