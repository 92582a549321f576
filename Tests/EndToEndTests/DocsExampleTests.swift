import Foundation
import Testing

/// The README, the pages of `docs/` and the binary kept together: every example block runs
/// against the built `coins` and must show what the page shows.
///
/// An example block is a fenced block right after an `<!-- example: … -->` line, whose words say
/// how to run it: `offline` (CoinGecko cannot be reached: the bundled sample, so the output is
/// exact) or `fake` (the loopback fake CoinGecko); `shape` compares figures, times and charts
/// as placeholders (``OutputShape``) where they are live; `members` compares the member names
/// of a JSON sketch with those `run="…"` prints; `setup="…; …"` runs commands first;
/// `COLUMNS=80` and the like set the environment (a relative `COINS_PORTFOLIO` is a file of the
/// package, such as `Samples/portfolio.json`); `fixed` freezes the fake's clock at
/// 2026-11-29 12:00:00 UTC, as the goldens do, so its histories (and charts) are the same on
/// every run. Output lines are stderr's, then stdout's, as a terminal shows them; the run's
/// HOME is shown as `/home/me`.
@Suite(.spawnsProcesses) struct DocsExampleTests {
  static let examples = (try? MarkdownDocument.all().flatMap(\.examples)) ?? []

  /// A host that never resolves, named `api.coingecko.com` in the offline examples.
  static let offlineHost = "coins-readme.invalid"

  @Test func everyPageShowsExamplesAndEachSaysHowToRunIt() throws {
    let pages = try MarkdownDocument.all()
    #expect(pages.count >= 10, "pages of docs/ went missing: \(pages.map(\.page))")
    #expect(Self.examples.count >= 25, "the examples went missing")
    for page in pages {
      for (index, line) in page.lines.enumerated() where line.hasPrefix("$ coins") {
        var fence = index
        while fence > 0, !page.lines[fence].hasPrefix("```") { fence -= 1 }
        #expect(
          fence > 0 && page.lines[fence - 1].hasPrefix("<!-- example:"),
          "\(page.page) line \(index + 1) shows `\(line)` in a block no test runs")
      }
    }
  }

  @Test(arguments: examples)
  func exampleShowsWhatTheBinaryDoes(_ example: MarkdownDocument.Example) async throws {
    let fake = example.words.contains("fake") ? try await FakeCoinGecko.start() : nil
    defer { fake?.stop() }
    var coins = try CoinsBinary(baseURL: fake?.baseURL ?? "http://\(Self.offlineHost)/api/v3")
    defer { coins.cleanUp() }
    // The default folders under HOME, as the pages show them.
    coins.environment["XDG_CACHE_HOME"] = nil
    coins.environment["XDG_DATA_HOME"] = nil
    coins.environment.merge(example.environment) { $1 }
    if let file = example.environment["COINS_PORTFOLIO"], !file.hasPrefix("/") {
      coins.environment["COINS_PORTFOLIO"] =
        MarkdownDocument.packageRoot.appendingPathComponent(file).path
    }
    if example.words.contains("fixed") { try await fake?.setTime("2026-11-29T12:00:00Z") }

    for command in example.setup {
      let result = try await coins.run(command)
      #expect(result.status == 0, "setup `coins \(command.joined(separator: " "))`: \(result)")
    }
    if example.words.contains("members"), let run = example.run {
      let result = try await coins.run(run)
      expectEqual(result.status, 0)
      #expect(
        OutputShape.memberNames(example.body.joined(separator: "\n"))
          == OutputShape.memberNames(result.stdout),
        "members of `coins \(run.joined(separator: " "))`: \(result.stdout.prefix(400))")
    }
    for step in example.steps {
      let result = try await coins.run(step.arguments)
      let shown = (result.stderr + result.stdout)
        .replacingOccurrences(of: coins.home.path, with: "/home/me")
        .replacingOccurrences(of: Self.offlineHost, with: "api.coingecko.com")
      var lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      let command = "coins " + step.arguments.joined(separator: " ")
      #expect(result.status == 0, "`\(command)` exited \(result.status): \(result.stderr)")
      if example.words.contains("shape") {
        #expect(
          lines.map(OutputShape.of) == step.expected.map(OutputShape.of),
          "`\(command)` printed:\n\(lines.joined(separator: "\n"))")
      } else {
        #expect(lines == step.expected, "`\(command)` printed:\n\(lines.joined(separator: "\n"))")
      }
    }
  }
}
