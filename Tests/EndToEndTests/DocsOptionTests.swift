import Foundation
import Testing

/// The reference in `docs/` and `--help` agree: every command that runs has a section there,
/// each section documents exactly the options its command's `--help` lists, and every
/// `coins …` line the README and the pages show in a shell block uses only options its command
/// has.
@Suite(.spawnsProcesses) struct DocsOptionTests {
  @Test func everyCommandHasASectionDocumentingExactlyTheOptionsItsHelpLists() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let commands = try await CommandHelp.commands(of: coins)
    #expect(commands.count >= 25, "commands went missing from --help: \(commands.keys.sorted())")
    var documented: [String: Set<String>] = [:]
    for page in try MarkdownDocument.guide() {
      documented.merge(page.documentedOptions) { $0.union($1) }
    }

    for command in commands.keys.sorted() where documented[command] == nil {
      Issue.record("`coins \(command)` has no section in docs/ (a heading naming it)")
    }
    for command in documented.keys.sorted() where commands[command] == nil {
      Issue.record("docs/ has a section for `coins \(command)`, which --help does not list")
    }
    for (command, options) in commands.sorted(by: { $0.key < $1.key }) {
      guard let written = documented[command] else { continue }
      #expect(
        options.subtracting(written).isEmpty,
        "`coins \(command) --help` lists options docs/ leaves out: \(options.subtracting(written).sorted())"
      )
      #expect(
        written.subtracting(options).isEmpty,
        "docs/ documents for `coins \(command)` what its --help lacks: \(written.subtracting(options).sorted())"
      )
    }
  }

  @Test func everyCommandLineShownUsesOnlyOptionsItsCommandHas() async throws {
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    let commands = try await CommandHelp.commands(of: coins)
    var checked = 0
    for page in try MarkdownDocument.all() {
      for shown in page.shownCommandLines {
        let place = "\(page.page) line \(shown.line): coins \(shown.words.joined(separator: " "))"
        guard let first = shown.words.first, first != "help", !first.hasPrefix("-") else {
          continue
        }
        let path = (1...min(3, shown.words.count)).reversed()
          .map { shown.words.prefix($0).joined(separator: " ") }
          .first { commands[$0] != nil }
        guard let path, let options = commands[path] else {
          Issue.record("\(place) names no command --help lists")
          continue
        }
        let used = Set(
          shown.words.filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "=" }) })
        #expect(
          used.subtracting(options.union(["--help"])).isEmpty,
          "\(place) uses what `coins \(path)` lacks: \(used.subtracting(options).sorted())")
        checked += 1
      }
    }
    #expect(checked >= 40, "the shell blocks' command lines went missing (\(checked) found)")
  }
}
