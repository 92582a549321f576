import CoinsCommandLine
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// `gains`' lots and terms, `income` and `transfer in --income` as the parser reads them.
@Suite struct GainsCommandParsingTests {
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

  @Test func gainsReadsItsMethodLotsAndRule() throws {
    #expect(
      try parse("portfolio gains --method HIFO --lots --long-term-after 365 --csv")
        == .run(
          PortfolioGainsCommand(
            year: nil, format: .csv, method: .hifo, lots: true, rule: .afterDays(365), file: nil,
            market: MarketOptions())))
    #expect(
      try parse("portfolio gains --method lifo")
        == .run(
          PortfolioGainsCommand(
            year: nil, format: .table, method: .lifo, lots: false, rule: .afterAnniversary,
            file: nil, market: MarketOptions())))
  }

  @Test(arguments: [
    (
      "portfolio gains --method average --lots",
      "Average cost has no lots: '--lots' and '--long-term-after' need --method fifo, lifo or "
        + "hifo."
    ),
    (
      "portfolio gains --method average --long-term-after 365",
      "Average cost has no lots: '--lots' and '--long-term-after' need --method fifo, lifo or "
        + "hifo."
    ),
    (
      "portfolio gains --long-term-after a-year",
      "The value 'a-year' is invalid for '--long-term-after <days>': expected a whole number of "
        + "days such as 365."
    ),
    (
      "portfolio gains --long-term-after -1",
      "The value '-1' is invalid for '--long-term-after <days>': expected a whole number of days "
        + "such as 365."
    ),
    (
      "portfolio income --year 26",
      "The value '26' is invalid for '--year <year>': expected a year such as 2026."
    ),
    ("portfolio income btc", "Unexpected argument 'btc'"),
    ("portfolio transfer out btc 1 --income", "'--income' applies to a transfer in only."),
  ])
  func badWordsAreUsageErrors(line: String, message: String) {
    expectEqual(failure(line), message)
  }

  @Test func incomeAndTransferInIncomeAreRead() throws {
    var market = MarketOptions()
    market.currency = "eur"
    #expect(
      try parse("portfolio income --year 2026 --json --currency eur")
        == .run(PortfolioIncomeCommand(year: 2026, format: .json, file: nil, market: market)))
    guard case .run(let command) = try parse("portfolio transfer in eth 0.05 --income") else {
      Issue.record("not a command to run")
      return
    }
    let transfer = try #require(command as? PortfolioTransferCommand)
    #expect(transfer.isIncome && transfer.direction == .transferIn)
  }
}
