import Foundation
import Testing

/// `coins chart` through the built binary and the loopback fake: CoinGecko's spacing for every
/// range, candles, the plan's 365 days, the cache and the fallbacks.
@Suite(.spawnsProcesses) struct ChartEndToEndTests {
  private static let hour: Int64 = 3_600_000
  private static let day: Int64 = 86_400_000

  private func steps(_ times: [Int64]) -> [Int64] {
    zip(times.dropFirst(), times).map { $0 - $1 }
  }

  @Test func oneDayIsAboutEveryFiveMinutesOffTheGrid() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "btc", "--range", "1d", "--json"])

    expectEqual(result.status, 0)
    let document = try ChartDocument.decode(result.stdout)
    expectEqual(document.range, "1d")
    expectEqual(document.coin?.id, "bitcoin")
    let body = Array(document.times.dropLast())  // the last point is "now"
    #expect((280...290).contains(body.count))
    #expect(steps(body).allSatisfy { $0 > 0 && $0 < 10 * 60_000 })
    #expect(body.allSatisfy { $0 % 300_000 != 0 })
    expectEqual(document.summary?.last, 50_000)  // the live point is the market's price
    let chart = try await fake.requests().filter { $0.path.hasSuffix("/market_chart") }
    expectEqual(chart.map(\.path), ["/api/v3/coins/bitcoin/market_chart"])
    expectEqual(chart.first?.query, ["vs_currency": "usd", "days": "1"])
  }

  @Test(arguments: [("7d", "7"), ("14d", "14"), ("30d", "30"), ("90d", "90")])
  func upToNinetyDaysIsHourlyAtOneOddMinute(range: String, days: String) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "eth", "--range", range, "--json"])

    expectEqual(result.status, 0)
    let document = try ChartDocument.decode(result.stdout)
    let body = Array(document.times.dropLast())
    // Hourly, single hours sometimes missing, all at the same minute past the hour, never :00.
    #expect(steps(body).allSatisfy { $0 % Self.hour == 0 && $0 <= 3 * Self.hour })
    let minute = (body.first ?? 0) % Self.hour
    #expect(minute != 0 && body.allSatisfy { $0 % Self.hour == minute })
    let expected = (Int(days) ?? 0) * 24
    #expect((expected * 95 / 100...expected).contains(body.count))
    #expect(try await fake.requests().contains { $0.query["days"] == days })
  }

  @Test(arguments: [("180d", "180"), ("1y", "365")])
  func beyondNinetyDaysIsDailyAtMidnight(range: String, days: String) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "btc", "--range", range, "--json"])

    let document = try ChartDocument.decode(result.stdout)
    let body = Array(document.times.dropLast())
    expectEqual(body.count, Int(days))
    #expect(body.allSatisfy { $0 % Self.day == 0 })
    #expect(steps(body).allSatisfy { $0 == Self.day })
    #expect((document.times.last ?? 0) % Self.day != 0)  // "now", off the grid
  }

  @Test func textAtEightyColumnsHasRoundLabelsMonthsAndASummary() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(
      ["chart", "btc", "--range", "1y", "--height", "10"], extraEnvironment: ["COLUMNS": "80"])

    expectEqual(result.status, 0)
    expectEqual(result.stderr, "")
    let lines = result.stdoutLines.dropLast()
    expectEqual(lines.first?.hasPrefix("Bitcoin (BTC) · 1y in USD · live, "), true)
    #expect(lines.allSatisfy { DisplayCells.count($0) <= 80 })
    // Title, the high's marker, 10 rows, the low's marker, the rule, the months, the summary.
    #expect(lines[1].contains("▼ $") || lines[1].hasSuffix("▼"))
    let labels = lines[2...11].filter { $0.contains("┤") }.compactMap {
      $0.split(separator: "┤").first.map(String.init)
    }
    #expect(!labels.isEmpty)
    // Round prices: the fake's year of bitcoin spans tens of thousands, so whole thousands.
    let round = labels.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(round.count >= 3)
    #expect(
      round.allSatisfy {
        $0.hasPrefix("$") && $0.hasSuffix(",000")
          && $0.dropFirst().allSatisfy { $0.isNumber || $0 == "," }
      }, "\(round)")
    #expect(lines[12].contains("▲ $"))
    #expect(lines[13].hasPrefix("        └") || lines[13].contains("└"))
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov"]
    #expect(months.contains { lines[14].contains($0) })
    #expect(lines.contains { $0.hasPrefix("First $") && $0.contains(" · Last $50,000.00 · ") })
  }

  @Test func maxWithoutAProKeyShowsTheLastYearAndRemembersWhy() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "btc", "--range", "max", "--json"])

    expectEqual(result.status, 0)
    let document = try ChartDocument.decode(result.stdout)
    expectEqual(document.range, "1y")
    expectEqual(document.limitedBy, "CoinGecko's plan limits history to the past 365 days.")
    #expect(
      result.stderr
        == "Warning: CoinGecko's plan limits history to the past 365 days; showing the last "
        + "year (1y) instead of max.\n")
    let days = try await fake.requests().compactMap { $0.query["days"] }
    expectEqual(days, ["max", "365"])

    let text = try await coins.run(["chart", "btc", "--range", "max"])
    expectEqual(text.status, 0)
    #expect(
      text.stdoutLines.first?.hasPrefix(
        "Bitcoin (BTC) · 1y (max asked; the plan limits history to 365 days) in USD · ") == true)
    // Remembered: neither max nor the year is asked for again within a day.
    try await expectEqual(fake.requests().compactMap { $0.query["days"] }, ["max", "365"])
  }

  @Test func aProKeyGetsAllOfIt() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(
      ["chart", "btc", "--range", "max", "--json"],
      extraEnvironment: ["COINGECKO_PRO_API_KEY": "CG-test-pro-key"])

    expectEqual(result.status, 0)
    let document = try ChartDocument.decode(result.stdout)
    expectEqual(document.range, "max")
    #expect(document.limitedBy == nil)
    expectEqual(document.times.first, 1_367_107_200_000)  // 2013-04-28, the fake's genesis
  }

  @Test func candlesSitOnTheirGridAndAreMergedToFit() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let json = try await coins.run(["chart", "btc", "--candles", "--range", "30d", "--json"])
    let document = try ChartDocument.decode(json.stdout)
    let candles = try #require(document.candles)
    expectEqual(candles.count, 180)  // 30 days of 4-hour candles
    #expect(candles.allSatisfy { Int64($0[0]) % (4 * Self.hour) == 0 && $0.count == 5 })
    #expect(candles.allSatisfy { $0[2] >= max($0[1], $0[4]) && $0[3] <= min($0[1], $0[4]) })
    #expect(document.points == nil)

    let text = try await coins.run(
      ["chart", "btc", "--candles", "--range", "30d"], extraEnvironment: ["COLUMNS": "80"])
    // 180 candles, 36 fit in 80 columns: 5 would do, 6 make whole days.
    expectEqual(text.stdoutLines[1], "Candles of 1 day (6 × 4 h merged): █ up, ░ down")
    try await expectEqual(fake.requests().filter { $0.path.hasSuffix("/ohlc") }.count, 1)
  }

  /// A month of daily candles fills the terminal at 80 and at 120 columns: the time rule runs
  /// to the last column and a candle stands in the plot's last column.
  @Test(arguments: [80, 120])
  func candlesFillTheWidth(columns: Int) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let text = try await coins.run(
      ["chart", "btc", "--candles", "--range", "30d"],
      extraEnvironment: ["COLUMNS": String(columns)])

    expectEqual(text.status, 0)
    let rule = try #require(text.stdoutLines.first { $0.contains("└") })
    expectEqual(rule.count, columns)
    let plot = text.stdoutLines.filter { $0.contains("┤") || $0.contains("│") }
    #expect(plot.contains { $0.count == columns })
    #expect(plot.allSatisfy { $0.count <= columns })
  }

  // How many candles close in the range: a day is 48 half hours, a week 42 four-hour
  // candles; a year is 91¼ four-day candles, so 91 or 92 close in it, by where today falls on
  // the four-day grid (92 one day in four). The newest may also be left out (a little short).
  @Test(
    arguments: [
      ("1d", "1", 1_800_000, 47...48), ("7d", "7", 14_400_000, 41...42),
      ("1y", "365", 4 * 86_400_000, 90...92),
    ] as [(String, String, Int64, ClosedRange<Int>)])
  func candlesHaveCoinGeckosWidths(
    range: String, days: String, width: Int64, counts: ClosedRange<Int>
  ) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "eth", "--candles", "--range", range, "--json"])

    let candles = try #require(try ChartDocument.decode(result.stdout).candles)
    // On their grid, one width apart (the newest may close a little short of a full count).
    #expect(candles.allSatisfy { Int64($0[0]) % width == 0 })
    #expect(steps(candles.map { Int64($0[0]) }).allSatisfy { $0 == width })
    #expect(counts.contains(candles.count))
    #expect(try await fake.requests().contains { $0.query["days"] == days })
  }

  @Test func yearToDateStartsOnTheFirstOfJanuary() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let now = Date()
    let newYear = calendar.date(from: calendar.dateComponents([.year], from: now))!
    let days = Int((now.timeIntervalSince(newYear) / 86_400).rounded(.up))

    let result = try await coins.run(["chart", "btc", "--range", "ytd", "--json"])

    let document = try ChartDocument.decode(result.stdout)
    expectEqual(document.range, "ytd")
    let first = try #require(document.times.first)
    #expect(first >= Int64(newYear.timeIntervalSince1970 * 1000))
    #expect(first < Int64(newYear.timeIntervalSince1970 * 1000) + Self.day)
    let asked = try await fake.requests().compactMap { $0.query["days"] }
    #expect(asked == [String(days)] || asked == [String(days + 1)])  // at midnight's turn
  }

  @Test func anEmptyHistoryIsOneClearLine() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "--id", "quiet-chain"])

    expectEqual(result.status, 0)
    #expect(
      result.stdoutLines.dropFirst().first
        == "No price history for Quiet Chain (QCK) over 7d in USD: CoinGecko has none yet.")
    let json = try await coins.run(["chart", "--id", "quiet-chain", "--json"])
    #expect(json.stdout.contains("\"points\":[],\"summary\":null}"))
  }

  @Test func theCacheIsReusedForTheHistorysSpacing() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    _ = try await coins.run(["chart", "btc", "--range", "30d", "--csv"])
    let again = try await coins.run(["chart", "btc", "--range", "30d", "--csv"])
    #expect(again.stdout.hasPrefix("time,price\n"))
    func charts() async throws -> Int {
      try await fake.requests().filter { $0.path.hasSuffix("/market_chart") }.count
    }
    try await expectEqual(charts(), 1)
    _ = try await coins.run(["chart", "btc", "--range", "30d", "--max-age", "0"])
    try await expectEqual(charts(), 2)
    #expect(coins.home.contents(of: "cache/coins").contains("history-bitcoin-usd-30d.json"))
  }

  @Test func offlineTheCacheOrTheSparklineStandsIn() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["chart", "btc", "--range", "30d"])
    var offline = coins
    offline.environment["COINGECKO_BASE_URL"] = refusedPortURL()

    let cached = try await offline.run(["chart", "btc", "--range", "30d", "--max-age", "0"])
    expectEqual(cached.status, 0)
    expectEqual(cached.stdoutLines.first?.contains("CACHED "), true)
    #expect(cached.stderr.hasPrefix("Warning: Cannot reach 127.0.0.1"))

    let week = try await offline.run(["chart", "btc", "--range", "7d"])
    expectEqual(week.status, 0)
    #expect(
      week.stdoutLines.first?.hasPrefix(
        "Bitcoin (BTC) · 7d in USD, from the market's hourly sparkline · CACHED ") == true)
    #expect(week.stderr.contains("showing the market's hourly sparkline"))

    let none = try await offline.run(["chart", "btc", "--range", "90d"])
    expectEqual(none.status, 69)
    #expect(none.stderr.hasPrefix("Error: Cannot reach 127.0.0.1"))
  }

  @Test func aWindowBeyondThePlanIsAnError() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "btc", "--from", "2024-01-01", "--to", "2024-02-01"])

    expectEqual(result.status, 1)
    #expect(
      result.stderr
        == "Error: CoinGecko's plan limits history to the past 365 days. A Pro key "
        + "(COINGECKO_PRO_API_KEY) reaches further back.\n")
    let asked = try await fake.requests().filter { $0.path.hasSuffix("/range") }
    expectEqual(
      asked.first?.query, ["vs_currency": "usd", "from": "1704067200", "to": "1706745600"])
  }

  @Test func aPlanThatLacksTheEndpointIsAnError() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["top", "1"])  // the market, cached for the coin look-up
    try await fake.setMode("401", count: 1, params: ["code": "10005"])

    let result = try await coins.run(["chart", "btc", "--range", "14d"])

    expectEqual(result.status, 1)
    #expect(
      result.stderr
        == "Error: CoinGecko refused the request under the key's plan (error 10005): You may "
        + "not have access to this endpoint. A paid plan's key (COINGECKO_PRO_API_KEY) allows "
        + "it.\n")
  }

  @Test(arguments: [
    (
      ["--range", "2y"],
      "Error: The value '2y' is invalid for '--range <range>'. Please provide "
        + "one of '1d', '7d', '14d', '30d', '90d', '180d', '1y', '3y', '5y', 'ytd', 'max'."
    ),
    (
      ["--from", "2026-02-30"],
      "Error: The value '2026-02-30' is invalid for '--from <date>': "
        + "expected a UTC date such as 2026-01-31 or a time such as 2026-01-31T12:00:00Z, from "
        + "2009 on."
    ),
    (["--to", "2026-02-01"], "Error: '--to <date>' needs '--from <date>'."),
    (
      ["--range", "1y", "--from", "2026-01-01"],
      "Error: '--range' and '--from' cannot be used "
        + "together."
    ),
  ])
  func badRangesAreUsageErrors(arguments: [String], message: String) async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(["chart", "btc"] + arguments)

    expectEqual(result.status, 64)
    #expect(result.stderr.hasPrefix(message + "\nUsage: coins chart <coin>"))
    expectEqual(result.stdout, "")
  }
}

