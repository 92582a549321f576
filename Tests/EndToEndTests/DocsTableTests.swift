import CoinsTestSupport
import Foundation
import Testing

/// The tables of the docs that are written from a source, never by hand: the performance table
/// from the benchmark run it names (`Benchmarks/readme_table.py`), and the environment, files
/// and exit-status tables from the manual page (`docs/manual_tables.py`), whose facts are
/// `ManualFacts`. Each is regenerated into a copy and compared, so a figure or a line edited by
/// hand, or a source that changed without its table, fails here.
@Suite(.spawnsProcesses) struct DocsTableTests {
  static let root = MarkdownDocument.packageRoot

  @Test func performanceTableIsTheOneItsRecordedRunGives() async throws {
    let page = try MarkdownDocument.load("docs/performance.md")
    let text = page.lines.joined(separator: "\n")
    let source = try #require(
      text.firstMatch(of: /From `(Benchmarks\/runs\/[0-9TZ]+\.md)`/)?.output.1,
      "docs/performance.md's table names no run")
    let regenerated = try await Self.regenerate(
      text, with: "Benchmarks/readme_table.py", from: String(source))
    #expect(regenerated == text, "the performance table differs from what \(source) gives")
  }

  @Test func environmentFilesAndExitStatusTablesAreTheManualsFacts() async throws {
    let pages = try MarkdownDocument.all().filter {
      $0.lines.contains { $0.hasPrefix("<!-- manual:") }
    }
    let reference = try #require(pages.first { $0.page == "docs/files-and-environment.md" })
    for block in ["environment", "files", "exit-status"] {
      #expect(reference.lines.contains("<!-- manual:\(block) -->"), "no \(block) table")
    }
    for page in pages {
      let text = page.lines.joined(separator: "\n")
      let regenerated = try await Self.regenerate(
        text, with: "docs/manual_tables.py", from: "docs/coins.1")
      #expect(
        regenerated == text,
        "\(page.page)'s tables differ from the manual's: run `python3 docs/manual_tables.py docs/coins.1 \(page.page)`"
      )
    }
    let statuses = reference.tableFirstCells(after: "<!-- manual:exit-status -->")
    #expect(statuses.contains("`75`") && statuses.count >= 7, "exit statuses: \(statuses)")
  }

  /// A path under coins' own folders that the README or a page names is a file the manual
  /// lists, or a folder of one.
  @Test func everyFileThePagesNameIsOneTheManualLists() throws {
    let listed = try MarkdownDocument.load("docs/files-and-environment.md")
      .tableFirstCells(after: "<!-- manual:files -->")
      .flatMap(Self.paths(inFilesCell:))
    #expect(listed.count >= 15, "the files table went missing")
    let patterns = try listed.map(Self.pattern(forListedPath:))
    var named = 0
    for page in try MarkdownDocument.all() {
      for (index, line) in page.lines.enumerated() {
        for match in line.matches(of: Self.coinsPath) {
          let path = String(match.output).trimmingCharacters(in: CharacterSet(charactersIn: "."))
          named += 1
          let known =
            patterns.contains { path.wholeMatch(of: $0) != nil }
            || (path.hasSuffix("/") && listed.contains { $0.hasPrefix(path) })
          #expect(
            known, "\(page.page) line \(index + 1) names \(path), which the manual does not list")
        }
      }
    }
    #expect(named >= 20)
  }

  /// A path under the cache, data or config folder of `coins`.
  static var coinsPath: Regex<Substring> {
    /~\/\.(?:cache|local\/share|config)\/coins\/[A-Za-z0-9_.<>…\/-]*/
  }

  /// A regex matching the paths a listed one stands for: `<id>` is any name, `…` anything.
  static func pattern(forListedPath path: String) throws -> Regex<AnyRegexOutput> {
    var pattern = ""
    var placeholder = false
    for character in path {
      switch character {
      case "<":
        placeholder = true
        pattern += "[^/]+"
      case ">": placeholder = false
      case _ where placeholder: continue
      case "…": pattern += ".*"
      case _ where character.isLetter || character.isNumber: pattern.append(character)
      default: pattern += "\\" + String(character)
      }
    }
    return try Regex(pattern)
  }

  /// `~/.cache/coins/a.json, b.json` → both paths in full.
  static func paths(inFilesCell cell: String) -> [String] {
    let names = cell.split(separator: ",").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
    }
    guard let first = names.first, let slash = first.lastIndex(of: "/") else { return names }
    return [first] + names.dropFirst().map { first[...slash] + $0 }
  }

  /// `text` as the script at `script` rewrites it from `source` (both relative to the package).
  static func regenerate(_ text: String, with script: String, from source: String) async throws
    -> String
  {
    let copy = try TemporaryDirectory()
    defer { copy.remove() }
    let rewritten = copy.file("page.md")
    try Data(text.utf8).write(to: rewritten)
    let child = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", root.appendingPathComponent(script).path,
        root.appendingPathComponent(source).path, rewritten.path,
      ], environment: nil)
    #expect(await child.exit(killingAfter: 60).status == 0, "python3 \(script) failed")
    return try String(contentsOf: rewritten, encoding: .utf8)
      .replacingOccurrences(of: root.path + "/", with: "")
  }
}

extension MarkdownDocument {
  /// The first cells of the table right after the line `marker`, its heading rows left out.
  func tableFirstCells(after marker: String) -> [String] {
    guard let start = lines.firstIndex(of: marker) else { return [] }
    return lines[(start + 1)...].prefix { $0.hasPrefix("|") }.dropFirst(2)
      .map { String($0.split(separator: "|").first ?? "").trimmingCharacters(in: .whitespaces) }
  }
}
