import Foundation
import Testing

/// The progress line of a command fetching many coins' daily prices (issue 44), through the
/// built binary with its standard error piped: nothing while no rate limit makes it wait; once
/// one does, one plain line per change (`Fetching daily prices: 1 of 3 coins`), never a `\r`.
/// The wait is Coinbase's fake refusing the first request with `Retry-After: 1` (a one-second
/// window, no sleep in the test); the budget pauses Coinbase that long and sends one probe.
@Suite(.spawnsProcesses) struct FetchProgressEndToEndTests {
  /// Three coins bought in 2021 without a price: only the exchanges reach that far back.
  static let history = """
    {"version": 3, "holdings": [
    {"id": "bitcoin", "transactions": [{"id": "1", "type": "buy", "amount": "0.5", "date": "2021-07-01T00:00:00.000Z"}]},
    {"id": "ethereum", "transactions": [{"id": "2", "type": "buy", "amount": "2", "date": "2021-07-02T00:00:00.000Z"}]},
    {"id": "solana", "transactions": [{"id": "3", "type": "buy", "amount": "10", "date": "2021-07-03T00:00:00.000Z"}]}]}

    """

  func coins(coinbase: FakePriceSource, coinGecko: FakeCoinGecko) throws -> CoinsBinary {
    var coins = try CoinsBinary(baseURL: coinGecko.baseURL)
    coins.environment["COINS_COINBASE_BASE_URL"] = coinbase.baseURL
    _ = try RepriceEndToEndTests.place(Self.history, in: coins)
    return coins
  }

  @Test func aWaitForARateLimitIsSaidWithTheCountAsPlainLines() async throws {
    let coinGecko = try await FakeCoinGecko.start()
    defer { coinGecko.stop() }
    let coinbase = try await FakePriceSource.start(
      "coinbase", mode: "429", count: 1, params: ["retry_after": "1"])
    defer { coinbase.stop() }
    let coins = try coins(coinbase: coinbase, coinGecko: coinGecko)
    defer { coins.cleanUp() }

    let result = try await coins.run(["portfolio", "reprice", "--dry-run"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Would price 3 transactions:\n"))
    #expect(
      result.stderr == """
        Fetching daily prices: 0 of 3 coins (waiting 1 s for Coinbase's rate limit)
        Fetching daily prices: 1 of 3 coins
        Fetching daily prices: 2 of 3 coins
        Fetching daily prices: 3 of 3 coins

        """)
    // One refusal, then one request a coin: BTC's asked again after the pause, no storm.
    #expect(
      try await coinbase.requestPaths() == [
        "/products/BTC-USD/candles", "/products/BTC-USD/candles", "/products/ETH-USD/candles",
        "/products/SOL-USD/candles",
      ])
  }

  @Test func withoutAWaitNothingIsSaid() async throws {
    let coinGecko = try await FakeCoinGecko.start()
    defer { coinGecko.stop() }
    let coinbase = try await FakePriceSource.start("coinbase")
    defer { coinbase.stop() }
    let coins = try coins(coinbase: coinbase, coinGecko: coinGecko)
    defer { coins.cleanUp() }

    let result = try await coins.run(["portfolio", "reprice", "--dry-run"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Would price 3 transactions:\n"))
    expectEqual(result.stderr, "")
  }
}
