import CoinsCommandLine
import CoinsUnitTestSupport
import Testing

@Suite struct CommandParserTests {
  private func top(_ change: (inout TopOptions) -> Void = { _ in }) -> Command {
    var options = TopOptions()
    change(&options)
    return .run(TopCommand(options: options))
  }

  @Test(arguments: [
    ([String](), Command.help(path: [])),
    (["--help"], .help(path: [])),
    (["-h"], .help(path: [])),
    (["help"], .help(path: [])),
    (["help", "top"], .help(path: ["top"])),
    (["portfolio", "help"], .help(path: ["portfolio"])),
    (["portfolio", "help", "add"], .help(path: ["portfolio", "add"])),
    (["help", "portfolio", "value"], .help(path: ["portfolio", "value"])),
    (["top", "--help"], .help(path: ["top"])),
    (["top", "-h"], .help(path: ["top"])),
    (["top", "50", "--json", "--help"], .help(path: ["top"])),
    (["--version"], .version),
  ])
  func helpAndVersion(words: [String], expected: Command) throws {
    try expectEqual(CommandParser.parse(words), expected)
  }

  @Test func topDefaults() throws {
    let options = TopOptions()
    expectEqual(options.count, 20)
    expectEqual(options.market.currency, "usd")
    expectEqual(options.market.maxAge, 60)
    expectEqual(options.market.timeout, 10)
    expectEqual(options.market.color, .auto)
    #expect(!options.market.liveOnly)
    expectEqual(options.sort, .rank)
    #expect(!options.reverse)
    expectEqual(options.format, .table)
    #expect(!options.ascii)
    try expectEqual(CommandParser.parse(["top"]), top())
  }

  @Test func topWithEveryOption() throws {
    let words = [
      "top", "50", "--currency", "EUR", "--sort", "change24h", "--reverse", "--json", "--ascii",
      "--max-age", "0", "--live", "--timeout", "2.5", "--color", "never",
    ]
    let expected = top {
      $0.count = 50
      $0.market.currency = "eur"
      $0.sort = .change24h
      $0.reverse = true
      $0.format = .json
      $0.ascii = true
      $0.market.maxAge = 0
      $0.market.liveOnly = true
      $0.market.timeout = 2.5
      $0.market.color = .never
    }
    try expectEqual(CommandParser.parse(words), expected)
  }

  @Test(arguments: [
    (["top", "--currency=gbp"], "gbp"),
    (["top", "--currency", "eur", "--currency", "jpy"], "jpy"),
    (["top", "--currency", "BTC"], "btc"),
  ])
  func currencyForms(words: [String], currency: String) throws {
    try expectEqual(CommandParser.parse(words), top { $0.market.currency = currency })
  }

