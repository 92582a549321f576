import Foundation
import Testing

/// The tax day boundary through the built binary: "the same day" (UK) and "one year" (DE) are
/// the taxpayer's local days, so a trade at 23:30 UTC falls on the next local day when the zone
/// is ahead of UTC then — in Berlin all year (UTC+1, UTC+2 in summer), in London only in summer
/// (BST, UTC+1; GMT is UTC). `--zone` and `[tax] zone` move the boundary. Every expected
/// figure is worked by hand in the comments.
@Suite(.spawnsProcesses) struct TaxDayBoundaryEndToEndTests {
  static func trade(
    _ verb: String, _ coin: String, _ amount: String, total: String, _ currency: String,
    at time: String
  ) -> [String] {
    (verb == "add" ? ["portfolio", "add", "--id", coin] : ["portfolio", "sell", coin])
      + [amount, "--total", total, "--currency", currency, "--date", time]
  }

  /// Summer (bitcoin): a pool of 1 BTC for £1,000 from 1 June 2024; 1 BTC bought for £3,000 at
  /// 23:30 UTC on 1 July 2024 — 00:30 BST on 2 July in London — and 1 BTC sold for £2,500 at
  /// 10:00 UTC on 2 July. Winter (ethereum): 1 ETH for £1,000 on 2 January 2024; 1 ETH bought
  /// for £3,000 at 23:30 UTC on 15 January (23:30 GMT in London, 00:30 CET on the 16th in
  /// Berlin) and 1 ETH sold for £2,500 at 10:00 UTC on 16 January.
  static let uk = [
    trade("add", "bitcoin", "1", total: "1000", "gbp", at: "2024-06-01T12:00:00Z"),
    trade("add", "bitcoin", "1", total: "3000", "gbp", at: "2024-07-01T23:30:00Z"),
    trade("sell", "bitcoin", "1", total: "2500", "gbp", at: "2024-07-02T10:00:00Z"),
    trade("add", "ethereum", "1", total: "1000", "gbp", at: "2024-01-02T12:00:00Z"),
    trade("add", "ethereum", "1", total: "3000", "gbp", at: "2024-01-15T23:30:00Z"),
    trade("sell", "ethereum", "1", total: "2500", "gbp", at: "2024-01-16T10:00:00Z"),
  ]

  /// The same-day rule's figures for the summer sale and the winter one.
  static let sameDaySummer = [
    // London in summer: the buy is on 2 July, the sale's day: matched with it at £3,000,
    // gain £2,500 − £3,000 = −£500.
    "2024-07-02  BTC  1: proceeds £2,500.00, allowable costs £3,000.00 (fees £0.00), "
      + "gain -£500.00",
    "  same day: 1 costing £3,000.00 (acquired 2024-07-02)",
  ]
  static let poolSummer = [
    // UTC's days: the buy is on 1 July, before the sale's day, so it is in the pool: 2 BTC
    // costing £1,000 + £3,000 = £4,000, 1 of them £2,000; gain £2,500 − £2,000 = +£500.
    "2024-07-02  BTC  1: proceeds £2,500.00, allowable costs £2,000.00 (fees £0.00), "
      + "gain +£500.00",
    "  section 104 pool: 1 costing £2,000.00",
  ]
  static let poolWinter = [
    // London in winter is UTC: the buy is on 15 January, the sale on the 16th: the pool,
    // £4,000 / 2 = £2,000, gain +£500.
    "2024-01-16  ETH  1: proceeds £2,500.00, allowable costs £2,000.00 (fees £0.00), "
      + "gain +£500.00",
    "  section 104 pool: 1 costing £2,000.00",
  ]
  static let sameDayWinter = [
    // Berlin in winter (UTC+1): the buy is at 00:30 on 16 January, the sale's day: −£500.
    "2024-01-16  ETH  1: proceeds £2,500.00, allowable costs £3,000.00 (fees £0.00), "
      + "gain -£500.00",
    "  same day: 1 costing £3,000.00 (acquired 2024-01-16)",
  ]

