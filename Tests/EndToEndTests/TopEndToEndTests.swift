import Foundation
import Testing

/// `coins top` through the built binary, the real URLSession stack and a loopback fake.
@Suite(.spawnsProcesses) struct TopEndToEndTests {
  @Test func liveTableShowsTheFakeMarketWithSparklines() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5"])

    expectEqual(result.status, 0)
    expectEqual(result.stderr, "")
    let lines = result.stdoutLines
    expectEqual(lines.count, 8)  // title, header, 5 rows, final empty piece
    #expect(lines[0].hasPrefix("Top 5 coins by market cap in USD · live, "))
    #expect(
      lines[1]
        == "#  Symbol  Name           Price      1h     24h      7d  Market Cap  Volume  7d Chart")
    #expect(lines[2].hasPrefix("1  BTC     Bitcoin   $50,000.00  "))
    #expect(lines[3].hasPrefix("2  ETH     Ethereum   $3,000.00  "))
    #expect(lines[6].hasPrefix("5  SOL     Solana       $150.00  "))
    let chart = try #require(lines[2].split(separator: " ").last)
    expectEqual(chart.count, 24)
    #expect(chart.allSatisfy { "▁▂▃▄▅▆▇█".contains($0) })
    #expect(!result.stdout.contains("\u{1B}"))  // piped: no color
  }

  /// At 80 columns the 1h and Volume columns are the first to go — unless the table is sorted by
  /// one of them: the sorted column keeps its place and the next one gives way.
  @Test(arguments: [
    ("change1h", "#  Symbol  Name           Price      1h     24h      7d  Market Cap  7d Chart"),
    ("volume", "#  Symbol  Name           Price     24h      7d  Market Cap  Volume  7d Chart"),
    ("rank", "#  Symbol  Name           Price     24h      7d  Market Cap  7d Chart"),
  ])
  func theSortedColumnKeepsItsPlaceAtEightyColumns(sort: String, header: String) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    coins.environment["COLUMNS"] = "80"

    let result = try await coins.run(["top", "5", "--sort", sort])

    expectEqual(result.status, 0)
    expectEqual(result.stdoutLines[1], header)
    #expect(result.stdoutLines.allSatisfy { $0.count <= 80 })
  }

  @Test func requestCarriesTheDocumentedQueryAndUserAgent() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    _ = try await coins.run(["top", "3", "--json"])

    let requests = try await fake.marketRequests()
    expectEqual(requests.count, 1)
    let query = try #require(requests.first?.query)
    expectEqual(query["vs_currency"], "usd")
    expectEqual(query["order"], "market_cap_desc")
    expectEqual(query["per_page"], "250")
    expectEqual(query["page"], "1")
    expectEqual(query["sparkline"], "true")
    expectEqual(query["price_change_percentage"], "1h,24h,7d")
    expectEqual(requests.first?.headers["user-agent"]?.hasPrefix("coins/"), true)
  }

  @Test func paginatesToAThousandFetchingEachPageOnce() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "1000", "--json"])

    expectEqual(result.status, 0)
    let document = try JSONDecoder().decode(TopDocument.self, from: Data(result.stdout.utf8))
    expectEqual(document.source, "live")
    expectEqual(document.coins.count, 1000)
    expectEqual(document.coins.map(\.rank), Array(1...1000))
    let pages = try await fake.marketRequests().compactMap { $0.query["page"] }.sorted()
    expectEqual(pages, ["1", "2", "3", "4"])
  }

  @Test func secondRunWithinMaxAgeUsesTheCacheAndMaxAgeZeroAsksAgain() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let first = try await coins.run(["top", "3", "--json"])
    let second = try await coins.run(["top", "3", "--json"])
    try await expectEqual(fake.marketRequests().count, 1)
    expectEqual(first.stdout, second.stdout)
    let cacheFile = coins.home.path + "/cache/coins/markets-usd.v3.bin"
    #expect(FileManager.default.fileExists(atPath: cacheFile))

    let third = try await coins.run(["top", "3", "--json", "--max-age", "0"])
    expectEqual(third.status, 0)
    try await expectEqual(fake.marketRequests().count, 2)
  }

  @Test func fallsBackToTheCacheMarkedStaleWhenTheAPIIsDown() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["top", "3"])

    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let json = try await coins.run(["top", "3", "--json", "--max-age", "0"])
    let table = try await coins.run(["top", "3", "--max-age", "0"])

    expectEqual(json.status, 0)
    let document = try JSONDecoder().decode(TopDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.source, "cache")
    expectEqual(document.coins.first?.price, 50000)
    #expect(json.stderr.hasPrefix("Warning: Cannot reach 127.0.0.1 (connection refused). "))
    #expect(json.stderr.contains("Showing cached data from "))
    #expect(table.stdoutLines[0].contains("· CACHED "))
    #expect(table.stdoutLines[0].hasSuffix(", not live"))
  }

  @Test func fallsBackToTheLabelledSampleWithNoCache() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let table = try await coins.run(["top", "20"])
    let json = try await coins.run(["top", "20", "--json"])

    expectEqual(table.status, 0)
    expectEqual(table.stdoutLines.count, 23)
    #expect(table.stdoutLines[0].contains("SAMPLE DATA from "))
    #expect(table.stderr.contains("Showing the SAMPLE data bundled with coins"))
    let document = try JSONDecoder().decode(TopDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.source, "sample")
    expectEqual(document.coins.count, 20)
    #expect(document.coins.allSatisfy { !$0.sparkline.isEmpty })
  }

  @Test func liveFlagTurnsFallbackIntoExit69() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5", "--live"])

    expectEqual(result.status, 69)
    expectEqual(result.stdout, "")
    expectEqual(result.stderr, "Error: Cannot reach 127.0.0.1 (connection refused).\n")
  }

  @Test func unknownCurrencyIsReportedNotHiddenByAFallback() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5", "--currency", "xyz"])

    expectEqual(result.status, 1)
    expectEqual(result.stdout, "")
    expectEqual(result.stderr, "Error: CoinGecko answered HTTP 400: invalid vs_currency.\n")
    try await expectEqual(fake.marketRequests().count, 1)  // a 400 is not retried
  }

  @Test func rateLimitIsRetriedAfterTheServersDelay() async throws {
    let fake = try await FakeCoinGecko.start(mode: "429", count: 1, params: ["retry_after": "1"])
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "3", "--json"])

    expectEqual(result.status, 0)
    #expect(result.stdout.hasPrefix("{\"source\":\"live\""))
    try await expectEqual(fake.marketRequests().count, 2)
    #expect(result.seconds >= 1)
  }

  @Test func hostileNamesNeverReachTheTerminalRaw() async throws {
    let fake = try await FakeCoinGecko.start(mode: "evil")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    for format in [[], ["--json"], ["--csv"]] {
      let result = try await coins.run(["top", "100", "--max-age", "0"] + format)
      expectEqual(result.status, 0)
      let raw = result.stdout.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
          || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      }
      #expect(raw.isEmpty, "format \(format): \(raw.map { String($0.value, radix: 16) })")
    }
  }

  @Test func apiKeyTravelsInItsHeaderAndIsNeverPrinted() async throws {
    let fake = try await FakeCoinGecko.start(mode: "500")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let secret = "CG-secret-key-1234"

    let result = try await coins.run(
      ["top", "3", "--live", "--timeout", "2"], extraEnvironment: ["COINGECKO_DEMO_API_KEY": secret]
    )

    expectEqual(result.status, 69)
    #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
    let requests = try await fake.marketRequests()
    #expect(requests.count >= 2)  // 500 is retried
    #expect(requests.allSatisfy { $0.headers["x-cg-demo-api-key"] == secret })
    #expect(requests.allSatisfy { !$0.query.values.contains(secret) })
  }

  @Test func aReaderThatStopsEarlyEndsItQuietlyWithStatusZero() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let pipe = Pipe()
    let child = try ChildProcess(
      executable: CoinsBinary.executableURL, arguments: ["top", "250", "--csv"],
      environment: coins.environment, stdout: pipe)
    try? pipe.fileHandleForWriting.close()
    // Like `head -1`: read a little (on a thread of its own, not the pool), then go away.
    let firstBytes = OneShot<Int>()
    Thread {
      firstBytes.fulfil(pipe.fileHandleForReading.availableData.count)
      try? pipe.fileHandleForReading.close()
    }.start()
    let read = await firstBytes.value
    let exit = await child.exit(killingAfter: 60)

    #expect(read > 0)
    #expect(!exit.wasKilled)
    expectEqual(exit.status, 0)  // not 13, SIGPIPE's
  }

  @Test func serverThatNeverAnswersFallsBackWithinTheDeadline() async throws {
    let fake = try await FakeCoinGecko.start(mode: "hang")
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["top", "5", "--timeout", "1", "--json"], timeout: 30)

    expectEqual(result.status, 0)
    #expect(result.stdout.hasPrefix("{\"source\":\"sample\""))
    #expect(result.stderr.hasPrefix("Warning: CoinGecko did not answer within "))
    // The command's deadline is 3 s (three request timeouts); 10 s more is slack for a loaded
    // machine, far below the 30 s a hang would take to be killed.
    #expect(result.seconds < 3 + 10)
  }
}

/// The parts of `coins top --json` the tests read.
struct TopDocument: Decodable {
  struct Row: Decodable {
    var rank: Int?
    var id: String
    var symbol: String
    var name: String
    var price: Double?
    var sparkline: [Double?]
  }

  var source: String
  var asOf: String
  var currency: String
  var coins: [Row]
}
