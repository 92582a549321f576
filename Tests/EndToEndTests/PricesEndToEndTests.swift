import Foundation
import Testing

/// The price chain from the command line (issue 44), through the built binary against the
/// loopback fakes of CoinGecko, Coinbase, Binance and the ECB: `coins price <coin> --date`
/// naming its source, `coins prices import|list|remove`, offline use, the config keys.
///
/// The exchange fakes' clocks are frozen at 2026-11-29 12:00 UTC, so their opens are the same
/// on every run; the figures below are the fakes' own rows (asked of them directly):
/// Coinbase's BTC-USD candle of 2021-05-01 is `[1619827200, 53578.61, 56351.96, 55247.02, …]`
/// (open 55,247.02); Binance's ETHUSDT kline of that day opens at "3660.31994384" ($3,660.32
/// to the cent). CoinGecko's free plan reaches only the past 365 days, so it prices neither.
@Suite(.spawnsProcesses) struct PricesEndToEndTests {
  /// The four fakes and a `coins` pointed at them.
  struct Sources {
    var coinGecko: FakeCoinGecko
    var coinbase: FakePriceSource
    var binance: FakePriceSource
    var ecb: FakePriceSource
    var coins: CoinsBinary

    static func start(
      coinbaseParams: [String: String] = [:], binanceMode: String = "ok"
    ) async throws -> Sources {
      let coinGecko = try await FakeCoinGecko.start()
      let coinbase = try await FakePriceSource.start("coinbase", params: coinbaseParams)
      let binance = try await FakePriceSource.start("binance", mode: binanceMode)
      let ecb = try await FakePriceSource.start("ecb")
      var coins = try CoinsBinary(baseURL: coinGecko.baseURL)
      coins.environment["COINS_COINBASE_BASE_URL"] = coinbase.baseURL
      coins.environment["COINS_BINANCE_BASE_URL"] = binance.baseURL
      coins.environment["COINS_ECB_BASE_URL"] = ecb.baseURL
      return Sources(
        coinGecko: coinGecko, coinbase: coinbase, binance: binance, ecb: ecb, coins: coins)
    }

    func stop() {
      coins.cleanUp()
      coinGecko.stop()
      coinbase.stop()
      binance.stop()
      ecb.stop()
    }
  }

  /// Writes `text` as `name` in the run's HOME and returns its path.
  func write(_ text: String, _ name: String, in coins: CoinsBinary) throws -> String {
    let path = coins.home.path + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aPriceFiveYearsBackComesFromCoinbaseWithItsSourceNamed() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }

    let text = try await sources.coins.run(["price", "btc", "--date", "2021-05-01"])
    let json = try await sources.coins.run(["price", "btc", "--date", "2021-05-01", "--json"])

