import CoinsCommandLine
import CoinsUnitTestSupport
import Testing

@Suite struct CommandCatalogTests {
  @Test func everyNameBuildsTheCommandOfThatName() {
    expectEqual(CommandCatalog.names.count, 15)
    for name in CommandCatalog.names {
      expectEqual(CommandCatalog.command(named: name)?.path, [name])
    }
    expectEqual(CommandCatalog.root.subcommands.map(\.path), CommandCatalog.names.map { [$0] })
  }

  @Test func anUnknownNameHasNoCommand() {
    #expect(CommandCatalog.command(named: "tops") == nil)
    #expect(CommandCatalog.command(named: "") == nil)
    #expect(CommandCatalog.command(named: "--version") == nil)
  }
}
