import CoinsCommandLine
import CoinsTerminal
import CoinsUnitTestSupport
import Testing

/// `config.toml`: keys checked by the options' own rules, and the precedence flag >
/// environment > config > built-in default, for every key.
@Suite struct ConfigurationTests {
  private func configuration(_ text: String) throws -> Configuration {
    try Configuration.parse(text, path: "/c.toml").get()
  }

  private func top(_ words: [String], _ configuration: Configuration?) throws -> TopOptions {
    try #require(
      try CommandParser.parse(["top"] + words, configuration: configuration)
        .runnable(TopCommand.self)
    ).options
  }

  private func watch(_ words: [String], _ configuration: Configuration?) throws -> WatchOptions {
    try #require(
      try CommandParser.parse(["watch"] + words, configuration: configuration)
        .runnable(WatchCommand.self)
    ).options
  }

  static let file = """
    currency = "eur"
    color = "never"
    ascii = true
    max_age = 300
    timeout = 4.5
    [top]
    count = 7
    sort = "price"
    [watch]
    interval = 30
    top = 12
    [alert]
    exec = "notify-send hi"
    """

  @Test func defaultsThenConfigThenFlagsForTheMarketKeys() throws {
    let config = try configuration(Self.file)
    let none = try top([], nil)
    let fromFile = try top([], config)
    let flags = try top(
      [
        "3", "--currency", "gbp", "--color", "always", "--max-age", "0", "--timeout", "9",
        "--sort", "name",
      ], config)
    #expect(
      [none.market.currency, fromFile.market.currency, flags.market.currency] == [
        "usd", "eur", "gbp",
      ])
    #expect(
      [none.market.color, fromFile.market.color, flags.market.color] == [.auto, .never, .always])
    expectEqual([none.market.maxAge, fromFile.market.maxAge, flags.market.maxAge], [60, 300, 0])
    expectEqual(
      [none.market.timeout, fromFile.market.timeout, flags.market.timeout], [10, 4.5, 9])
    expectEqual([none.count, fromFile.count, flags.count], [20, 7, 3])
    expectEqual([none.sort, fromFile.sort, flags.sort], [.rank, .price, .name])
    expectEqual([none.ascii, fromFile.ascii], [false, true])
  }

  @Test func watchAndAlertKeysApplyToTheirCommandsOnly() throws {
    let config = try configuration(Self.file)
    let none = try watch([], nil)
    let fromFile = try watch([], config)
    let flags = try watch(["--interval", "5", "--top", "3", "--exec", "true"], config)
    expectEqual([none.interval, fromFile.interval, flags.interval], [60, 30, 5])
    expectEqual([none.count, fromFile.count, flags.count], [20, 12, 3])
    // `[top] sort` is top's: watch keeps its default; `[alert] exec` is alert's.
    expectEqual(fromFile.sort, .rank)
    #expect(fromFile.exec == nil)
    expectEqual(flags.exec, "true")
    // `watch --portfolio` takes no --top: the file's default does not make it an error.
    #expect(try watch(["--portfolio"], config).portfolio)
    let check = try #require(
      try CommandParser.parse(["alert", "check"], configuration: config)
        .runnable(AlertCheckCommand.self))
    expectEqual(check.exec, "notify-send hi")
    let flagged = try #require(
      try CommandParser.parse(["alert", "check", "--exec", "x"], configuration: config)
        .runnable(AlertCheckCommand.self))
    expectEqual(flagged.exec, "x")
  }

  @Test func aColorInTheFileBeatsNoColorAndTheEnvironmentsKeysBeatTheFiles() throws {
    let noColor = ["NO_COLOR": "1"]
    let always = try top([], configuration("color = \"always\"")).market.color
    let unset = try top([], nil).market.color
    #expect(always.enabled(isTerminal: false, environment: noColor))
    #expect(!unset.enabled(isTerminal: true, environment: noColor))

    let keys = try configuration("demo_api_key = \"file-demo\"\npro_api_key = \"file-pro\"")
    let merged = keys.environment(adding: [
      "COINGECKO_DEMO_API_KEY": "env-demo", "COINGECKO_PRO_API_KEY": "",
    ])
    expectEqual(merged["COINGECKO_DEMO_API_KEY"], "env-demo")
    expectEqual(merged["COINGECKO_PRO_API_KEY"], "file-pro")
    expectEqual(keys.environment(adding: [:])["COINGECKO_DEMO_API_KEY"], "file-demo")
  }

  @Test func unknownKeysAreWarningsWithDidYouMean() throws {
    let config = try configuration("curency = \"eur\"\n[top]\ncurrency = \"gbp\"\n[tpo]\ncount = 2")
    #expect(
      config.warnings == [
        "/c.toml, line 1: unknown key 'curency' is ignored. Did you mean 'currency'?",
        "/c.toml, line 3: unknown key 'top.currency' is ignored. Did you mean 'currency'?",
        "/c.toml, line 5: unknown key 'tpo.count' is ignored. Did you mean 'top.count'?",
      ])
    #expect(config.settings.isEmpty)
  }

  @Test(arguments: [
    ("currency = 5", "/c.toml, line 1, column 12: 'currency' takes a string, not an integer."),
    (
      "[top]\ncount = 0",
      "/c.toml, line 2, column 9: The value '0' is invalid for 'top.count': expected a whole "
        + "number from 1 to 1000."
    ),
    (
      "color = \"sometimes\"",
      "/c.toml, line 1, column 9: The value 'sometimes' is invalid for 'color'. Please provide "
        + "one of 'auto', 'always', 'never'."
    ),
    ("ascii = \"yes\"", "/c.toml, line 1, column 9: 'ascii' takes true or false, not a string."),
    (
      "timeout = 0",
      "/c.toml, line 1, column 11: The value '0' is invalid for 'timeout': expected a number of "
        + "seconds, more than 0 and at most 600."
    ),
    ("max_age = ", "/c.toml, line 1, column 11: Expected a value."),
  ])
  func badValuesAreErrorsWithLineAndColumn(text: String, message: String) {
    #expect(
      Configuration.parse(text, path: "/c.toml") == .failure(ConfigurationError(message: message)))
  }

  @Test func aKeyInAFileOthersCanReadIsAWarning() throws {
    let shared = try Configuration.parse(
      "demo_api_key = \"k\"", path: "/c.toml", readableByOthers: true
    ).get()
    let private_ = try Configuration.parse(
      "demo_api_key = \"k\"", path: "/c.toml", readableByOthers: false
    ).get()
    let noKey = try Configuration.parse(
      "currency = \"eur\"", path: "/c.toml", readableByOthers: true
    )
    .get()
    #expect(
      shared.warnings == ["/c.toml holds an API key and others can read it: run chmod 600 /c.toml."]
    )
    #expect(private_.warnings.isEmpty)
    #expect(noKey.warnings.isEmpty)
  }
}
