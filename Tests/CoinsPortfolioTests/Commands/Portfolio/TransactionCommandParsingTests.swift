import CoinsCommandLine
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct TransactionCommandParsingTests {
  private func parse(_ line: String) throws -> Command {
    try CommandParser.parse(line.split(separator: " ").map(String.init))
  }

  private func failure(_ line: String) -> String? {
    do {
      _ = try parse(line)
      return nil
    } catch {
      return (error as? UsageError)?.message
    }
  }

  @Test func sellReadsEveryFigure() throws {
    let command = try parse(
      "portfolio sell btc 0.5 --price 50000 --fee 2.5 --date 2026-03-01 --note x --currency eur")
    #expect(
      command
        == .run(
          PortfolioSellCommand(
            coin: "btc", isID: false, amount: 0.5,
            input: TransactionInput(
              price: 50_000, fee: 2.5, date: PortfolioFixtures.date("2026-03-01T00:00:00Z"),
              note: "x"),
            file: nil,
            market: {
              var market = MarketOptions(); market.currency = "eur"; return market
            }())))
  }

  @Test func transferNeedsADirectionAndTakesACostOnlyIn() throws {
    #expect(
      try parse("portfolio transfer out eth 1")
        == .run(
          PortfolioTransferCommand(
            direction: .transferOut, coin: "eth", isID: false, amount: 1,
            input: TransactionInput(), file: nil, market: MarketOptions())))
    #expect(
      failure("portfolio transfer sideways eth 1")
        == "The value 'sideways' is invalid for '<direction>': expected in, out, "
        + "move or link.")
    #expect(
      failure("portfolio transfer out eth 1 --cost 5")
        == "A transfer out leaves at its cost: '--cost' and '--total' apply to 'in' only.")
  }

  @Test(arguments: [
    ("portfolio add btc 1 --cost 5 --total 5", "'--cost' and '--total' cannot be used together."),
    (
      "portfolio add btc 1 --date 2026-02-30",
      "The value '2026-02-30' is invalid for '--date <when>': expected YYYY-MM-DD or an ISO-8601 "
        + "time such as 2026-03-01T14:30:00Z."
    ),
    (
      "portfolio sell btc 1 --fee -1",
      "The value '-1' is invalid for '--fee <amount>': expected a decimal number such as 2.5."
    ),
    (
      "portfolio sell btc 1 --total 0",
      "The value '0' is invalid for '--total <amount>': expected a positive decimal number such "
        + "as 42000."
    ),
    ("portfolio undo 3 --change 2", "Give a transaction id or --change <n>, not both."),
    (
      "portfolio value --method lifi",
      "The value 'lifi' is invalid for '--method <method>': expected fifo, lifo, hifo or average."
    ),
    (
      "portfolio value --since yesterday",
      "The value 'yesterday' is invalid for '--since <date>': expected YYYY-MM-DD or an ISO-8601 "
        + "time."
    ),
    (
      "portfolio gains --year 26",
      "The value '26' is invalid for '--year <year>': expected a year such as 2026."
    ),
    ("portfolio import", "Missing expected argument '<file>'"),
    ("portfolio export extra", "Unexpected argument 'extra'"),
    ("portfolio history btc eth", "Unexpected argument 'eth'"),
  ])
  func badFiguresAreUsageErrors(line: String, message: String) {
    expectEqual(failure(line), message)
  }

  @Test func valueAndGainsReadTheirMethodAndDates() throws {
    guard case .run(let value) = try parse("portfolio value --method AVERAGE --since 2026-01-01")
    else {
      Issue.record("not a command to run")
      return
    }
    let command = try #require(value as? PortfolioValueCommand)
    expectEqual(command.options.method, .average)
    expectEqual(command.options.since, PortfolioFixtures.date("2026-01-01T00:00:00Z"))
    #expect(
      try parse("portfolio gains --year 2026 --csv --currency eur")
        == .run(
          PortfolioGainsCommand(
            year: 2026, format: .csv, method: .fifo, file: nil,
            market: {
              var market = MarketOptions()
              market.currency = "eur"
              return market
            }())))
  }

  @Test func dateInputTakesADayOrATime() {
    expectEqual(DateInput.parse("2026-03-01"), PortfolioFixtures.date("2026-03-01T00:00:00Z"))
    #expect(
      DateInput.parse("2026-03-01T16:30:00+02:00") == PortfolioFixtures.date("2026-03-01T14:30:00Z")
    )
    #expect(DateInput.parse("01-03-2026") == nil)
    #expect(DateInput.parse("2026-13-01") == nil)
  }

  @Test func aTotalIsSpreadOverTheAmountExactly() {
    let input = TransactionInput(total: 100)
    expectEqual(input.pricePerCoin(amount: 4), 25)
    expectEqual(DecimalInput.text(input.pricePerCoin(amount: 3)!), "33.333333333333333333")
  }
}
