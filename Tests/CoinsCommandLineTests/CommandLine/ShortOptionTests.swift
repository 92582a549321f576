import CoinsCommandLine
import CoinsUnitTestSupport
import Testing

/// The short options — `-c` (`--currency`), `-s` (`--sort`), `-r` (`--reverse`), `-n`
/// (`--interval`, as watch(1) has it) and `-h` — mean exactly their long options, and no command
/// gives one short name two meanings.
@Suite struct ShortOptionTests {
  @Test(
    arguments: [
      (
        ["top", "5", "-c", "eur", "-s", "volume", "-r"],
        ["top", "5", "--currency", "eur", "--sort", "volume", "--reverse"]
      ),
      (
        ["watch", "-n", "5", "-c", "gbp", "-s", "change24h"],
        ["watch", "--interval", "5", "--currency", "gbp", "--sort", "change24h"]
      ),
      (["categories", "-s", "name", "-r"], ["categories", "--sort", "name", "--reverse"]),
      (
        ["portfolio", "value", "-s", "pnl", "-r", "-c", "eur"],
        ["portfolio", "value", "--sort", "pnl", "--reverse", "--currency", "eur"]
      ),
      (["price", "btc", "-c", "jpy"], ["price", "btc", "--currency", "jpy"]),
      (["chart", "btc", "-c", "eur"], ["chart", "btc", "--currency", "eur"]),
    ] as [([String], [String])])
  func aShortOptionMeansItsLongOne(short: [String], long: [String]) throws {
    let parsedShort = try CommandParser.parse(short)
    let parsedLong = try CommandParser.parse(long)
    expectEqual(parsedShort, parsedLong)
  }

  @Test func theSetIsSmallAndNoCommandUsesANameTwice() {
    var all = Set<String>()
    func walk(_ spec: CommandSpec) {
      let shorts = spec.allOptions.compactMap(\.shortName)
      #expect(Set(shorts).count == shorts.count, "\(spec.fullName): \(shorts)")
      all.formUnion(shorts)
      spec.subcommands.forEach(walk)
    }
    walk(CommandCatalog.root)
    expectEqual(all, ["-c", "-s", "-r", "-n", "-h"])
  }

  @Test func aShortOptionWithoutItsValueIsAUsageError() {
    #expect(throws: UsageError("Missing value for '--currency <code>'", commandPath: ["top"])) {
      try CommandParser.parse(["top", "-c"])
    }
  }
}