    expectEqual(text.status, 0)
    #expect(
      text.stdout
        == "Bitcoin (BTC) on 2021-05-01 at 00:00 UTC: $55,247.02 (Coinbase BTC-USD open, not "
        + "checked against CoinGecko)\n")
    expectEqual(text.stderr, "")
    expectEqual(json.status, 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    expectEqual(object["price"] as? Double, 55247.02)
    #expect(json.stdout.contains("\"price\": 55247.02,"))
    expectEqual(object["currency"] as? String, "usd")
    expectEqual(object["date"] as? String, "2021-05-01")
    expectEqual(object["source"] as? String, "coinbase")
    expectEqual(object["pair"] as? String, "BTC-USD")
  }

  @Test func theOrderSettingDecidesWhichSourcePricesADayOfThePastYear() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let day = Self.day(daysAgo: 10)

    let byDefault = try await coins.run(["price", "btc", "--date", day])
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    try "[prices]\norder = \"coinbase, coingecko\"\n".write(
      toFile: coins.home.path + "/.config/coins/config.toml", atomically: true, encoding: .utf8)
    let coinbaseFirst = try await coins.run(["price", "btc", "--date", day])

    // Within the free plan's 365 days CoinGecko, second in the default order, answers; with
    // Coinbase first, Coinbase does, its pair checked against CoinGecko's (no "not checked").
    expectEqual(byDefault.status, 0)
    #expect(byDefault.stdout.hasPrefix("Bitcoin (BTC) on \(day) at 00:00 UTC: $"))
    #expect(byDefault.stdout.hasSuffix(" (CoinGecko's daily price)\n"))
    expectEqual(coinbaseFirst.status, 0)
    #expect(coinbaseFirst.stdout.hasSuffix(" (Coinbase BTC-USD open)\n"))
  }

  @Test func aUserPriceFileWinsOverEverySource() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let file = try write(
      "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n2021-05-02,bitcoin,56000,usd\n",
      "my-prices.csv", in: coins)

    let imported = try await coins.run(["prices", "import", file])
    let first = try await coins.run(["price", "btc", "--date", "2021-05-01"])
    let second = try await coins.run(["price", "btc", "--date", "2021-05-02", "--json"])
    let list = try await coins.run(["prices", "list"])

    expectEqual(imported.status, 0)
    #expect(imported.stdout.hasPrefix("Imported 2 prices from my-prices.csv:\n"))
    #expect(
      first.stdout
        == "Bitcoin (BTC) on 2021-05-01 at 00:00 UTC: $57,714.66 (your price from my-prices.csv)\n")
    #expect(second.stdout.contains("\"price\": 56000,"))
    #expect(second.stdout.contains("\"source\": \"yours\","))
    #expect(
      list.stdout == """
        coin     currency  from        to          days  file
        bitcoin  USD       2021-05-02  2021-05-02  1     my-prices.csv
        btc      USD       2021-05-01  2021-05-01  1     my-prices.csv

        """)
  }

  @Test func binanceViaUSDTWhenCoinbaseLacksThePair() async throws {
    let sources = try await Sources.start(coinbaseParams: ["unlisted": "ETH"])
    defer { sources.stop() }

    let result = try await sources.coins.run(["price", "eth", "--date", "2021-05-01"])

    expectEqual(result.status, 0)
    #expect(
      result.stdout
        == "Ethereum (ETH) on 2021-05-01 at 00:00 UTC: $3,660.32 (Binance ETHUSDT open via USDT, "
        + "not checked against CoinGecko)\n")
  }

  @Test func binance451IsUnavailableHereAndEverySourcesReasonIsListed() async throws {
    let sources = try await Sources.start(coinbaseParams: ["unlisted": "ETH"], binanceMode: "451")
    defer { sources.stop() }

    let result = try await sources.coins.run(["price", "eth", "--date", "2021-05-01"])

    expectEqual(result.status, 69)
    expectEqual(result.stdout, "")
    #expect(
      result.stderr == """
        Error: No source has a price of Ethereum (ETH) on 2021-05-01 in USD:
        Error: Your prices: none imported for eth in USD
        Error: CoinGecko: CoinGecko's free plan reaches only the past 365 days (from \(Self.yearAgo))
        Error: Coinbase: Coinbase lists no ETH-USD
        Error: Binance: Binance is unavailable here (HTTP 451)

        """)
  }

  @Test func offlineImportedAndCachedPricesAreUsedAndWhatIsMissingIsListed() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    var coins = sources.coins
    let file = try write(
      "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n", "mine.csv", in: coins)
    _ = try await coins.run(["prices", "import", file])
    // Online once: Coinbase's open of 2021-04-30 is kept in the cache of closed days.
    let online = try await coins.run(["price", "btc", "--date", "2021-04-30"])
    #expect(online.stdout.contains("$54,450.28 (Coinbase BTC-USD open"))

    for variable in ["COINS_COINBASE_BASE_URL", "COINS_BINANCE_BASE_URL", "COINS_ECB_BASE_URL"] {
      coins.environment[variable] = "http://127.0.0.1:9"
    }
    coins.environment["COINGECKO_BASE_URL"] = refusedPortURL()
    let yours = try await coins.run(["price", "btc", "--date", "2021-05-01"])
    let cached = try await coins.run(["price", "btc", "--date", "2021-04-30"])
    let missing = try await coins.run(["price", "btc", "--date", "2021-03-15"])

    expectEqual(yours.status, 0)
    #expect(
      yours.stdout
        == "Bitcoin (BTC) on 2021-05-01 at 00:00 UTC: $57,714.66 (your price from mine.csv)\n")
    expectEqual(cached.status, 0)
    expectEqual(cached.stdout, online.stdout)
    expectEqual(missing.status, 69)
    #expect(
      missing.stderr == """
        Error: No source has a price of Bitcoin (BTC) on 2021-03-15 in USD:
        Error: Your prices: no btc USD price on 2021-03-15
        Error: CoinGecko: CoinGecko's free plan reaches only the past 365 days (from \(Self.yearAgo))
        Error: Coinbase: Coinbase could not be reached: connection refused
        Error: Binance: Binance could not be reached: connection refused

        """)
  }

  @Test func aBadPriceFileRowIsExit65AndNothingIsKept() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let good = try write(
      "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n", "good.csv", in: coins)
    let bad = try write(
      "date,coin,price,currency\n2021-05-01,eth,3000,usd\n2021-05-02,eth,abc,usd\n", "bad.csv",
      in: coins)
    _ = try await coins.run(["prices", "import", good])
    let store = coins.home.path + "/data/coins/prices.json"
    let before = try Data(contentsOf: URL(fileURLWithPath: store))

    let result = try await coins.run(["prices", "import", bad])

    expectEqual(result.status, 65)
    expectEqual(result.stdout, "")
    #expect(
      result.stderr
        == "Error: bad.csv, line 3, column 3: \"abc\" is not a price above zero. Nothing was imported.\n"
    )
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: store)), before)
  }

  @Test func krakenFilesImportAndRemoveDropsTheDaysBetweenTheDates() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    // 2021-05-01, -02 and -04 at 00:00 UTC (1619827200 + n × 86400); no trades on the 3rd.
    let file = try write(
      """
      1619827200,57000.5,58000,56000,57500,12.5,300
      1619913600,57500,58500,57000,58000,10,250
      1620086400,56000,57000,55000,56500,8,200

      """, "XBTUSD_1440.csv", in: coins)

    let imported = try await coins.run(["prices", "import", file])
    let carried = try await coins.run(["price", "btc", "--date", "2021-05-03"])
    let removed = try await coins.run(["prices", "remove", "btc", "--from", "2021-05-02"])
    let list = try await coins.run(["prices", "list", "--json"])
    let backwards = try await coins.run([
      "prices", "remove", "btc", "--from", "2021-05-02", "--to", "2021-05-01",
    ])

    #expect(imported.stdout.contains("  btc in USD: 3 days, 2021-05-01 to 2021-05-04\n"))
    // The 3rd takes the 2nd's open, carried forward.
    #expect(
      carried.stdout
        == "Bitcoin (BTC) on 2021-05-03 at 00:00 UTC: $57,500.00 (your price from "
        + "XBTUSD_1440.csv, carried forward from 2021-05-02)\n")
    expectEqual(removed.stdout, "Removed 2 days of btc prices from 2021-05-02.\n")
    #expect(
      list.stdout.contains(
        "\"from\": \"2021-05-01\",\n      \"to\": \"2021-05-01\",\n      \"days\": 1,"))
    expectEqual(backwards.status, 64)
    #expect(
      backwards.stderr.hasPrefix("Error: '--to' (2021-05-01) is before '--from' (2021-05-02).\n"))
  }

  @Test func aBadPriceSettingIsTheConfigErrorNamingKeyAndLine() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    try FileManager.default.createDirectory(
      atPath: coins.home.path + "/.config/coins", withIntermediateDirectories: true)
    let config = coins.home.path + "/.config/coins/config.toml"
    try "[prices]\norder = \"yours, kraken\"\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let order = try await coins.run(["prices", "list"])
    try "[network]\nmax_wait = 60\ncoinbase_rate = 0\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let rate = try await coins.run(["prices", "list"])
    try "[prices]\nprecision = \"minute\"\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let precision = try await coins.run(["prices", "list"])

    expectEqual(order.status, 78)
    #expect(
      order.stderr
        == "Error: \(config), line 2, column 9: [prices] order names an unknown source 'kraken' "
        + "(known: yours, coingecko, coinbase, binance).\n")
    expectEqual(rate.status, 78)
    #expect(
      rate.stderr
        == "Error: \(config), line 3, column 17: 'network.coinbase_rate' takes requests a minute "
        + "above 0, not 0.\n")
    expectEqual(precision.status, 78)
    #expect(
      precision.stderr.hasPrefix(
        "Error: \(config), line 2, column 13: 'prices.precision' takes \"day\" (the open of each "
          + "UTC day) or \"hour\" (a transaction with a time at the open of its UTC hour where a "
          + "source has hourly candles), not \"minute\".\n"))
  }

  /// The UTC day `count` days before today, `YYYY-MM-DD`.
  static func day(daysAgo count: Int) -> String {
    let today = Int(Date().timeIntervalSince1970 / 86_400)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date(timeIntervalSince1970: Double(today - count) * 86_400))
  }

  /// The first day within CoinGecko's free reach, 365 days back from today (the run's real
  /// clock: the reach is counted from `coins`'s today, not the fakes').
  static var yearAgo: String {
    let today = Int(Date().timeIntervalSince1970 / 86_400)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date(timeIntervalSince1970: Double(today - 364) * 86_400))
  }
}