  /// Whether `lines` hold `expected` one after another.
  static func holds(_ lines: [String], _ expected: [String]) -> Bool {
    guard let first = lines.firstIndex(of: expected[0]) else { return false }
    return Array(lines[first..<min(lines.count, first + expected.count)]) == expected
  }

  @Test func ukSameDayFollowsLondonsDayInSummerAndWinter() async throws {
    let (fake, coins) = try await TaxRulesEndToEndTests.recorded(Self.uk)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let london = try await coins.run(["portfolio", "gains", "--rules", "uk"])
    #expect(london.status == 0, "\(london.stderr)")
    expectEqual(london.stderr, "")
    #expect(Self.holds(london.stdoutLines, Self.sameDaySummer), "\(london.stdout)")
    #expect(Self.holds(london.stdoutLines, Self.poolWinter), "\(london.stdout)")

    let utc = try await coins.run(["portfolio", "gains", "--rules", "uk", "--zone", "UTC"])
    #expect(utc.status == 0, "\(utc.stderr)")
    expectEqual(
      utc.stdoutLines.first, "Gains by UK rules (HMRC share matching) in GBP · days in UTC")
    #expect(Self.holds(utc.stdoutLines, Self.poolSummer), "\(utc.stdout)")
    #expect(Self.holds(utc.stdoutLines, Self.poolWinter), "\(utc.stdout)")

    let berlin = try await coins.run([
      "portfolio", "gains", "--rules", "uk", "--zone", "Europe/Berlin",
    ])
    #expect(berlin.status == 0, "\(berlin.stderr)")
    #expect(Self.holds(berlin.stdoutLines, Self.sameDaySummer), "\(berlin.stdout)")
    #expect(Self.holds(berlin.stdoutLines, Self.sameDayWinter), "\(berlin.stdout)")
  }

  /// Summer (bitcoin): 1 BTC bought for €1,000 at 10:00 UTC on 1 July 2023, sold for €1,500 at
  /// 23:30 UTC on 1 July 2024 — 01:30 CEST on 2 July in Berlin. Winter (ethereum): 1 ETH bought
  /// for €1,000 at 23:30 UTC on 10 January 2023 — 00:30 CET on the 11th in Berlin — and sold for
  /// €1,500 at 10:00 UTC on 11 January 2024.
  static let german = [
    trade("add", "bitcoin", "1", total: "1000", "eur", at: "2023-07-01T10:00:00Z"),
    trade("sell", "bitcoin", "1", total: "1500", "eur", at: "2024-07-01T23:30:00Z"),
    trade("add", "ethereum", "1", total: "1000", "eur", at: "2023-01-10T23:30:00Z"),
    trade("sell", "ethereum", "1", total: "1500", "eur", at: "2024-01-11T10:00:00Z"),
  ]

