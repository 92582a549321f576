import CoinsCommandLine
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct ChartCommandParsingTests {
  private func chart(
    _ coin: String, isID: Bool = false, _ change: (inout ChartOptions) -> Void = { _ in }
  )
    -> Command
  {
    var options = ChartOptions()
    change(&options)
    return .run(ChartCommand(coin: coin, isID: isID, options: options))
  }

  @Test func defaults() throws {
    try expectEqual(CommandParser.parse(["chart", "btc"]), chart("btc"))
  }

  @Test func everyOption() throws {
    let words = [
      "chart", "--id", "Bitcoin", "--range", "YTD", "--candles", "--height", "10", "--json",
      "--ascii", "--max-age", "0", "--currency", "eur",
    ]
    #expect(
      try CommandParser.parse(words)
        == chart("bitcoin", isID: true) {
          $0.range = .yearToDate
          $0.candles = true
          $0.height = 10
          $0.format = .json
          $0.ascii = true
          $0.maxAge = 0
          $0.market.maxAge = 0
          $0.market.currency = "eur"
        })
  }

  @Test func aWindow() throws {
    // 2026-01-01T00:00:00Z and 2026-02-01T12:00:00Z.
    #expect(
      try CommandParser.parse(
        ["chart", "sol", "--from", "2026-01-01", "--to", "2026-02-01T12:00:00Z", "--csv"])
        == chart("sol") {
          $0.from = 1_767_225_600
          $0.to = 1_769_947_200
          $0.format = .csv
        })
  }

  @Test func anOpenWindowEndsNowRoundedToItsSpacing() {
    var options = ChartOptions()
    options.from = 1_767_225_600
    // 2026-03-10T12:34:56Z: 68 days after --from, hourly, so to 12:00:00.
    let now = Date(timeIntervalSince1970: 1_773_146_096)
    expectEqual(options.window(at: now), .between(from: 1_767_225_600, to: 1_773_144_000))
    options.from = nil
    expectEqual(options.window(at: now), .range(.week))
  }

  @Test func plotHeight() {
    var options = ChartOptions()
    expectEqual(options.plotHeight(terminalRows: nil), 12)
    expectEqual(options.plotHeight(terminalRows: 40), 31)
    expectEqual(options.plotHeight(terminalRows: 10), 8)
    expectEqual(options.plotHeight(terminalRows: 100), 40)
    options.height = 5
    expectEqual(options.plotHeight(terminalRows: 40), 5)
  }

  @Test(arguments: [
    ["chart"], ["chart", "btc", "eth"], ["chart", "btc", "--height", "1"],
    ["chart", "btc", "--from", "2026-01-02", "--to", "2026-01-01"],
    ["chart", "btc", "--from", "1999-01-01"], ["chart", "btc", "--json", "--csv"],
    ["portfolio", "chart", "--candles"], ["portfolio", "chart", "btc"],
  ])
  func refused(words: [String]) {
    #expect(throws: UsageError.self) { try CommandParser.parse(words) }
  }

  @Test func portfolioChart() throws {
    var options = ChartOptions()
    options.range = .year
    #expect(
      try CommandParser.parse(["portfolio", "chart", "--range", "1y", "--file", "p.json"])
        == .run(PortfolioChartCommand(file: "p.json", options: options)))
  }
}
