import Foundation
import Testing

/// `coins trending`, `coins categories`, `coins top --category` and `coins convert` through
/// the built binary and the loopback fake, fallbacks included.
@Suite(.spawnsProcesses) struct QuickAnswersEndToEndTests {
  @Test func trendingListsCoinsWithRankPriceAndChangeThenFallsBackToTheCache() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let table = try await coins.run(["trending"])
    let json = try await coins.run(["trending", "--json"])

    expectEqual(table.status, 0)
    #expect(table.stdoutLines[0].hasPrefix("Trending on CoinGecko, prices in USD · live, "))
    #expect(
      Array(table.stdoutLines.dropFirst()) == [
        "#  Symbol  Name                Rank       Price     24h",
        "1  RKT     Rocket 🚀 Moon        57      $0.777  +1.65%",
        "2  TINU    Tiny Inu             120  $0.0000085  -1.43%",
        "3  SOL     Solana                 5     $150.00  -1.10%",
        "4  FRESH   Fresh Launch          99       $0.42  +1.49%",
        "5  SHIB    Shiba Inu             13   $0.000017  +1.67%",
        "6  DEEP    Deep Value           777       $2.50  +3.28%",
        "7  红包    红包代币 (Hongbao)    42     $0.0321  +0.65%",
        "",
      ])
    let document = try JSONDecoder().decode(TrendingDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.coins.map(\.id).prefix(3), ["rocket-moon", "tiny-inu", "solana"])
    expectEqual(document.coins.first?.rank, 57)
    expectEqual(document.coins.first?.price, 0.777)
    expectEqual(document.coins.first?.position, 1)
    try await expectEqual(fake.requests().map(\.path), ["/api/v3/search/trending"])

    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let cached = try await coins.run(["trending", "--max-age", "0"])
    let live = try await coins.run(["trending", "--max-age", "0", "--live"])
    expectEqual(cached.status, 0)
    #expect(cached.stdoutLines[0].contains("CACHED "))
    #expect(cached.stderr.contains("Showing cached data from "))
    expectEqual(live.status, 69)
  }

  @Test func trendingWithHostileNamesAndNullsPrintsNothingRaw() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    try await fake.setMode("evil")
    let evil = try await coins.run(["trending"])
    try await fake.setMode("nulls")
    let nulls = try await coins.run(["trending", "--max-age", "0"])
    let empty = try await CoinsBinary(baseURL: refusedPortURL()).run(["trending"])

    expectEqual(evil.status, 0)
    #expect(
      !(evil.stdout + evil.stderr).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    // The symbol column is as wide as the longest symbol: it is never cut (docs/market.md).
    #expect(evil.stdoutLines[2].hasPrefix("1  BTC               RED Bitcoin    "))
    // Rank, price and change sent as null are unknown, never 0.
    expectEqual(nulls.stdoutLines[2], "1  RKT     Rocket 🚀 Moon         —      —    —")
    // Nothing cached and no sample for trending: CoinGecko out of reach is exit 69.
    expectEqual(empty.status, 69)
  }

  @Test func categoriesSortableAndTopOfOneCategoryCachedApart() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let byName = try await coins.run(["categories", "3", "--sort", "name"])
    let json = try await coins.run(["categories", "--json"])
    let plain = try await coins.run(["top", "3"])
    let meme = try await coins.run(["top", "--category", "meme-token", "--csv"])
    let none = try await coins.run(["top", "--category", "nothing-here"])

    #expect(byName.stdoutLines[0].hasPrefix("3 of 5 categories in USD, by name · live, "))
    #expect(byName.stdoutLines[1].hasPrefix("#  Name          Id (for --category)  Market Cap"))
    #expect(byName.stdoutLines[2].hasPrefix("1  Layer 1 (L1)  layer-1 "))
    #expect(byName.stdoutLines[3].hasPrefix("2  Meme          meme-token "))
    #expect(byName.stdoutLines[4].hasPrefix("3  Quiet Corner  quiet-corner "))
    let document = try JSONDecoder().decode(CategoriesDocument.self, from: Data(json.stdout.utf8))
    expectEqual(document.categories.map(\.id).first, "layer-1")
    expectEqual(document.categories.count, 5)
    // Meme: Dogecoin, Shiba Inu, Rocket Moon, Tiny Inu, largest market cap first.
    expectEqual(meme.status, 0)
    #expect(
      meme.stdoutLines.dropFirst().map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
        == ["9,dogecoin,doge", "13,shiba-inu,shib", "57,rocket-moon,rkt", "120,tiny-inu,tinu", ""])
    expectEqual(none.status, 1)
    #expect(
      none.stderr
        == "Error: CoinGecko has no coins in the category 'nothing-here'. See `coins categories` "
        + "for the ids.\n")
    let category = try await fake.marketRequests().compactMap { $0.query["category"] }
    expectEqual(category, ["meme-token", "nothing-here"])

    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let plainAgain = try await coins.run(["top", "3", "--max-age", "0", "--csv"])
    let memeAgain = try await coins.run(["top", "--category", "meme-token", "--max-age", "0"])
    let otherCategory = try await coins.run(["top", "--category", "layer-1"])
    #expect(plain.stdoutLines[2].hasPrefix("1  BTC "))
    #expect(plainAgain.stderr.contains("Showing cached data from "))
    expectEqual(plainAgain.stdoutLines.dropFirst().first?.hasPrefix("1,bitcoin,btc,"), true)
    expectEqual(memeAgain.status, 0)
    #expect(
      memeAgain.stdoutLines[0].hasPrefix(
        "Top 4 coins in the category meme-token by market cap in USD · CACHED "))
    // A category never seen has no sample to fall back on.
    expectEqual(otherCategory.status, 69)
  }

  @Test func convertBetweenCurrenciesAndCoinsWithTheRateAndItsTime() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    // The fake: 1 BTC = 50,000 USD = 45,000 EUR; 1 ETH = 3,000 USD; 1 SOL = 150 USD.
    let euros = try await coins.run(["convert", "0.5", "btc", "eur"])
    let ether = try await coins.run(["convert", "100", "usd", "eth"])
    let sol = try await coins.run(["convert", "1", "eth", "sol", "--json"])
    let doge = try await coins.run(["convert", "10", "sol", "doge"])

    expectEqual(euros.stdoutLines[0], "0.5 BTC = €22,500.00")
    #expect(euros.stdoutLines[1].hasPrefix("1 BTC = €45,000.00 · live, "))
    // 100 / 3,000 = 0.0333…, six significant digits.
    expectEqual(ether.stdoutLines[0], "100 USD = 0.0333333 ETH")
    #expect(
      sol.stdout.contains(
        #""amount":1,"from":{"type":"coin","id":"ethereum","symbol":"eth","name":"Ethereum"},"#
          + #""to":{"type":"coin","id":"solana","symbol":"sol","name":"Solana"},"rate":20,"#
          + #""result":20}"#))
    // Dogecoin costs 0.18 USD: 10 × 150 / 0.18 = 8,333.33…
    expectEqual(doge.stdoutLines[0], "10 SOL = 8,333.33 DOGE")
    // One exchange-rates answer serves both currency pairs; coins go to /simple/price.
    let requests = try await fake.requests()
    expectEqual(requests.filter { $0.path.hasSuffix("/exchange_rates") }.count, 1)
    #expect(
      requests.filter { $0.path.hasSuffix("/simple/price") }.compactMap { $0.query["ids"] }
        == ["ethereum,solana", "solana,dogecoin"])
  }

  @Test func theRateShownTimesTheAmountIsTheResultShown() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let thousand = try await coins.run(["convert", "1000", "eur", "usd"])
    let one = try await coins.run(["convert", "1", "eur", "usd"])

    // 1 EUR = 50,000 / 45,000 USD = 1.1111…: 1000 × 1.11 would be 1,110.00 and 1000 × 1.1111
    // 1,111.10; 1000 × 1.11111 = 1,111.11, the result shown.
    expectEqual(thousand.status, 0)
    expectEqual(thousand.stdoutLines[0], "1000 EUR = $1,111.11")
    #expect(thousand.stdoutLines[1].hasPrefix("1 EUR = $1.11111 · live, "))
    // For one unit the usual two decimals already make it true.
    expectEqual(one.stdoutLines[0], "1 EUR = $1.11")
    #expect(one.stdoutLines[1].hasPrefix("1 EUR = $1.11 · live, "))
  }

  @Test func convertRefusesBadAmountsNamesUnknownTermsAndFallsBack() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    var coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }

    let words = try await coins.run(["convert", "abc", "btc", "eur"])
    let exponent = try await coins.run(["convert", "1e5", "btc", "eur"])
    let unknown = try await coins.run(["convert", "1", "btcc", "eur"])
    let sats = try await coins.run(["convert", "1", "btc", "sats"])
    _ = try await coins.run(["convert", "2", "btc", "usd"])
    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let cached = try await coins.run(["convert", "2", "btc", "usd", "--max-age", "0"])
    let live = try await coins.run(["convert", "2", "btc", "usd", "--max-age", "0", "--live"])

    expectEqual(words.status, 64)
    #expect(
      words.stderr.hasPrefix(
        "Error: The value 'abc' is invalid for '<amount>': expected a positive plain decimal "
          + "such as 0.5 or 100.\nUsage: coins convert <amount> <from> <to>"))
    expectEqual(exponent.status, 64)
    expectEqual(unknown.status, 1)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: Unknown coin or currency 'btcc'. Did you mean: btc (currency); btc (Bitcoin, "))
    expectEqual(cached.status, 0)
    // `sats` is a currency CoinGecko lists but the fake's rates do not: never "Did you mean:
    // sats (currency)?", the word refused.
    #expect(
      sats.stderr.hasPrefix(
        "Error: No exchange rate for the currency 'sats': CoinGecko's rates do not list it, "
          + "and no coin is called so. Convert to or from a currency it has a rate for (usd, "
          + "eur, btc)"))
    #expect(!sats.stderr.contains("sats (currency)"))
    expectEqual(sats.status, 1)
    expectEqual(cached.stdoutLines[0], "2 BTC = $100,000.00")
    #expect(cached.stdoutLines[1].hasPrefix("1 BTC = $50,000.00 · CACHED "))
    #expect(cached.stderr.hasPrefix("Warning: Cannot reach 127.0.0.1 (connection refused)."))
    expectEqual(live.status, 69)
  }
}

/// The parts of `coins trending --json` the tests read.
struct TrendingDocument: Decodable {
  struct Coin: Decodable {
    var position: Int
    var rank: Int?
    var id: String
    var price: Double?
  }

  var source: String
  var coins: [Coin]
}

/// The parts of `coins categories --json` the tests read.
struct CategoriesDocument: Decodable {
  struct Category: Decodable {
    var id: String
    var marketCap: Double?
  }

  var source: String
  var categories: [Category]
}