  @Test func germanYearEndsOnBerlinsDayInSummerAndWinter() async throws {
    let (fake, coins) = try await TaxRulesEndToEndTests.recorded(Self.german)
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let berlin = try await coins.run(["portfolio", "gains", "--rules", "de", "--year", "2024"])
    #expect(berlin.status == 0, "\(berlin.stderr)")
    expectEqual(berlin.stderr, "")
    // Summer: acquired 1 July 2023, the year ends 1 July 2024 (§ 188 BGB); sold on Berlin's
    // 2 July: a day past it, tax-free, held 366 (1 July 2023 to 1 July 2024, with 29 February)
    // + 1 = 367 days. Winter: acquired on Berlin's 11 January 2023, the year ends 11 January
    // 2024, sold that day: not more than a year, taxable, held 365 days.
    #expect(
      berlin.stdoutLines.contains(
        "2024-01-11  ETH  1 from default (acquired 2023-01-11): proceeds €1,500.00, cost "
          + "€1,000.00, gain +€500.00: taxable, held 365 days"), "\(berlin.stdout)")
    #expect(
      berlin.stdoutLines.contains(
        "2024-07-02  BTC  1 from default (acquired 2023-07-01): proceeds €1,500.00, cost "
          + "€1,000.00, gain +€500.00: tax-free, held 367 days"), "\(berlin.stdout)")

    // On UTC's days the two swap: the summer sale is on 1 July 2024, the year's last day
    // (taxable, 366 days); the winter buy on 10 January 2023, whose year ended 10 January 2024,
    // so the sale on the 11th is tax-free (366 days).
    let utc = try await coins.run([
      "portfolio", "gains", "--rules", "de", "--year", "2024", "--zone", "UTC",
    ])
    #expect(utc.status == 0, "\(utc.stderr)")
    #expect(
      utc.stdoutLines.contains(
        "2024-01-11  ETH  1 from default (acquired 2023-01-10): proceeds €1,500.00, cost "
          + "€1,000.00, gain +€500.00: tax-free, held 366 days"), "\(utc.stdout)")
    #expect(
      utc.stdoutLines.contains(
        "2024-07-01  BTC  1 from default (acquired 2023-07-01): proceeds €1,500.00, cost "
          + "€1,000.00, gain +€500.00: taxable, held 366 days"), "\(utc.stdout)")

    // `[tax] zone` in the config file says the same as --zone; London in summer is UTC+1, so
    // 23:30 UTC on 1 July is 00:30 on 2 July there too; in winter London is UTC (as above).
    var configured = coins
    configured.environment["XDG_CONFIG_HOME"] = coins.home.path + "/config"
    let folder = coins.home.path + "/config/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "[tax]\nzone = \"Europe/London\"\n".write(
      toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
    let london = try await configured.run([
      "portfolio", "gains", "--rules", "de", "--year", "2024",
    ])
    #expect(london.status == 0, "\(london.stderr)")
    #expect(
      london.stdoutLines.first == "Gains by German rules (§ 23 EStG) in EUR · days in Europe/London"
    )
    #expect(
      london.stdoutLines.contains(
        "2024-07-02  BTC  1 from default (acquired 2023-07-01): proceeds €1,500.00, cost "
          + "€1,000.00, gain +€500.00: tax-free, held 367 days"), "\(london.stdout)")
    #expect(
      london.stdoutLines.contains(
        "2024-01-11  ETH  1 from default (acquired 2023-01-10): proceeds €1,500.00, cost "
          + "€1,000.00, gain +€500.00: tax-free, held 366 days"), "\(london.stdout)")
  }

  /// The US names its rules too: gains and income, table and JSON.
  @Test func usReportsNameTheirRules() async throws {
    let (fake, coins) = try await TaxRulesEndToEndTests.recorded([
      Self.trade("add", "bitcoin", "1", total: "1000", "usd", at: "2024-01-02T12:00:00Z"),
      Self.trade("sell", "bitcoin", "1", total: "1500", "usd", at: "2024-03-02T12:00:00Z"),
      [
        "portfolio", "transfer", "in", "--id", "ethereum", "0.05", "--income", "--cost", "3000",
        "--date", "2025-04-01",
      ],
    ])
    defer { fake.stop() }
    defer { coins.cleanUp() }
    let gains = try await coins.run(["portfolio", "gains"])
    #expect(gains.status == 0, "\(gains.stderr)")
    expectEqual(gains.stdoutLines.first, "Gains by US rules in USD · days in UTC")
    let none = try await coins.run(["portfolio", "gains", "--year", "2020"])
    #expect(
      none.stdoutLines == [
        "Gains by US rules in USD · days in UTC", "No sales recorded in 2020.", "",
      ])
    let json = try await coins.run(["portfolio", "gains", "--json"])
    #expect(json.stdout.hasPrefix(#"{"rules":"us","title":"US rules","currency":"usd","#))
    let income = try await coins.run(["portfolio", "income"])
    expectEqual(income.stdoutLines.first, "Income by US rules in USD · days in UTC")
    let incomeJSON = try await coins.run(["portfolio", "income", "--json"])
    #expect(incomeJSON.stdout.hasPrefix(#"{"rules":"us","title":"US rules","currency":"usd","#))
    let value = try await coins.run(["portfolio", "value", "--json"])
    #expect(value.stdout.hasPrefix(#"{"rules":"us","#))
    let table = try await coins.run(["portfolio", "value"])
    #expect(table.stdoutLines.first?.hasSuffix(" · US rules") == true, "\(table.stdout)")
  }
}
