import CoinsTestSupport
import Foundation
import Testing

/// The README and the binary kept together: every example block runs against the built
/// `coins` and must show what the README shows, and the options the README documents are the
/// options each command's `--help` lists.
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
@Suite(.spawnsProcesses) struct ReadmeTests {
  static let examples = (try? ReadmeDocument.load().examples) ?? []

  /// A host that never resolves, named `api.coingecko.com` in the README's offline examples.
  static let offlineHost = "coins-readme.invalid"

  @Test func everyCommandExampleSaysHowToRunIt() throws {
    let readme = try ReadmeDocument.load()
    #expect(Self.examples.count >= 10, "the README's examples went missing")
    for (index, line) in readme.lines.enumerated() where line.hasPrefix("$ coins") {
      var fence = index
      while fence > 0, !readme.lines[fence].hasPrefix("```") { fence -= 1 }
      #expect(
        fence > 0 && readme.lines[fence - 1].hasPrefix("<!-- example:"),
        "README line \(index + 1) shows `\(line)` in a block no test runs")
    }
  }

  @Test(arguments: examples)
  func exampleShowsWhatTheBinaryDoes(_ example: ReadmeDocument.Example) async throws {
    let fake = example.words.contains("fake") ? try await FakeCoinGecko.start() : nil
    defer { fake?.stop() }
    var coins = try CoinsBinary(baseURL: fake?.baseURL ?? "http://\(Self.offlineHost)/api/v3")
    defer { coins.cleanUp() }
    // The default folders under HOME, as the README shows them.
    coins.environment["XDG_CACHE_HOME"] = nil
    coins.environment["XDG_DATA_HOME"] = nil
    coins.environment.merge(example.environment) { $1 }
    if let file = example.environment["COINS_PORTFOLIO"], !file.hasPrefix("/") {
      coins.environment["COINS_PORTFOLIO"] =
        ReadmeDocument.packageRoot.appendingPathComponent(file).path
    }
    if example.words.contains("fixed") { try await fake?.setTime("2026-11-29T12:00:00Z") }

    for command in example.setup {
      let result = try await coins.run(command)
      #expect(result.status == 0, "setup `coins \(command.joined(separator: " "))`: \(result)")
    }
    if example.words.contains("members"), let run = example.run {
      let result = try await coins.run(run)
      #expect(result.status == 0)
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

  /// The performance table is the one `Benchmarks/readme_table.py` writes from the run it
  /// names: a figure edited by hand, or a run file that went missing, fails here.
  @Test func performanceTableIsTheOneItsRecordedRunGives() async throws {
    let readme = try ReadmeDocument.load()
    let text = readme.lines.joined(separator: "\n")
    let source = try #require(
      text.firstMatch(of: /From `(Benchmarks\/runs\/[0-9TZ]+\.md)`/)?.output.1,
      "the README's performance table names no run")
    let root = ReadmeDocument.packageRoot
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    let rewritten = copy.file("README.md")
    try Data(text.utf8).write(to: rewritten)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", root.appendingPathComponent("Benchmarks/readme_table.py").path,
        root.appendingPathComponent(String(source)).path, rewritten.path,
      ], environment: nil)
    #expect(await child.exit(killingAfter: 60).status == 0)
    let regenerated = try String(contentsOf: rewritten, encoding: .utf8)
      .replacingOccurrences(of: root.path + "/", with: "")
    #expect(regenerated == text, "the performance table differs from what \(source) gives")
  }

  @Test func everyDocumentedOptionIsInHelpAndEveryHelpOptionIsDocumented() async throws {
    let documented = try ReadmeDocument.load().documentedOptions
    #expect(documented.count >= 9, "command sections went missing: \(documented.keys.sorted())")
    let coins = try CoinsBinary(baseURL: nil)
    defer { coins.cleanUp() }
    for (command, readmeOptions) in documented.sorted(by: { $0.key < $1.key }) {
      let help = try await coins.run(command.split(separator: " ").map(String.init) + ["--help"])
      #expect(help.status == 0, "coins \(command) --help")
      let helpOptions = Set(
        help.stdout.split(separator: "\n")
          .compactMap { $0.firstMatch(of: /^  (?:-[a-z], )?(--[a-z][a-z0-9-]*)/)?.output.1 }
          .map(String.init)
      ).subtracting(["--help"])
      #expect(
        readmeOptions.subtracting(helpOptions).isEmpty,
        "README documents for `coins \(command)` what its --help lacks: \(readmeOptions.subtracting(helpOptions).sorted())"
      )
      #expect(
        helpOptions.subtracting(readmeOptions).isEmpty,
        "`coins \(command) --help` has options the README leaves out: \(helpOptions.subtracting(readmeOptions).sorted())"
      )
    }
  }
}
