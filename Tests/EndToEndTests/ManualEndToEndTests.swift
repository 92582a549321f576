import Foundation
import Testing

/// The manual page: `coins help --man` is the checked-in `docs/coins.1`, lints clean with
/// groff, documents every command, and lists the README's environment variables and exit
/// codes.
@Suite(.spawnsProcesses) struct ManualEndToEndTests {
  static let checkedIn = ReadmeDocument.packageRoot.appendingPathComponent("docs/coins.1")

  @Test func theCheckedInPageIsWhatTheGeneratorWrites() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }

    let manual = try await coins.run(["help", "--man"])

    #expect(manual.status == 0)
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

    #expect(lint.status == 0)
    #expect(lint.stderr == "")
  }

  @Test func everyCommandEnvironmentVariableAndExitCodeIsInThePage() async throws {
    let page = try String(contentsOf: Self.checkedIn, encoding: .utf8)
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let help = try await coins.run(["--help"])
    let commands = (help.stdout.components(separatedBy: "SUBCOMMANDS:\n").last ?? "")
      .split(separator: "\n").compactMap { $0.firstMatch(of: /^  ([a-z]+)\s/)?.output.1 }
    #expect(commands.count >= 10)
    for command in commands {
      #expect(page.contains(".SS \"coins \(command)"), "coins \(command) is not in the manual")
    }

    let readme = try ReadmeDocument.load().lines
    func firstCells(under heading: String) -> [String] {
      let start = readme.firstIndex(of: heading) ?? readme.endIndex
      return readme[start...].dropFirst().prefix { !$0.hasPrefix("## ") }
        .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| variable") && !$0.hasPrefix("| code") }
        .map { String($0.split(separator: "|").first ?? "") }
    }
    let variables = firstCells(under: "## Environment").flatMap {
      $0.matches(of: /`([A-Za-z_]+)`/).map { String($0.output.1) }
    }
    func named(in section: String, by macro: String) -> Set<String> {
      let body = page.components(separatedBy: ".SH \(section)\n").last ?? ""
      let lines = body.components(separatedBy: "\n.SH ").first?.split(separator: "\n") ?? []
      return Set(
        lines.filter { $0.hasPrefix(macro + " ") }.flatMap {
          $0.dropFirst(macro.count + 1).replacingOccurrences(of: "\\-", with: "-")
            .components(separatedBy: ", ")
        })
    }
    #expect(variables.count >= 10)
    #expect(named(in: "ENVIRONMENT", by: ".B") == Set(variables))
    let codes = firstCells(under: "## Exit codes").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(codes.count >= 5)
    #expect(named(in: "EXIT STATUS", by: ".B") == Set(codes))
    let files = firstCells(under: "## Files").flatMap {
      $0.matches(of: /`(~\/[^`]+)`/).map { String($0.output.1) }
    }
    #expect(files.count >= 5)
    #expect(Set(files).isSubset(of: named(in: "FILES", by: ".I")), "files missing from the manual")
  }
}
