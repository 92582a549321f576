import CoinsCommandLine
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

/// `--rules` and `--zone` as the parser reads them on `gains` and `income`: each set's currency
/// unless `--currency` is given, its zone unless `--zone` is, and the options a set refuses as
/// usage errors naming the rule.
@Suite struct TaxRulesParsingTests {
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

  private func gains(_ line: String) throws -> PortfolioGainsCommand? {
    guard case .run(let command) = try parse(line) else { return nil }
    return command as? PortfolioGainsCommand
  }

  @Test func eachSetBringsItsCurrencyAndZone() throws {
    var pounds = MarketOptions()
    pounds.currency = "gbp"
    var uk = TaxRules.uk
    uk.currency = "gbp"
    #expect(
      try gains("portfolio gains --rules UK --year 2024")
        == PortfolioGainsCommand(
          year: 2024, format: .table, method: .fifo, market: pounds, rules: uk))
    var german = TaxRules.de
    german.currency = "usd"
    german.zone = .utc
    #expect(
      try gains("portfolio gains --rules de --currency usd --zone utc")
        == PortfolioGainsCommand(
          format: .table, method: .fifo, market: MarketOptions(), rules: german))
    var pooled = TaxRules.de
    pooled.matching = .firstInFirstOutOneYear(scope: .universal)
    var euros = MarketOptions()
    euros.currency = "eur"
    #expect(
      try gains("portfolio gains --rules de --scope universal")
        == PortfolioGainsCommand(format: .table, method: .fifo, market: euros, rules: pooled))
    // The default stays the US report, in dollars.
    #expect(
      try gains("portfolio gains")
        == PortfolioGainsCommand(format: .table, method: .fifo, market: MarketOptions()))
  }

  @Test(arguments: [
    (
      "portfolio gains --rules xx",
      "The value 'xx' is invalid for '--rules <rules>'. Please provide one of 'us', 'uk', 'de'."
    ),
    (
      "portfolio gains --rules uk --scope wallet",
      "--scope wallet cannot be used with --rules uk: HMRC pools each coin once per person (one "
        + "section 104 pool across every wallet)"
    ),
    (
      "portfolio gains --rules uk --method fifo",
      "--method fifo cannot be used with --rules uk: HMRC's share matching decides the cost (same "
        + "day, 30 days, then the section 104 pool)"
    ),
    (
      "portfolio gains --rules de --lots",
      "--lots cannot be used with --rules de: the report always shows each sale's lots with their "
        + "days held"
    ),
    (
      "portfolio gains --rules uk --wallet ledger",
      "--wallet cannot be used with --rules uk: HMRC's figures cover every wallet (one section 104 "
        + "pool per coin per person)"
    ),
    (
      "portfolio gains --zone Europe/London",
      "--zone cannot be used with --rules us: US lots count UTC days."
    ),
    (
      "portfolio income --rules uk --zone Mars/Olympus",
      "The value 'Mars/Olympus' is invalid for '--zone <zone>'. Please provide one of "
        + "'Europe/London', 'Europe/Berlin', 'UTC', 'local'."
    ),
    (
      "portfolio value --rules uk --method hifo",
      "--method hifo cannot be used with --rules uk: HMRC's share matching decides the cost (same "
        + "day, 30 days, then the section 104 pool)"
    ),
  ])
  func refusedOptionsNameTheRule(line: String, message: String) {
    expectEqual(failure(line), message)
  }
}
