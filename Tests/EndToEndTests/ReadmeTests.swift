import Foundation
import Testing

/// The README is a front door: it fits in 300 lines, holds no reference section (those are in
/// `docs/`), and gets a newcomer to a running `coins top 20`, a portfolio value and a chart on
/// its own — with examples that run (``DocsExampleTests``). Its links, and the pages', lead
/// somewhere.
@Suite struct ReadmeTests {
  @Test func readmeFitsInThreeHundredLinesAndLeavesTheReferenceToDocs() throws {
    let readme = try MarkdownDocument.readme()
    #expect(readme.lines.count <= 300, "README.md has \(readme.lines.count) lines")
    #expect(
      readme.documentedOptions.isEmpty,
      "README.md has command sections, which belong in docs/: \(readme.documentedOptions.keys.sorted())"
    )
    let linked = Set(readme.links.map { $0.target.prefix { $0 != "#" } })
    for page in try MarkdownDocument.guide() {
      #expect(linked.contains(Substring(page.page)), "README.md does not link to \(page.page)")
    }
  }

  @Test func readmeAloneRunsTheMarketAPortfolioValueAndAChart() throws {
    let readme = try MarkdownDocument.readme()
    let shown = readme.shownCommandLines.map { $0.words.joined(separator: " ") }
    #expect(shown.contains("top 20"), "the set-up block has no `swift run coins top 20`")
    #expect(
      readme.lines.contains { $0.hasPrefix("Tests/test-release.sh") },
      "the set-up block has no test command")
    let run = readme.examples.flatMap { example in
      example.steps.map { $0.arguments.prefix(2).joined(separator: " ") }
    }
    for command in ["top 5", "portfolio add", "portfolio value", "chart btc", "price btc"] {
      #expect(run.contains(command), "no example in README.md runs `coins \(command)`")
    }
  }

  @Test func everyLinkLeadsToAPageAndHeadingThatExist() throws {
    let pages = try MarkdownDocument.all()
    let byPath = Dictionary(uniqueKeysWithValues: pages.map { ($0.page, $0) })
    var checked = 0
    for page in pages {
      let folder = page.page.split(separator: "/").dropLast().joined(separator: "/")
      for link in page.links where !link.target.contains("://") {
        checked += 1
        let parts = link.target.split(
          separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? page.page : Self.normalized(folder + "/" + parts[0])
        let place = "\(page.page) line \(link.line): (\(link.target))"
        let url = MarkdownDocument.packageRoot.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else {
          Issue.record("\(place) leads to no file")
          continue
        }
        if parts.count == 2, let target = byPath[file] {
          #expect(target.anchors.contains(String(parts[1])), "\(place): no such heading")
        }
      }
    }
    #expect(checked >= 20)
  }

  /// `docs/../README.md` → `README.md`, `./docs/a.md` → `docs/a.md`.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
    }
    return parts.joined(separator: "/")
  }
}

extension MarkdownDocument {
  /// A Markdown link `[text](target)` outside code, and its line.
  struct Link {
    var line: Int
    var target: String
  }

  var links: [Link] {
    var found: [Link] = []
    var inCode = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode else { continue }
      let prose = line.replacing(/`[^`]*`/, with: "")
      for match in prose.matches(of: /\]\(([^)\s]+)\)/) {
        found.append(Link(line: index + 1, target: String(match.output.1)))
      }
    }
    return found
  }

  /// The anchors GitHub gives the page's headings: lower case, punctuation but `-` and `_`
  /// dropped, spaces made `-`, and `-1`, `-2` after a repeated one.
  var anchors: Set<String> {
    var seen: [String: Int] = [:]
    var result: Set<String> = []
    var inCode = false
    for line in lines {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode, let heading = line.firstMatch(of: /^#+ (.*)$/) else { continue }
      let slug = String(
        heading.output.1.lowercased().unicodeScalars.compactMap { scalar -> Character? in
          if scalar == " " { return "-" }
          let kept = CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_"
          return kept ? Character(scalar) : nil
        })
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      result.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return result
  }
}
