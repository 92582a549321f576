import CoinGeckoAPI
import CoinsCommandLine
import CoinsHTTP
import CoinsModel
import CoinsTerminal
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins top` end to end through `CoinsCLI.run`, with a stub transport and a manual clock.
@Suite(.timeLimit(.minutes(1))) struct TopCommandTests {
  private static let liveTitle =
    "Top 3 coins by market cap in USD · live, 2025-07-25 14:53:48 UTC"
  private static let table80 = [
    "#  Symbol  Name            Price      1h     24h      7d  Market Cap  7d Chart",
    "1  BTC     Bitcoin    $50,000.00  +0.12%  -1.50%  +3.46%      $1.82T  ▁▂▃▄▅▆▇█",
    "2  ETH     Ethereum    $3,000.50  -0.05%  +2.25%  -4.00%       $360B  █▇▆▅▄▃▂▁",
    "3  SHIB    Shiba Inu  $0.0000085       —   0.00%       —           —  ▅▅",
  ]
  private static let sample = MarketSnapshot(
    coins: Fixtures.threeCoins, currency: "usd", asOf: Date(timeIntervalSince1970: 1_700_000_000),
    source: .sample, staleReason: "sample data bundled with coins")
  private static let ok = StubTransport.Reply.body(Fixtures.body(Fixtures.three))

  /// One command line's world: a temp cache folder, a manual clock, captured output.
  private final class World: @unchecked Sendable {
    let directory: TemporaryDirectory
    let clock: ManualTimeSource
    var environment: [String: String]
    var isTerminal = false
    var stdout = CapturingSink()
    var stderr = CapturingSink()

    init(parkingAtLeast threshold: Double = 30) throws {
      directory = try TemporaryDirectory()
      clock = ManualTimeSource(parkingAtLeast: threshold)
      environment = ["XDG_CACHE_HOME": directory.url.path, "COLUMNS": "80"]
    }

    func run(_ arguments: [String], _ transport: StubTransport) async -> Int32 {
      stdout = CapturingSink()
      stderr = CapturingSink()
      let context = CommandContext(
        environment: environment, stdout: stdout, stderr: stderr,
        terminal: TerminalInfo(
          isTerminal: isTerminal,
          width: TerminalInfo.width(environment: environment, windowColumns: nil)),
        timeSource: clock, transport: transport, sampleLoader: { TopCommandTests.sample })
      return await CoinsCLI.run(arguments: arguments, context: context)
    }
  }

  @Test func tableFitsTheColumns() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: Self.ok)
    await expectEqual(world.run(["top", "3"], transport), 0)
    expectEqual(world.stdout.text, ([Self.liveTitle] + Self.table80).joined(separator: "\n") + "\n")
    expectEqual(world.stderr.text, "")
    expectEqual(transport.requests.count, 1)
    expectEqual(transport.requests.first?.query("vs_currency"), "usd")
    expectEqual(transport.requests.first?.query("per_page"), "250")
  }

  @Test func jsonIsExact() async throws {
    let world = try World()
    defer { world.directory.remove() }
    await expectEqual(world.run(["top", "3", "--json"], StubTransport(always: Self.ok)), 0)
    #expect(
      world.stdout.text
        == #"{"source":"live","asOf":"2025-07-25T14:53:48.000Z","currency":"usd","coins":["#
        + #"{"rank":1,"id":"bitcoin","symbol":"btc","name":"Bitcoin","price":50000,"#
        + #""change1h":0.12,"change24h":-1.5,"change7d":3.456,"marketCap":1820000000000,"#
        + #""volume":63200000000,"sparkline":[1,2,3,4,5,6,7,8]},"#
        + #"{"rank":2,"id":"ethereum","symbol":"eth","name":"Ethereum","price":3000.5,"#
        + #""change1h":-0.05,"change24h":2.25,"change7d":-4,"marketCap":360400000000,"#
        + #""volume":18750000000,"sparkline":[8,7,6,5,4,3,2,1]},"#
        + #"{"rank":3,"id":"shiba-inu","symbol":"shib","name":"Shiba Inu","price":8.5e-06,"#
        + #""change1h":null,"change24h":0,"change7d":null,"marketCap":null,"#
        + #""volume":512000000,"sparkline":[null,2,2,null]}]}"# + "\n")
    expectEqual(world.stderr.text, "")
  }

  @Test func csvIsExact() async throws {
    let world = try World()
    defer { world.directory.remove() }
    await expectEqual(world.run(["top", "2", "--csv"], StubTransport(always: Self.ok)), 0)
    #expect(
      world.stdout.text
        == "rank,id,symbol,name,price,change1h,change24h,change7d,marketCap,volume\n"
        + "1,bitcoin,btc,Bitcoin,50000,0.12,-1.5,3.456,1820000000000,63200000000\n"
        + "2,ethereum,eth,Ethereum,3000.5,-0.05,2.25,-4,360400000000,18750000000\n")
  }

  @Test func sortedAndReversedSaysSoInTheTitle() async throws {
    let world = try World()
    defer { world.directory.remove() }
    world.environment["COLUMNS"] = "200"
    #expect(
      await world.run(
        ["top", "3", "--sort", "price", "--reverse", "--ascii"], StubTransport(always: Self.ok))
        == 0)
    let lines = world.stdout.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first
        == "Top 3 coins by market cap in USD, by price (reversed) - live, 2025-07-25 14:53:48 UTC")
    expectEqual(lines.dropFirst(2).prefix(3).map { $0.prefix(3) }, ["3  ", "2  ", "1  "])
    #expect(lines[4].hasSuffix("  _.-~=+*^"))
  }

  @Test func currencyIsAskedForAndShown() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: Self.ok)
    await expectEqual(world.run(["top", "3", "--currency", "EUR"], transport), 0)
    expectEqual(transport.requests.first?.query("vs_currency"), "eur")
    #expect(world.stdout.text.hasPrefix("Top 3 coins by market cap in EUR · live"))
    #expect(world.stdout.text.contains("  €50,000.00  "))
  }

  @Test func liveFailsWithOneErrorLineAndStatus69() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: .failure(.unreachable("connection refused")))
    await expectEqual(world.run(["top", "3", "--live"], transport), 69)
    expectEqual(world.stdout.text, "")
    expectEqual(world.stderr.text, "Error: Cannot reach api.coingecko.com (connection refused).\n")
    expectEqual(transport.requests.count, 4)
  }

  @Test func liveIgnoresAStaleCache() async throws {
    let world = try World()
    defer { world.directory.remove() }
    await expectEqual(world.run(["top", "3"], StubTransport(always: Self.ok)), 0)
    world.clock.advance(by: 600)
    await expectEqual(world.run(["top", "3", "--live"], StubTransport(always: .status(503))), 69)
    expectEqual(world.stderr.text, "Error: CoinGecko answered HTTP 503.\n")
  }

  @Test func unknownCurrencyIsTheUsersErrorWithStatus1() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(
      always: .body(#"{"error":"invalid vs_currency"}"#, status: 400))
    await expectEqual(world.run(["top", "--currency", "xyz"], transport), 1)
    expectEqual(world.stdout.text, "")
    expectEqual(world.stderr.text, "Error: CoinGecko answered HTTP 400: invalid vs_currency.\n")
    expectEqual(transport.requests.count, 1)
  }

  @Test func offlineFallsBackToTheLabelledSample() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: .failure(.offline))
    await expectEqual(world.run(["top", "3"], transport), 0)
    #expect(
      world.stderr.text
        == "Warning: Cannot reach api.coingecko.com: there is no network or the name does not "
        + "resolve. Showing the SAMPLE data bundled with coins, recorded 2023-11-14 22:13:20 UTC, "
        + "not live prices.\n")
    #expect(
      world.stdout.text
        == ([
          "Top 3 coins by market cap in USD · SAMPLE DATA from 2023-11-14 22:13:20 UTC, not live prices"
        ]
        + Self.table80).joined(separator: "\n") + "\n")
    expectEqual(transport.requests.count, 1)
  }

  @Test func sampleJSONSaysSample() async throws {
    let world = try World()
    defer { world.directory.remove() }
    #expect(
      await world.run(["top", "1", "--json"], StubTransport(always: .failure(.offline))) == 0)
    #expect(
      world.stdout.text.hasPrefix(
        #"{"source":"sample","asOf":"2023-11-14T22:13:20.000Z","currency":"usd","staleReason":"#
          + #""Cannot reach api.coingecko.com: there is no network or the name does not resolve.","#
          + #""coins":[{"rank":1,"id":"bitcoin""#))
  }

  @Test func secondRunWithinMaxAgeUsesTheCache() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: Self.ok)
    await expectEqual(world.run(["top", "3"], transport), 0)
    let first = world.stdout.text
    world.clock.advance(by: 59)
    await expectEqual(world.run(["top", "3"], transport), 0)
    expectEqual(world.stdout.text, first)
    expectEqual(transport.requests.count, 1)
    await expectEqual(world.run(["top", "3", "--max-age", "0"], transport), 0)
    expectEqual(transport.requests.count, 2)
    expectEqual(world.directory.contents(of: "coins"), ["markets-usd.v3.bin"])
  }

  @Test func failureFallsBackToTheStaleCache() async throws {
    let world = try World()
    defer { world.directory.remove() }
    await expectEqual(world.run(["top", "3"], StubTransport(always: Self.ok)), 0)
    world.clock.advance(by: 7_200)
    let failing = StubTransport(always: .status(503))
    await expectEqual(world.run(["top", "3", "--json"], failing), 0)
    #expect(
      world.stderr.text
        == "Warning: CoinGecko answered HTTP 503. Showing cached data from 2 h ago "
        + "(2025-07-25 14:53:48 UTC), not live prices.\n")
    #expect(
      world.stdout.text.hasPrefix(
        #"{"source":"cache","asOf":"2025-07-25T14:53:48.000Z","currency":"usd","#
          + #""staleReason":"CoinGecko answered HTTP 503.","coins":[{"rank":1,"id":"bitcoin""#))
    expectEqual(failing.requests.count, 4)
  }

  @Test func anAPIMessageEndsItsSentenceBeforeTheFallbackIsNamed() async throws {
    let world = try World()
    defer { world.directory.remove() }
    await expectEqual(world.run(["top", "3"], StubTransport(always: Self.ok)), 0)
    world.clock.advance(by: 7_200)
    let failing = StubTransport(
      always: .body(#"{"error":"Internal Server Error"}"#, status: 500))
    await expectEqual(world.run(["top", "3", "--json"], failing), 0)
    #expect(
      world.stderr.text
        == "Warning: CoinGecko answered HTTP 500: Internal Server Error. Showing cached data "
        + "from 2 h ago (2025-07-25 14:53:48 UTC), not live prices.\n")
    #expect(
      world.stdout.text.hasPrefix(
        #"{"source":"cache","asOf":"2025-07-25T14:53:48.000Z","currency":"usd","#
          + #""staleReason":"CoinGecko answered HTTP 500: Internal Server Error.","coins":["#))
  }

  @Test func theTopNAreChosenByMarketCapEvenWithoutARank() async throws {
    let world = try World()
    defer { world.directory.remove() }
    // CoinGecko left New Coin unranked, but its market cap is the second largest; Shiba Inu is
    // ranked 3 but has no market cap.
    let newCoin = MarketFixture(
      id: "new-coin", symbol: "new", name: "New Coin", rank: nil, price: 2, change24h: 1,
      marketCap: 400e9, volume: 1e9, sparkline: [1, 2])
    let transport = StubTransport(always: .body(Fixtures.body(Fixtures.three + [newCoin])))
    let header = "rank,id,symbol,name,price,change1h,change24h,change7d,marketCap,volume\n"
    let bitcoin = "1,bitcoin,btc,Bitcoin,50000,0.12,-1.5,3.456,1820000000000,63200000000\n"
    let ethereum = "2,ethereum,eth,Ethereum,3000.5,-0.05,2.25,-4,360400000000,18750000000\n"
    let unranked = ",new-coin,new,New Coin,2,,1,,400000000000,1000000000\n"
    await expectEqual(world.run(["top", "2", "--csv"], transport), 0)
    expectEqual(world.stdout.text, header + bitcoin + unranked)
    await expectEqual(world.run(["top", "3", "--csv"], transport), 0)
    expectEqual(world.stdout.text, header + bitcoin + ethereum + unranked)
    await expectEqual(world.run(["top", "3", "--csv", "--sort", "marketcap"], transport), 0)
    expectEqual(world.stdout.text, header + bitcoin + unranked + ethereum)
    await expectEqual(world.run(["top", "3", "--csv", "--sort", "name"], transport), 0)
    expectEqual(world.stdout.text, header + bitcoin + ethereum + unranked)
    await expectEqual(world.run(["top", "2"], transport), 0)
    let rows = world.stdout.text.split(separator: "\n").map(String.init)
    expectEqual(rows.count, 4)
    #expect(rows[2].hasPrefix("1  BTC     Bitcoin   $50,000.00"))
    #expect(rows[3].hasPrefix("—  NEW     New Coin       $2.00"))
    expectEqual(world.stderr.text, "")
  }

  @Test func aCurrencyWithoutASymbolShowsItsCodeOnEveryAmount() async throws {
    let world = try World()
    defer { world.directory.remove() }
    world.environment["COLUMNS"] = "120"
    let transport = StubTransport(always: Self.ok)
    await expectEqual(world.run(["top", "3", "--currency", "chf"], transport), 0)
    #expect(
      world.stdout.text == """
        Top 3 coins by market cap in CHF · live, 2025-07-25 14:53:48 UTC
        #  Symbol  Name               Price      1h     24h      7d  Market Cap     Volume  7d Chart
        1  BTC     Bitcoin    CHF 50,000.00  +0.12%  -1.50%  +3.46%   CHF 1.82T  CHF 63.2B  ▁▂▃▄▅▆▇█
        2  ETH     Ethereum    CHF 3,000.50  -0.05%  +2.25%  -4.00%    CHF 360B  CHF 18.8B  █▇▆▅▄▃▂▁
        3  SHIB    Shiba Inu  CHF 0.0000085       —   0.00%       —           —   CHF 512M  ▅▅

        """)
    await expectEqual(world.run(["top", "1", "--currency", "chf", "--json"], transport), 0)
    #expect(world.stdout.text.contains(#""price":50000,"#))
  }

  @Test func aSparklineNotSentIsNullAndAnEmptyOneStaysEmptyLiveAndFromTheCache() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let body = Fixtures.body([
      MarketFixture(id: "a", symbol: "a", name: "A", rank: 1, price: 1, marketCap: 2),
      MarketFixture(
        id: "b", symbol: "b", name: "B", rank: 2, price: 1, marketCap: 1, sparkline: []),
    ])
    let transport = StubTransport(always: .body(body))
    let expected =
      #"{"source":"live","asOf":"2025-07-25T14:53:48.000Z","currency":"usd","coins":["#
      + #"{"rank":1,"id":"a","symbol":"a","name":"A","price":1,"change1h":null,"#
      + #""change24h":null,"change7d":null,"marketCap":2,"volume":null,"sparkline":null},"#
      + #"{"rank":2,"id":"b","symbol":"b","name":"B","price":1,"change1h":null,"#
      + #""change24h":null,"change7d":null,"marketCap":1,"volume":null,"sparkline":[]}]}"#
      + "\n"
    await expectEqual(world.run(["top", "2", "--json"], transport), 0)
    expectEqual(world.stdout.text, expected)
    await expectEqual(world.run(["top", "2", "--json"], transport), 0)
    expectEqual(world.stdout.text, expected)
    expectEqual(transport.requests.count, 1)
    await expectEqual(world.run(["top", "2"], transport), 0)
    #expect(
      world.stdout.text == """
        Top 2 coins by market cap in USD · live, 2025-07-25 14:53:48 UTC
        #  Symbol  Name  Price  1h  24h  7d  Market Cap  Volume  7d Chart
        1  A       A     $1.00   —    —   —       $2.00       —  —
        2  B       B     $1.00   —    —   —       $1.00       —

        """)
  }

  @Test func serverThatNeverAnswersFallsBackAtTheDeadline() async throws {
    let world = try World(parkingAtLeast: 6)
    defer { world.directory.remove() }
    let transport = StubTransport(always: .never)
    let run = Task { await world.run(["top", "3", "--timeout", "2"], transport) }
    #expect(await eventually { transport.requests.count == 1 && world.clock.parkedCount == 1 })
    expectEqual(world.clock.parkedSleeps, [6])
    expectEqual(transport.requests.first?.timeout, 2)
    world.clock.advance(by: 6)
    await expectEqual(run.valueCancellingWithCaller, 0)
    #expect(
      world.stderr.text
        == "Warning: CoinGecko did not answer within 6 s. Showing the SAMPLE data bundled with "
        + "coins, recorded 2023-11-14 22:13:20 UTC, not live prices.\n")
    expectEqual(world.clock.now().timeIntervalSince(ManualTimeSource.start), 6)
  }

  @Test func chosenCoinsAreLookedUpInTheUsersCurrencyWithItsTimeout() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: Self.ok)
    let arguments = ["top", "--coins", "btc,eth", "--currency", "eur", "--timeout", "3", "--csv"]
    await expectEqual(world.run(arguments, transport), 0)
    // The look-up of the symbols as well as the list: in euros, each answer waited for 3 s.
    #expect(!transport.requests.isEmpty)
    #expect(transport.requests.map { $0.query("vs_currency") }.allSatisfy { $0 == "eur" })
    #expect(transport.requests.map(\.timeout).allSatisfy { $0 == 3 })
  }

  @Test func fewerCoinsThanAskedIsAWarning() async throws {
    let world = try World()
    defer { world.directory.remove() }
    await expectEqual(world.run(["top", "5"], StubTransport(always: Self.ok)), 0)
    expectEqual(world.stderr.text, "Warning: only 3 of the 5 coins asked for are available.\n")
    #expect(world.stdout.text.hasPrefix("Top 3 coins by market cap in USD · live"))
  }

  @Test func thousandCoinsFetchFourPagesOnce() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport { request, _ in
      let page = Int(request.query("page") ?? "") ?? 0
      return HTTPResponse(status: 200, body: Data(Fixtures.body(Fixtures.page(page)).utf8))
    }
    await expectEqual(world.run(["top", "1000", "--csv"], transport), 0)
    expectEqual(transport.requests.compactMap { $0.query("page") }.sorted(), ["1", "2", "3", "4"])
    let rows = world.stdout.text.split(separator: "\n")
    expectEqual(rows.count, 1001)
    #expect(rows[1].hasPrefix("1,coin-1,"))
    #expect(rows[1000].hasPrefix("1000,coin-1000,"))
  }

  @Test func colorOnlyOnATerminalWithoutNoColor() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let transport = StubTransport(always: Self.ok)
    await expectEqual(world.run(["top", "3"], transport), 0)
    #expect(!world.stdout.text.contains("\u{1B}"))
    world.isTerminal = true
    await expectEqual(world.run(["top", "3"], transport), 0)
    #expect(world.stdout.text.contains("\u{1B}[32m+0.12%\u{1B}[0m"))
    #expect(world.stdout.text.contains("\u{1B}[2mlive, 2025-07-25 14:53:48 UTC\u{1B}[0m"))
    world.environment["NO_COLOR"] = "1"
    await expectEqual(world.run(["top", "3"], transport), 0)
    #expect(!world.stdout.text.contains("\u{1B}"))
    await expectEqual(world.run(["top", "3", "--color", "always"], transport), 0)
    #expect(world.stdout.text.contains("\u{1B}[31m-1.50%\u{1B}[0m"))
    world.isTerminal = false
    world.environment["NO_COLOR"] = nil
    await expectEqual(world.run(["top", "3", "--color", "never"], transport), 0)
    #expect(!world.stdout.text.contains("\u{1B}"))
  }

  @Test func keyGoesInItsHeaderAndNeverIntoOutput() async throws {
    let world = try World()
    defer { world.directory.remove() }
    let secret = "CG-pro-9f8e7d6c"
    world.environment["COINGECKO_PRO_API_KEY"] = secret
    let transport = StubTransport(
      always: .body(
        #"{"status":{"error_code":10011,"error_message":"Pro key \#(secret) used on the wrong host"}}"#,
        status: 401))
    await expectEqual(world.run(["top", "3"], transport), 1)
    #expect(
      world.stderr.text
        == "Error: CoinGecko answered HTTP 401: Pro key [redacted] used on the wrong host.\n")
    #expect(!world.stdout.text.contains(secret))
    let request = try #require(transport.requests.first)
    expectEqual(request.url.host, "pro-api.coingecko.com")
    expectEqual(request.headers["x-cg-pro-api-key"], secret)
    #expect(!request.url.absoluteString.contains(secret))
  }

  @Test func baseURLFromTheEnvironment() async throws {
    let world = try World()
    defer { world.directory.remove() }
    world.environment["COINGECKO_BASE_URL"] = "http://127.0.0.1:8765/api/v3"
    let transport = StubTransport(always: .failure(.unreachable("connection refused")))
    await expectEqual(world.run(["top", "3", "--live"], transport), 69)
    #expect(
      transport.requests.first?.url.absoluteString.hasPrefix(
        "http://127.0.0.1:8765/api/v3/coins/markets?") == true)
    expectEqual(world.stderr.text, "Error: Cannot reach 127.0.0.1 (connection refused).\n")
  }

  @Test func badBaseURLIsTheUsersError() async throws {
    let world = try World()
    defer { world.directory.remove() }
    world.environment["COINGECKO_BASE_URL"] = "ftp://mirror.test"
    let transport = StubTransport(always: Self.ok)
    await expectEqual(world.run(["top", "3"], transport), 1)
    #expect(
      world.stderr.text == "Error: COINGECKO_BASE_URL is not an http(s) URL: ftp://mirror.test.\n")
    #expect(transport.requests.isEmpty)
  }
}
