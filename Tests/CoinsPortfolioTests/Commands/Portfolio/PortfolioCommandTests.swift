import CoinsCommandLine
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioCommandTests {
  private func decimal(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  private func parse(_ line: String) throws(UsageError) -> Command {
    try CommandParser.parse(line.split(separator: " ").map(String.init))
  }

  /// The usage error `words` are refused with, or `nil`.
  private func failure(_ words: [String]) -> UsageError? {
    do {
      _ = try CommandParser.parse(words)
      return nil
    } catch {
      return error
    }
  }

  private func failure(_ line: String) -> UsageError? {
    failure(line.split(separator: " ").map(String.init))
  }

  private func add(
    _ coin: String, _ amount: String, isID: Bool = false, cost: String? = nil, file: String? = nil,
    market: MarketOptions = MarketOptions()
  ) -> Command {
    .run(
      PortfolioAddCommand(
        options: PortfolioCommand.Add(
          coin: coin, isID: isID, amount: decimal(amount), cost: cost.map(decimal), file: file,
          market: market)))
  }

  private func remove(_ coin: String, _ amount: String?, isID: Bool = false) -> Command {
    .run(
      PortfolioRemoveCommand(
        options: PortfolioCommand.Remove(
          coin: coin, isID: isID, amount: amount.map(decimal), file: nil, market: MarketOptions())))
  }

  private static let amountHint = "expected a positive decimal number such as 0.5."

  @Test func addWithACost() throws {
    try expectEqual(parse("portfolio add btc 0.5 --cost 42000"), add("btc", "0.5", cost: "42000"))
    try expectEqual(
      parse("portfolio add btc --cost=42000.5 0.5"), add("btc", "0.5", cost: "42000.5"))
  }

  @Test func addByIdWithoutACoinArgument() throws {
    try expectEqual(parse("portfolio add --id bitcoin 0.5"), add("bitcoin", "0.5", isID: true))
    #expect(
      try parse("portfolio add 2 --id Bitcoin-Bridged") == add("bitcoin-bridged", "2", isID: true))
  }

  @Test func addKeepsTheCoinAsTyped() throws {
    try expectEqual(parse("portfolio add BTC .25"), add("BTC", ".25"))
  }

  @Test func addReadsCurrencyAndFile() throws {
    var market = MarketOptions()
    market.currency = "eur"
    market.timeout = 5
    #expect(
      try parse("portfolio add eth 2 --cost 2500 --currency EUR --file /tmp/p.json --timeout 5")
        == add("eth", "2", cost: "2500", file: "/tmp/p.json", market: market))
  }

  @Test func aMissingAmountOrCoinIsAUsageError() {
    #expect(
      failure("portfolio add btc")
        == UsageError("Missing expected argument '<amount>'", commandPath: ["portfolio", "add"]))
    #expect(
      failure("portfolio add --id bitcoin")
        == UsageError("Missing expected argument '<amount>'", commandPath: ["portfolio", "add"]))
    #expect(
      failure("portfolio add")
        == UsageError("Missing expected argument '<coin>'", commandPath: ["portfolio", "add"]))
    #expect(
      failure(["portfolio", "add", "", "1"])
        == UsageError("Missing expected argument '<coin>'", commandPath: ["portfolio", "add"]))
    #expect(
      failure(["portfolio", "add", "--id", "", "1"])
        == UsageError("Missing value for '--id <id>'", commandPath: ["portfolio", "add"]))
    #expect(
      failure("portfolio add btc --cost")
        == UsageError("Missing value for '--cost <price>'", commandPath: ["portfolio", "add"]))
  }

  @Test(arguments: ["-1", "0", "abc", "nan", "inf", "1e999", "-0.5", "0x10", "1.2.3", "0.000"])
  func badAmountsAreRefused(amount: String) {
    let expected = UsageError(
      "The value '\(amount)' is invalid for '<amount>': \(Self.amountHint)",
      commandPath: ["portfolio", "add"])
    expectEqual(failure(["portfolio", "add", "btc", amount]), expected)
    expectEqual(failure(["portfolio", "add", "--id", "bitcoin", amount]), expected)
    #expect(
      failure(["portfolio", "remove", "btc", amount])
        == UsageError(expected.message, commandPath: ["portfolio", "remove"]))
  }

  @Test func aLongOrControlLadenAmountIsEchoedCleanAndShort() {
    let long = String(repeating: "9", count: 50) + "x"
    #expect(
      failure(["portfolio", "add", "btc", long])?.message
        == "The value '\(String(repeating: "9", count: 39))…' is invalid for '<amount>': "
        + Self.amountHint)
    #expect(
      failure(["portfolio", "add", "btc", "1\u{1B}[2J"])?.message
        == "The value '1' is invalid for '<amount>': \(Self.amountHint)")
  }

  @Test func badCostsAreRefused() throws {
    for cost in ["abc", "-5", "1e3", "nan", "0", "0.00", "-0"] {
      #expect(
        failure(["portfolio", "add", "btc", "1", "--cost", cost])
          == UsageError(
            "The value '\(cost)' is invalid for '--cost <price>': expected a positive decimal "
              + "number such as 42000.", commandPath: ["portfolio", "add"]))
    }
    try expectEqual(parse("portfolio add btc 1 --cost 0.01"), add("btc", "1", cost: "0.01"))
  }

  @Test func extraArgumentsAreRefused() {
    #expect(
      failure("portfolio add btc 0.5 1")
        == UsageError("Unexpected argument '1'", commandPath: ["portfolio", "add"]))
    #expect(
      failure("portfolio remove btc 1 2")
        == UsageError("Unexpected argument '2'", commandPath: ["portfolio", "remove"]))
    #expect(
      failure("portfolio list btc")
        == UsageError("Unexpected argument 'btc'", commandPath: ["portfolio", "list"]))
    #expect(
      failure("portfolio value btc")
        == UsageError("Unexpected argument 'btc'", commandPath: ["portfolio", "value"]))
  }

  @Test func removeAnAmountOrEverything() throws {
    try expectEqual(parse("portfolio remove eth"), remove("eth", nil))
    try expectEqual(parse("portfolio remove eth 0.1"), remove("eth", "0.1"))
    #expect(
      try parse("portfolio remove --id ethereum 0.1") == remove("ethereum", "0.1", isID: true))
    #expect(
      failure("portfolio remove")
        == UsageError("Missing expected argument '<coin>'", commandPath: ["portfolio", "remove"]))
  }

  @Test func listAndValue() throws {
    #expect(
      try parse("portfolio list")
        == .run(PortfolioListCommand(options: .init(file: nil, json: false))))
    #expect(
      try parse("portfolio list --json --file p.json")
        == .run(PortfolioListCommand(options: .init(file: "p.json", json: true))))
    #expect(
      try parse("portfolio value")
        == .run(
          PortfolioValueCommand(
            options: .init(file: nil, format: .table, ascii: false, market: MarketOptions()))))
    var market = MarketOptions()
    market.currency = "eur"
    market.maxAge = 0
    market.liveOnly = true
    market.color = .never
    #expect(
      try parse("portfolio value --currency eur --json --max-age 0 --live --ascii --color never")
        == .run(
          PortfolioValueCommand(
            options: .init(file: nil, format: .json, ascii: true, market: market))))
  }

  @Test func valueOptionsAreChecked() {
    #expect(
      failure("portfolio value --currency e")
        == UsageError(
          "The value 'e' is invalid for '--currency <code>': expected a currency code such as "
            + "usd, eur or btc.", commandPath: ["portfolio", "value"]))
    #expect(
      failure("portfolio list --cost 5")?.message.hasPrefix("Unknown option '--cost'") == true)
  }

  @Test func theGroupAloneOrWithHelpShowsHelp() throws {
    try expectEqual(parse("portfolio"), .help(path: ["portfolio"]))
    try expectEqual(parse("portfolio --help"), .help(path: ["portfolio"]))
    try expectEqual(parse("portfolio -h"), .help(path: ["portfolio"]))
    try expectEqual(parse("portfolio add --help"), .help(path: ["portfolio", "add"]))
    try expectEqual(parse("portfolio add btc -h"), .help(path: ["portfolio", "add"]))
    try expectEqual(parse("help portfolio value"), .help(path: ["portfolio", "value"]))
  }

  @Test func unknownSubcommandsSuggestTheClosest() {
    #expect(
      failure("portfolio ad")
        == UsageError("Unknown command 'ad'. Did you mean 'add'?", commandPath: ["portfolio"]))
    #expect(
      failure("portfolio rmove btc")
        == UsageError("Unknown command 'rmove'. Did you mean 'remove'?", commandPath: ["portfolio"])
    )
    #expect(
      failure("portfolio lst")
        == UsageError("Unknown command 'lst'. Did you mean 'list'?", commandPath: ["portfolio"]))
    #expect(
      failure("portfolio xyzzy")
        == UsageError("Unknown command 'xyzzy'.", commandPath: ["portfolio"]))
    #expect(
      failure("portfolio --json")
        == UsageError("Unknown option '--json'", commandPath: ["portfolio"]))
  }
}
