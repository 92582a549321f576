import Foundation
import Testing

/// `coins portfolio performance`'s money-weighted return through the built binary: over a
/// range shorter than a year it is the range's own rate, never a yearly one (GIPS); from a
/// year on it is a yearly rate, and says so. Your imported prices only, so every figure is
/// worked by hand below.
@Suite(.spawnsProcesses) struct MoneyWeightedEndToEndTests {
  /// A `coins` whose only prices are `csv` (your prices), with `buys` recorded.
  static func portfolio(prices csv: String, buys: [[String]]) async throws
    -> PricesEndToEndTests.Sources
  {
    let sources = try await PricesEndToEndTests.Sources.start()
    let coins = sources.coins
    let file = coins.home.path + "/my-prices.csv"
    try csv.write(toFile: file, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"yours\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    for words in [["prices", "import", file]] + buys {
      let result = try await coins.run(words)
      #expect(result.status == 0, "\(words): \(result.stderr)")
    }
    return sources
  }

  /// `date,coin,price,currency` rows of BTC in USD: `price(day)` for each day from `first`
  /// on, `count` days.
  static func prices(from first: String, count: Int, _ price: (Int) -> String) -> String {
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withFullDate]
    let start = format.date(from: first) ?? Date(timeIntervalSince1970: 0)
    let rows = (0..<count).map { offset in
      let day = format.string(from: start.addingTimeInterval(Double(offset) * 86_400))
      return "\(day),btc,\(price(offset)),usd"
    }
    return (["date,coin,price,currency"] + rows).joined(separator: "\n") + "\n"
  }

  /// The cells after `label` on the table's row that starts with it (`nil`: no such row).
  static func cells(_ label: String, in lines: [String]) -> [String]? {
    guard let row = lines.first(where: { $0.hasPrefix(label + " ") }) else { return nil }
    return row.dropFirst(label.count).split(separator: " ").map(String.init)
  }

  /// 1 BTC bought before the range; BTC opens at 100 from 28 February to 10 March 2021 and at
  /// 115.50 on 11 March. Over the 10 days 1–10 March, 1 BTC more bought on 6 March at 100: the
  /// start value 1 × 100 is put in on day 0, 100 on day 5 (6 March), and the end value
  /// 2 × 115.50 = 231 comes out on day 10 (11 March's open). With x the growth over 5 days,
  /// 100x² + 100x = 231, so x = (−100 + √(100² + 4 × 100 × 231)) / 200 = (−100 + 320) / 200 =
  /// 1.1: over the range, x² − 1 = +21.00 %. Annualized, that would be 1.21^36.5 − 1, over
  /// +105,000 %; it is not. TWR: BTC's own 100 → 115.50, +15.50 %.
  @Test func aTenDayRangeWithOneDepositIsTheRangesOwnRate() async throws {
    let csv = Self.prices(from: "2021-02-28", count: 12) { $0 == 11 ? "115.50" : "100" }
    let sources = try await Self.portfolio(
      prices: csv,
      buys: [
        ["portfolio", "add", "btc", "1", "--cost", "50", "--date", "2021-02-20"],
        ["portfolio", "add", "btc", "1", "--cost", "100", "--date", "2021-03-06"],
      ])
    defer { sources.stop() }
    let range = ["portfolio", "performance", "--from", "2021-03-01", "--to", "2021-03-10"]

    let table = try await sources.coins.run(range)
    let json = try await sources.coins.run(range + ["--json", "--benchmark", "none"])
    let csvOutput = try await sources.coins.run(range + ["--csv", "--benchmark", "none"])

    #expect(table.status == 0, "\(table.stderr)")
    expectEqual(table.stderr, "")
    let lines = table.stdoutLines
    expectEqual(lines.first, "Portfolio · 2021-03-01 to 2021-03-10 (10 days) · USD · against BTC")
    #expect(lines.contains { $0.hasPrefix("Value at end") && $0.hasSuffix("$231.00") })
    #expect(lines.contains { $0.hasPrefix("Net flows") && $0.hasSuffix("+$100.00") })
    expectEqual(Self.cells("Time-weighted return", in: lines), ["+15.50%", "+15.50%"])
    expectEqual(Self.cells("Money-weighted return", in: lines), ["+21.00%", "+21.00%"])
    #expect(!lines.contains { $0.hasPrefix("  a year") || $0.contains("Money-weighted, a year") })

    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let portfolio = try #require(object["portfolio"] as? [String: Any])
    #expect(abs((portfolio["moneyWeighted"] as? Double ?? 0) - 0.21) < 1e-9)
    expectEqual(portfolio["moneyWeightedAnnualized"] as? Bool, false)
    #expect(portfolio["moneyWeightedUndefined"] is NSNull)

    #expect(csvOutput.status == 0, "\(csvOutput.stderr)")
    let row = try #require(csvOutput.stdoutLines.dropFirst().first)
    #expect(
      row.hasPrefix(
        "portfolio,Portfolio,2021-03-01,2021-03-10,100.00,231.00,100.00,31.00,0.00,31.00,0.00,0.00,"
      ))
    #expect(row.hasSuffix(",false,USD"))
    let cells = row.split(separator: ",", omittingEmptySubsequences: false)
    #expect(abs((Double(cells[13]) ?? 0) - 0.21) < 1e-9)
  }

  /// 1 BTC held through 730 days, 1 March 2021 to 28 February 2023, no flow: BTC opens at 100
  /// on each day to 28 February 2023 and at 121 on 1 March 2023 (the last day's end). Put in
  /// 100, take out 121 two years later: 1.21^(1/2) − 1 = +10.00 % a year, as is the yearly
  /// time-weighted return; over the range both are +21.00 %.
  @Test func aRangeOfTwoYearsIsAYearlyRateAndSaysSo() async throws {
    let csv = Self.prices(from: "2021-02-28", count: 732) { $0 == 731 ? "121" : "100" }
    let sources = try await Self.portfolio(
      prices: csv, buys: [["portfolio", "add", "btc", "1", "--cost", "50", "--date", "2021-02-20"]])
    defer { sources.stop() }
    let range = [
      "portfolio", "performance", "--from", "2021-03-01", "--to", "2023-02-28", "--benchmark",
      "none",
    ]

    let table = try await sources.coins.run(range)
    let json = try await sources.coins.run(range + ["--json"])

    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdoutLines
    expectEqual(lines.first, "Portfolio · 2021-03-01 to 2023-02-28 (730 days) · USD")
    expectEqual(Self.cells("Time-weighted return", in: lines), ["+21.00%"])
    expectEqual(Self.cells("  a year", in: lines), ["+10.00%"])
    expectEqual(Self.cells("Money-weighted, a year", in: lines), ["+10.00%"])
    #expect(!lines.contains { $0.hasPrefix("Money-weighted return") })
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let portfolio = try #require(object["portfolio"] as? [String: Any])
    #expect(abs((portfolio["moneyWeighted"] as? Double ?? 0) - 0.1) < 1e-9)
    expectEqual(portfolio["moneyWeightedAnnualized"] as? Bool, true)
  }
}
