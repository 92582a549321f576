import CoinsCommandLine
import Testing

/// `coins prices …` and `coins price <coin> --date`: what the parser accepts and the usage
/// errors it gives (exit 64), before anything runs.
@Suite struct PricesCommandParsingTests {
  @Test(arguments: [
    ["prices", "import", "my.csv"],
    ["prices", "list"],
    ["prices", "list", "--json"],
    ["prices", "remove", "btc"],
    ["prices", "remove", "btc", "--from", "2021-01-01", "--to", "2021-12-31"],
    ["price", "btc", "--date", "2021-05-01"],
    ["price", "bitcoin", "--date", "2021-05-01", "--currency", "eur", "--json"],
  ])
  func accepted(words: [String]) throws {
    let command = try CommandParser.parse(words)
    guard case .run = command else {
      Issue.record("\(words) did not parse to a command to run: \(command)")
      return
    }
  }

  @Test(
    arguments: [
      (["prices", "import"], "Missing expected argument '<file>'", ["prices", "import"]),
      (["prices", "remove"], "Missing expected argument '<coin>'", ["prices", "remove"]),
      (
        ["prices", "remove", "btc", "--from", "2021-02-30"],
        "The value '2021-02-30' is invalid for '--from <date>': expected a UTC date such as "
          + "2021-05-01.", ["prices", "remove"]
      ),
      (
        ["prices", "remove", "btc", "--from", "2021-05-02", "--to", "2021-05-01"],
        "'--to' (2021-05-01) is before '--from' (2021-05-02).", ["prices", "remove"]
      ),
      (
        ["price", "btc", "eth", "--date", "2021-05-01"], "'--date' prices one coin at a time.",
        ["price"]
      ),
      (
        ["price", "btc", "--date", "May 1"],
        "The value 'May 1' is invalid for '--date <date>': expected a UTC date such as 2021-05-01.",
        ["price"]
      ),
      (
        ["price", "btc", "--date", "2021-05-01", "--format", "{price}"],
        "'--date' and '--format' cannot be used together.", ["price"]
      ),
    ] as [([String], String, [String])])
  func usageErrors(words: [String], message: String, path: [String]) {
    #expect(throws: UsageError(message, commandPath: path)) {
      try CommandParser.parse(words)
    }
  }
}