  @Test func optionsMayComeBeforeTheCount() throws {
    #expect(
      try CommandParser.parse(["top", "--csv", "--sort", "PRICE", "7"])
        == top {
          $0.count = 7
          $0.format = .csv
          $0.sort = .price
        })
  }

  @Test func doubleDashEndsOptions() throws {
    try expectEqual(CommandParser.parse(["top", "--", "5"]), top { $0.count = 5 })
  }

  @Test(arguments: [1, 250, 1000])
  func countBounds(count: Int) throws {
    try expectEqual(CommandParser.parse(["top", String(count)]), top { $0.count = count })
  }

  @Test(
    arguments: [
      (
        ["top", "0"], "The value '0' is invalid for '<n>': expected a whole number from 1 to 1000.",
        ["top"]
      ),
      (
        ["top", "abc"],
        "The value 'abc' is invalid for '<n>': expected a whole number from 1 to 1000.", ["top"]
      ),
      (
        ["top", "-3"],
        "The value '-3' is invalid for '<n>': expected a whole number from 1 to 1000.", ["top"]
      ),
      (
        ["top", "1001"],
        "The value '1001' is invalid for '<n>': expected a whole number from 1 to 1000.", ["top"]
      ),
      (
        ["top", "2.5"],
        "The value '2.5' is invalid for '<n>': expected a whole number from 1 to 1000.", ["top"]
      ),
      (["top", "5", "6"], "Unexpected argument '6'", ["top"]),
      (
        ["top", "--curency", "eur"], "Unknown option '--curency'. Did you mean '--currency'?",
        ["top"]
      ),
      (["top", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?", ["top"]),
      (["top", "--frobnicate"], "Unknown option '--frobnicate'", ["top"]),
      (
        ["top", "--sort", "foo"],
        "The value 'foo' is invalid for '--sort <field>'. Please provide one of 'rank', 'price', "
          + "'change1h', 'change24h', 'change7d', 'marketcap', 'volume', 'name'.", ["top"]
      ),
      (
        ["top", "--color", "sometimes"],
        "The value 'sometimes' is invalid for '--color <when>'. Please provide one of 'auto', "
          + "'always', 'never'.", ["top"]
      ),
      (
        ["top", "--max-age", "-1"],
        "The value '-1' is invalid for '--max-age <seconds>': expected a number of seconds, from 0 "
          + "to 10000000.",
        ["top"]
      ),
      (
        ["top", "--max-age", "soon"],
        "The value 'soon' is invalid for '--max-age <seconds>': expected a number of seconds, from "
          + "0 to 10000000.", ["top"]
      ),
      (
        ["top", "--timeout", "0"],
        "The value '0' is invalid for '--timeout <seconds>': expected a number of seconds, more than 0 and at most 600.",
        ["top"]
      ),
      (
        ["top", "--timeout", "nan"],
        "The value 'nan' is invalid for '--timeout <seconds>': expected a number of seconds, more "
          + "than 0 and at most 600.", ["top"]
      ),
      (["top", "--json", "--csv"], "'--json' and '--csv' cannot be used together.", ["top"]),
      (["top", "--currency"], "Missing value for '--currency <code>'", ["top"]),
      (["top", "--currency", "--json"], "Missing value for '--currency <code>'", ["top"]),
      (
        ["top", "--currency", "us dollar"],
        "The value 'us dollar' is invalid for '--currency <code>': expected a currency code such as "
          + "usd, eur or btc.", ["top"]
      ),
      (["top", "--json=yes"], "The option '--json' does not take a value.", ["top"]),
      (["tpo"], "Unknown command 'tpo'. Did you mean 'top'?", []),
      (["frobnicate"], "Unknown command 'frobnicate'.", []),
      // A group's subcommand typed alone, or under the wrong group: the command meant.
      (["gains"], "Unknown command 'gains'. Did you mean 'coins portfolio gains'?", []),
      (
        ["list"],
        "Unknown command 'list'. Did you mean 'coins portfolio list', 'coins alert list' or "
          + "'coins prices list'?",
        []
      ),
      (
        ["check"],
        "Unknown command 'check'. Did you mean 'coins portfolio check' or 'coins alert check'?", []
      ),
      (["help", "sell"], "Unknown command 'sell'. Did you mean 'coins portfolio sell'?", []),
      (
        ["portfolio", "show"], "Unknown command 'show'. Did you mean 'coins config show'?",
        ["portfolio"]
      ),
      (["show"], "Unknown command 'show'. Did you mean 'coins config show'?", []),
      (["help", "tpo"], "Unknown command 'tpo'. Did you mean 'top'?", []),
      (["--verison"], "Unknown option '--verison'. Did you mean '--version'?", []),
      (["--bogus"], "Unknown option '--bogus'", []),
    ] as [([String], String, [String])])
  func usageErrors(words: [String], message: String, path: [String]) {
    #expect(throws: UsageError(message, commandPath: path)) {
      try CommandParser.parse(words)
    }
  }

  @Test(arguments: [("--timeout", "600", 600.0), ("--max-age", "10000000", 10_000_000)])
  func largestAcceptedSeconds(option: String, text: String, seconds: Double) throws {
    guard
      let options = try CommandParser.parse(["top", option, text]).runnable(TopCommand.self)?
        .options
    else {
      Issue.record("not a top command")
      return
    }
    #expect(
      option == "--timeout" ? options.market.timeout == seconds : options.market.maxAge == seconds)
  }

  @Test
  func timeoutAboveTheLimitNamesTheLimit() {
    do {
      _ = try CommandParser.parse(["top", "--timeout", "601"])
      Issue.record("601 seconds was accepted")
    } catch {
      #expect(error.message.contains("600"), "\(error.message)")
    }
  }

  @Test func echoedInputIsSanitizedAndShort() {
    let long = String(repeating: "9", count: 60)
    #expect(
      throws: UsageError(
        "The value '\(String(repeating: "9", count: 39))…' is invalid for '<n>': expected a whole "
          + "number from 1 to 1000.", commandPath: ["top"])
    ) {
      try CommandParser.parse(["top", long])
    }
    #expect(throws: UsageError("Unknown command 'evil'.", commandPath: [])) {
      try CommandParser.parse(["\u{1B}[31mevil\u{1B}[0m"])
    }
  }
}
