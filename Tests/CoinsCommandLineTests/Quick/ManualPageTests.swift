import CoinsCommandLine
import Testing

/// coins(1) from the catalog: roff escaping, the commands it documents, how it is asked for.
@Suite struct ManualPageTests {
  @Test func helpManAsksForTheManual() throws {
    #expect(try CommandParser.parse(["help", "--man"]) == .run(ManualCommand()))
    #expect(try CommandParser.parse(["help", "top"]) == .help(path: ["top"]))
  }

  @Test func textIsEscapedForRoff() {
    #expect(ManualPage.escape("--max-age") == "\\-\\-max\\-age")
    #expect(ManualPage.escape(".hidden") == "\\&.hidden")
    #expect(ManualPage.escape("'quoted") == "\\&'quoted")
    #expect(ManualPage.escape("a\\b") == "a\\eb")
    #expect(ManualPage.escape("usd, …") == "usd, \\[u2026]")
    #expect(ManualPage.escape("🚀") == "\\[u1F680]")
  }

  @Test func everyCommandThatRunsIsDocumentedAndNoGroupOrHiddenOption() {
    let page = ManualPage.render()
    let names = ManualPage.leaves(of: CommandCatalog.root).map(\.fullName)
    #expect(names.contains("coins portfolio add"))
    #expect(!names.contains("coins portfolio"))
    #expect(names.contains("coins completions"))
    for name in names {
      #expect(page.contains(".SS \"\(ManualPage.escape(name))\"\n"))
    }
    #expect(!page.contains("list\\-coins"))
    #expect(page.split(separator: "\n").allSatisfy { !$0.contains("\t") })
  }

  @Test func examplesStayUnfilledAndParagraphsBreakAtBlankLines() {
    #expect(
      ManualPage.paragraphs("One\ntwo.\n\nThree.\n\nExamples:\n  coins top\n  coins top 5\n")
        == [
          ".PP", "One", "two.", ".PP", "Three.", ".PP", "Examples:", ".PP", ".nf", ".RS 4",
          "coins top", "coins top 5", ".RE", ".fi",
        ])
  }
}
