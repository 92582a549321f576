import CoinsCommandLine
import CoinsTerminal
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins global` through `CoinsCLI.run`, with a stub `/global` and a manual clock.
@Suite struct GlobalCommandTests {
  private static func body(marketCap: String, volume: String) -> String {
    #"{"data":{"active_cryptocurrencies":1200,"markets":1107,"#
      + #""total_market_cap":\#(marketCap),"total_volume":\#(volume),"#
      + #""market_cap_percentage":{"btc":49.79,"eth":18.14},"#
      + #""market_cap_change_percentage_24h_usd":0.44,"updated_at":1753455000}}"#
  }

  private static let usdAndEur = body(
    marketCap: #"{"usd":1990000000000,"eur":1791000000000}"#,
    volume: #"{"usd":169000000000,"eur":152100000000}"#)

  private struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private func run(_ arguments: [String], answering body: String) async throws -> Run {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stdout = CapturingSink()
    let stderr = CapturingSink()
    let context = CommandContext(
      environment: ["XDG_CACHE_HOME": directory.url.path], stdout: stdout, stderr: stderr,
      terminal: TerminalInfo(isTerminal: false, width: 80), timeSource: ManualTimeSource(),
      transport: StubTransport(always: .body(body)), sampleLoader: { nil }, retryPolicy: .none)
    let status = await CoinsCLI.run(arguments: arguments, context: context)
    return Run(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  @Test func figuresInAKnownCurrency() async throws {
    let result = try await run(["global"], answering: Self.usdAndEur)
    expectEqual(result.status, 0)
    expectEqual(result.stderr, "")
    #expect(
      result.stdout == """
        Global crypto market in USD · live, 2025-07-25 14:53:48 UTC
        Market cap     $1.99T
        24h change     +0.44% (market cap, in USD terms)
        Volume 24h     $169B
        BTC dominance  49.79%
        ETH dominance  18.14%
        Active coins   1,200
        Markets        1,107

        """)
  }

  @Test(arguments: [["global", "--currency", "xyz"], ["global", "--currency", "XYZ", "--json"]])
  func aCurrencyMissingFromTheTotalsIsAnError(arguments: [String]) async throws {
    let result = try await run(arguments, answering: Self.usdAndEur)
    expectEqual(result.status, 1)
    expectEqual(result.stdout, "")
    #expect(
      result.stderr
        == "Error: CoinGecko has no figures in 'xyz'. Use a currency code it supports, such as "
        + "usd, eur or btc.\n")
  }

  @Test func aTotalLeftNullIsUnknownNotAnError() async throws {
    let body = Self.body(marketCap: #"{"usd":null,"eur":null}"#, volume: #"{"usd":null}"#)
    let result = try await run(["global", "--currency", "eur", "--json"], answering: body)
    expectEqual(result.status, 0)
    #expect(
      result.stdout
        == #"{"source":"live","asOf":"2025-07-25T14:53:48.000Z","currency":"eur","#
        + #""totalMarketCap":null,"totalVolume":null,"marketCapChange24h":0.44,"#
        + #""btcDominance":49.79,"ethDominance":18.14,"activeCoins":1200,"markets":1107,"#
        + #""updatedAt":"2025-07-25T14:50:00.000Z"}"# + "\n")
  }

  @Test func anAnswerWithoutTotalsSaysNothingAboutTheCurrency() async throws {
    let body = #"{"data":{"active_cryptocurrencies":1200,"markets":1107}}"#
    let result = try await run(["global", "--currency", "chf"], answering: body)
    expectEqual(result.status, 0)
    #expect(result.stdout.hasPrefix("Global crypto market in CHF · live, "))
    #expect(result.stdout.contains("\nMarket cap     —\n"))
  }
}
