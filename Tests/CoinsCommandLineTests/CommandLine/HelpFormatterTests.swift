import CoinsCommandLine
import CoinsUnitTestSupport
import Testing

@Suite struct HelpFormatterTests {
  static let topUsage = """
    coins top [<n>] [--currency <code>] [--sort <field>] [--reverse] [--json]
                     [--csv] [--ascii] [--category <id>] [--coins <list>]
                     [--favorites] [--max-age <seconds>] [--live]
                     [--timeout <seconds>] [--color <when>] [--utc]
    """

  static let topSections = """
    USAGE: \(topUsage)

    ARGUMENTS:
      <n>                     How many coins to list, 1 to 1000. (default: 20)

    OPTIONS:
      -c, --currency <code>   The currency to price in: usd, eur, gbp, jpy, btc,
                              eth, … (default: usd)
      -s, --sort <field>      Order by rank, price, change1h, change24h, change7d,
                              marketcap, volume or name. (default: rank)
      -r, --reverse           Reverse the order.
      --json                  Print JSON instead of a table.
      --csv                   Print CSV instead of a table.
      --ascii                 Draw sparklines in plain ASCII.
      --category <id>         Only the coins of this CoinGecko category (an id from
                              `coins categories`).
      --coins <list>          Only these coins (symbols or ids, comma-separated),
                              fetched by one ids request.
      --favorites             Only the favourites (marked with f in `coins watch`).
      --max-age <seconds>     Reuse a cached answer younger than this; 0 always asks
                              CoinGecko. (default: 60)
      --live                  Never fall back to cached or sample data: fail (exit
                              69) when CoinGecko cannot answer.
      --timeout <seconds>     Seconds to wait for each answer from CoinGecko; the
                              whole command, retries included, gives up after three
                              times that and falls back. (default: 10)
      --color <when>          Color output: auto, always or never. (default: auto)
      --utc                   Show times in UTC instead of the local time zone (TZ).
      -h, --help              Show help information.

    """

  @Test func usageLineWrapsUnderItself() {
    expectEqual(HelpFormatter.usage(for: TopOptions.spec), Self.topUsage)
    expectEqual(HelpFormatter.usage(for: CommandCatalog.root), "coins <subcommand> [--version]")
  }

  @Test func topHelpSections() {
    let help = HelpFormatter.help(for: TopOptions.spec)
    #expect(
      help.hasPrefix("OVERVIEW: List the top coins by market cap with a 7-day sparkline.\n\n"))
    #expect(help.hasSuffix(Self.topSections))
  }

  @Test
  func helpFitsIn80Columns() {
    for spec in [CommandCatalog.root, TopOptions.spec] {
      for line in HelpFormatter.help(for: spec).split(separator: "\n") {
        #expect(line.count <= 80, "\(line)")
      }
    }
  }

  @Test func rootHelpListsSubcommands() {
    let help = HelpFormatter.help(for: CommandCatalog.root)
    #expect(help.hasPrefix("OVERVIEW: "))
    #expect(
      help.contains(
        """

        USAGE: coins <subcommand> [--version]

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          top                     List the top coins by market cap with a 7-day
                                  sparkline.

        """))
    #expect(help.hasSuffix("\n\n  See 'coins help <subcommand>' for detailed help.\n"))
  }

  @Test func usageErrorHasThreeParts() {
    let error = UsageError("Unexpected argument '6'", commandPath: ["top"])
    #expect(
      HelpFormatter.usageError(error, spec: TopOptions.spec)
        == "Error: Unexpected argument '6'\nUsage: \(Self.topUsage)\n"
        + "  See 'coins top --help' for more information.\n")
  }
}
