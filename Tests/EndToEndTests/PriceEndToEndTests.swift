import Foundation
import Testing

/// `coins price` through the built binary and the loopback fake: one request for all coins,
/// the cache, coins looked up once and remembered, fallbacks that say what they are.
@Suite(.spawnsProcesses) struct PriceEndToEndTests {
  @Test func oneSimplePriceRequestForAllCoinsAndNoMarketRequest() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let result = try await coins.run(["price", "btc", "eth", "sol"])
    let again = try await coins.run(["price", "eth"])

    // The fake's prices: bitcoin 50,000, ethereum 3,000, solana 150 USD.
    expectEqual(result.status, 0)
    expectEqual(result.stdout, "BTC $50,000.00 +0.95%\nETH $3,000.00 -0.12%\nSOL $150.00 -1.10%\n")
    expectEqual(result.stderr, "")
    expectEqual(again.stdout, "ETH $3,000.00 -0.12%\n")
    let requests = try await fake.requests()
    expectEqual(requests.map(\.path), ["/api/v3/simple/price"])
    expectEqual(requests.first?.query["ids"], "bitcoin,ethereum,solana")
    expectEqual(requests.first?.query["vs_currencies"], "usd")
    expectEqual(requests.first?.query["include_24hr_change"], "true")
    expectEqual(requests.first?.query["include_last_updated_at"], "true")
  }

  @Test func aCoinOutsideTheMarketIsLookedUpOnceAndRemembered() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let first = try await coins.run(["price", "deep-value", "--currency", "eur"])
    let second = try await coins.run(["price", "deep-value", "--currency", "eur", "--max-age", "0"])

    // Deep Value costs 2.5 USD; in euros 2.5 × 0.9 = 2.25.
    #expect(first.stdout.hasPrefix("DEEP €2.25 "))
    expectEqual(second.stdout, first.stdout)
    let paths = try await fake.requests().map(\.path)
    expectEqual(paths, ["/api/v3/search", "/api/v3/simple/price", "/api/v3/simple/price"])
    let known = try String(
      contentsOfFile: coins.home.path + "/cache/coins/known-coins.json", encoding: .utf8)
    #expect(known.contains("\"deep-value\""))
  }

  @Test func templatesAndJSON() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let text = try await coins.run([
      "price", "btc", "eth", "--format",
      "{symbol}={number} {price} {change24h} {currency} [{source}] {{x}}",
    ])
    let json = try await coins.run(["price", "btc", "--currency", "gbp", "--json"])
    let bad = try await coins.run(["price", "btc", "--format", "{symbol} {cost}"])

    #expect(
      text.stdout
        == "BTC=50000 $50,000.00 +0.95% USD [live] {x}\nETH=3000 $3,000.00 -0.12% USD [live] {x}\n")
    let document = try JSONDecoder().decode(PriceDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.source, "live")
    expectEqual(document.currency, "gbp")
    // 50,000 USD × 0.8 = 40,000 GBP.
    expectEqual(document.prices.map(\.price), [40000])
    expectEqual(document.prices.map(\.symbol), ["btc"])
    expectEqual(document.prices.first?.updatedAt?.hasPrefix("20"), true)
    expectEqual(bad.status, 64)
    #expect(
      bad.stderr.hasPrefix(
        "Error: The value '{symbol} {cost}' is invalid for '--format <template>': Unknown "
          + "placeholder '{cost}'. Use {symbol}, {name}, {id}, {price}, {number}, {change24h}, "
          + "{currency}, {source}, {age}.\nUsage: coins price <coin> ..."))
    try await expectEqual(fake.requests().count, 2)
  }

  @Test func offlineTheCachedPricesThenTheSampleAreShownLabelled() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["price", "btc"])
    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()

    let cached = try await coins.run(["price", "btc", "--max-age", "0"])
    let sample = try await coins.run(["price", "eth", "--max-age", "0"])
    let live = try await coins.run(["price", "btc", "--max-age", "0", "--live"])
    let json = try await coins.run(["price", "btc", "--max-age", "0", "--json"])

    expectEqual(cached.status, 0)
    #expect(cached.stdout.hasPrefix("BTC $50,000.00 +0.95% (CACHED "))
    #expect(cached.stdout.hasSuffix(" ago)\n"))
    #expect(
      cached.stderr.hasPrefix(
        "Warning: Cannot reach 127.0.0.1 (connection refused). Showing cached data from "))
    // No cached price for ETH: the bundled sample's (3,050 USD, -0.04% in 24 h).
    expectEqual(sample.status, 0)
    expectEqual(sample.stdout, "ETH $3,050.00 -0.04% (SAMPLE DATA)\n")
    #expect(sample.stderr.contains("Showing the SAMPLE data bundled with coins"))
    expectEqual(live.status, 69)
    expectEqual(live.stdout, "")
    #expect(json.stdout.hasPrefix("{\"source\":\"cache\","))
    #expect(
      json.stdout.contains("\"staleReason\":\"Cannot reach 127.0.0.1 (connection refused).\""))
  }

  /// `--timeout` is the whole command's budget: a hanging CoinGecko gets one request and the
  /// timeout (not three times it), then the cached price, labelled, at once; a rate limit is
  /// retried only inside the budget. Told by what the command says and how often it asked.
  @Test func theTimeoutIsTheWholeCommandsBudget() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    _ = try await coins.run(["price", "btc"])
    try await fake.reset()

    try await fake.setMode("hang")
    let hanging = try await coins.run(["price", "btc", "--timeout", "1", "--max-age", "0"])
    let hangingRequests = try await fake.requests().count
    try await fake.reset()
    try await fake.setMode("429", params: ["retry_after": "5"])
    let limited = try await coins.run(["price", "btc", "--timeout", "3", "--max-age", "0"])
    let limitedRequests = try await fake.requests().count

    expectEqual(hanging.status, 0)
    #expect(hanging.stdout.hasPrefix("BTC $50,000.00 +0.95% (CACHED "))
    #expect(
      hanging.stderr.hasPrefix(
        "Warning: CoinGecko did not answer within 1 s. Showing cached data from "))
    expectEqual(hangingRequests, 1)
    // A wait of 5 s does not fit in 3: no retry, the cache at once.
    expectEqual(limited.status, 0)
    #expect(limited.stdout.hasPrefix("BTC $50,000.00 +0.95% (CACHED "))
    expectEqual(limitedRequests, 1)
  }

  @Test func anUnknownCoinIsNamedOnStderrAndTheOthersStillPrint() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let some = try await coins.run(["price", "btc", "solanna", "eth", "nosuchcoin"])
    let json = try await coins.run(["price", "btc", "nosuchcoin", "--json"])
    let none = try await coins.run(["price", "nosuchcoin"])

    // A status line keeps the coins it knows, in order; each unknown one is named once.
    expectEqual(some.status, 1)
    expectEqual(some.stdout, "BTC $50,000.00 +0.95%\nETH $3,000.00 -0.12%\n")
    #expect(
      some.stderr
        == "Error: Unknown coin 'solanna'. Did you mean: sol (Solana, id solana)?\n"
        + "Error: Unknown coin 'nosuchcoin'. Name it by its symbol (btc) or CoinGecko id "
        + "(bitcoin).\n")
    expectEqual(json.status, 1)
    let document = try JSONDecoder().decode(PriceDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.prices.map(\.id), ["bitcoin"])
    expectEqual(none.status, 1)
    expectEqual(none.stdout, "")
    #expect(none.stderr.hasPrefix("Error: Unknown coin 'nosuchcoin'."))
  }

  @Test func anUnknownCurrencyOrCoinIsAnErrorAndGarbageIsUnknown() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let currency = try await coins.run(["price", "btc", "--currency", "xyz"])
    let coin = try await coins.run(["price", "solanna"])
    try await fake.setMode("nulls")
    let nulls = try await coins.run(["price", "btc", "--max-age", "0"])
    try await fake.setMode("absurd")
    let absurd = try await coins.run(["price", "btc", "eth", "--max-age", "0"])
    try await fake.setMode("wrong-shape")
    let wrong = try await coins.run(["price", "btc", "--max-age", "0", "--live"])

    expectEqual(currency.status, 1)
    #expect(
      currency.stderr
        == "Error: CoinGecko has no prices in 'xyz'. Use a currency code it supports, such as "
        + "usd, eur or btc.\n")
    expectEqual(coin.status, 1)
    #expect(coin.stderr.hasPrefix("Error: Unknown coin 'solanna'. Did you mean: sol (Solana"))
    expectEqual(nulls.status, 0)
    expectEqual(nulls.stdout, "BTC — —\n")
    // Bitcoin's absurd price is negative, Ethereum's 1e308: the first is unknown.
    expectEqual(absurd.status, 0)
    #expect(absurd.stdout.hasPrefix("BTC — "))
    #expect(!absurd.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    expectEqual(wrong.status, 69)
    #expect(wrong.stderr.hasPrefix("Error: CoinGecko sent an answer coins cannot read"))
  }
}

/// The parts of `coins price --json` the tests read.
struct PriceDocument: Decodable {
  struct Price: Decodable {
    var id: String
    var symbol: String
    var price: Double?
    var change24h: Double?
    var updatedAt: String?
  }

  var source: String
  var currency: String
  var prices: [Price]
}