/// `--from` and `--to` in the future: usage errors (as `portfolio add --date` in the future is),
/// found before anything is asked of CoinGecko.
@Suite(.spawnsProcesses) struct FutureWindowEndToEndTests {
  @Test(arguments: [
    (
      ["chart", "btc", "--from", "2199-01-01"], ["chart"],
      "Error: The value '2199-01-01' is invalid for '--from <date>': a chart cannot start in "
        + "the future."
    ),
    (
      ["chart", "btc", "--from", "2026-01-01", "--to", "2199-01-01T12:30:00Z"], ["chart"],
      "Error: The value '2199-01-01T12:30:00.000Z' is invalid for '--to <date>': a chart "
        + "cannot end in the future."
    ),
    (
      ["portfolio", "chart", "--from", "2199-01-01"], ["portfolio", "chart"],
      "Error: The value '2199-01-01' is invalid for '--from <date>': a chart cannot start in "
        + "the future."
    ),
    (
      ["chart", "btc", "--from", "2026-02-01", "--to", "2026-01-01"], ["chart"],
      "Error: '--to <date>' must be after '--from <date>'."
    ),
  ])
  func aWindowInTheFutureIsAUsageError(arguments: [String], path: [String], message: String)
    async throws
  {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    // (The window is checked before the portfolio file is read.)
    let file = path == ["chart"] ? [] : ["--file", coins.home.path + "/none.json"]

    let result = try await coins.run(arguments + file)

    let name = (["coins"] + path).joined(separator: " ")
    expectEqual(result.status, 64)
    expectEqual(result.stdout, "")
    #expect(result.stderr.hasPrefix(message + "\nUsage: \(name) "))
    #expect(result.stderr.hasSuffix("\n  See '\(name) --help' for more information.\n"))
    #expect(try await fake.requests().isEmpty)
  }
}

/// `coins info --range`: the detail lines, then the range's chart instead of the 7-day one.
@Suite(.spawnsProcesses) struct InfoRangeEndToEndTests {
  @Test func infoDrawsTheRangeWithTheChartRenderer() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["info", "eth", "--range", "90d"])

    expectEqual(result.status, 0)
    let lines = result.stdoutLines
    #expect(!lines.contains("7-day price, hourly"))
    let title = try #require(lines.firstIndex { $0.hasPrefix("Ethereum (ETH) · 90d in USD · ") })
    expectEqual(lines[title - 1], "")
    #expect(lines[title + 11].contains("└"))  // after the high's marker, 8 rows, the low's
    #expect(lines.contains { $0.hasPrefix("First $") && $0.contains("Last $3,000.00") })
    #expect(try await fake.requests().contains { $0.query["days"] == "90" })

    let json = try await coins.run(["info", "eth", "--range", "90d", "--json"])
    #expect(json.stdout.contains(",\"history\":{\"source\":\"live\""))
    #expect(json.stdout.contains("\"range\":\"90d\",\"points\":[["))
  }
}
