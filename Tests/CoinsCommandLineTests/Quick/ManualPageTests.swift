import CoinsCommandLine
import CoinsUnitTestSupport
import Testing

/// coins(1) from the catalog: roff escaping, the commands it documents, how it is asked for.
@Suite struct ManualPageTests {
  @Test func helpManAsksForTheManual() throws {
    try expectEqual(CommandParser.parse(["help", "--man"]), .run(ManualCommand()))
    try expectEqual(CommandParser.parse(["help", "top"]), .help(path: ["top"]))
  }

  @Test func textIsEscapedForRoff() {
    expectEqual(ManualPage.escape("--max-age"), "\\-\\-max\\-age")
    expectEqual(ManualPage.escape(".hidden"), "\\&.hidden")
    expectEqual(ManualPage.escape("'quoted"), "\\&'quoted")
    expectEqual(ManualPage.escape("a\\b"), "a\\eb")
    expectEqual(ManualPage.escape("usd, …"), "usd, \\[u2026]")
    expectEqual(ManualPage.escape("🚀"), "\\[u1F680]")
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
