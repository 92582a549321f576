import CoinsCommandLine
import Testing

@Suite struct CommandCatalogTests {
  @Test func everyNameBuildsTheCommandOfThatName() {
    #expect(CommandCatalog.names.count == 15)
    for name in CommandCatalog.names {
      #expect(CommandCatalog.command(named: name)?.path == [name])
    }
    #expect(CommandCatalog.root.subcommands.map(\.path) == CommandCatalog.names.map { [$0] })
  }

  @Test func anUnknownNameHasNoCommand() {
    #expect(CommandCatalog.command(named: "tops") == nil)
    #expect(CommandCatalog.command(named: "") == nil)
    #expect(CommandCatalog.command(named: "--version") == nil)
  }
}
