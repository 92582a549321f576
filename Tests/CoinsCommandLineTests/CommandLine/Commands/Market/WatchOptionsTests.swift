import CoinsCommandLine
import CoinsUnitTestSupport
import Testing

/// `coins watch …` through `CommandParser.parse`: defaults, accepted values and the usage errors,
/// word for word.
@Suite struct WatchOptionsTests {
  private func watch(_ change: (inout WatchOptions) -> Void = { _ in }) -> Command {
    var options = WatchOptions()
    change(&options)
    return .run(WatchCommand(options: options))
  }

  /// The usage error parsing `words` throws, if any.
  private func usageError(_ words: [String]) -> UsageError? {
    do {
      _ = try CommandParser.parse(words)
      return nil
    } catch {
      return error
    }
  }

  @Test func defaults() throws {
    let options = WatchOptions()
    expectEqual(options.interval, 60)
    expectEqual(options.count, 20)
    #expect(!options.portfolio)
    #expect(!options.json)
    expectEqual(options.sort, .rank)
    expectEqual(options.market.currency, "usd")
    try expectEqual(CommandParser.parse(["watch"]), watch())
  }

  @Test(
    arguments: [
      (["--interval", "1.5"], 1.5),
      (["--interval=1.5"], 1.5),
      (["--interval", "1"], 1),
      (["--interval", "30"], 30),
      (["--interval", "86400"], 86_400),
    ] as [([String], Double)])
  func intervalIsAccepted(words: [String], expected: Double) throws {
    try expectEqual(CommandParser.parse(["watch"] + words), watch { $0.interval = expected })
  }

  @Test(arguments: ["0", "-5", "abc", "0.5", "nan", "inf", "86401", "0x10", ""])
  func intervalIsRefused(value: String) {
    let error = usageError(["watch", "--interval", value])
    #expect(
      error?.message
        == "The value '\(value)' is invalid for '--interval <seconds>': expected a number of "
        + "seconds, from 1 to 86400.")
    expectEqual(error?.commandPath, ["watch"])
  }

  @Test func intervalNeedsAValue() {
    #expect(
      usageError(["watch", "--interval"])?.message == "Missing value for '--interval <seconds>'")
  }

  @Test func everyOption() throws {
    let words = [
      "watch", "--interval", "30", "--top", "50", "--currency", "EUR", "--sort", "change24h",
      "--reverse", "--json", "--ascii", "--timeout", "2.5", "--color", "never",
    ]
    let expected = watch {
      $0.interval = 30
      $0.count = 50
      $0.market.currency = "eur"
      $0.sort = .change24h
      $0.reverse = true
      $0.json = true
      $0.ascii = true
      $0.market.timeout = 2.5
      $0.market.color = .never
    }
    try expectEqual(CommandParser.parse(words), expected)
  }

  @Test func portfolioMode() throws {
    let expected = watch {
      $0.portfolio = true
      $0.file = "/tmp/p.json"
    }
    try expectEqual(
      CommandParser.parse(["watch", "--portfolio", "--file", "/tmp/p.json"]), expected)
  }

  @Test(arguments: ["0", "1001", "-3", "ten"])
  func topIsRefused(value: String) {
    #expect(
      usageError(["watch", "--top", value])?.message
        == "The value '\(value)' is invalid for '--top <n>': expected a whole number from 1 to 1000."
    )
  }

  @Test(arguments: [["--top", "5", "--portfolio"], ["--portfolio", "--top", "20"]])
  func topAndPortfolioAreExclusive(words: [String]) {
    let error = usageError(["watch"] + words)
    expectEqual(error?.message, "'--top' and '--portfolio' cannot be used together.")
    expectEqual(error?.commandPath, ["watch"])
  }

  @Test func aWatchlistReplacesTopAndPortfolio() {
    let message =
      "A watchlist (coins, '--coins' or '--favorites') replaces '--top' and '--portfolio'."
    expectEqual(usageError(["watch", "btc", "--top", "5"])?.message, message)
    expectEqual(usageError(["watch", "--favorites", "--portfolio"])?.message, message)
    expectEqual(usageError(["watch", "--coins", ","])?.message, "'--coins <list>' names no coin.")
  }

  @Test func theCoinsOfAWatchlistComeFromArgumentsAndTheList() throws {
    let options = try #require(
      try CommandParser.parse(["watch", "btc", "--coins", "eth, sol"]).runnable(
        WatchCommand.self)?.options)
    expectEqual(options.coins, ["btc", "eth", "sol"])
    #expect(options.watchesList)
  }

  @Test func optionsOfOtherCommandsAreUnknown() {
    expectEqual(usageError(["watch", "--csv"])?.message.hasPrefix("Unknown option '--csv'"), true)
  }
}
