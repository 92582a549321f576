import Foundation
import Testing

/// `coins portfolio reprice` (issue 45) through the built binary against the loopback fakes of
/// the price sources (`PricesEndToEndTests.Sources`): unknown prices valued at their day's open
/// with the source recorded, a price given never changed, a deposit valued only when named, a
/// dry run and a refusal leaving the file byte for byte, offline your prices used and what is
/// missing listed with each source's reason.
///
/// Coinbase's BTC-USD opens (the fake's rows): 55,247.02 on 2021-05-01, 54,672.05 on
/// 2021-05-02 (no candle on the 3rd: carried forward), 50,285.02 on 2021-05-04, 51,654.44 on
/// 2021-06-01.
@Suite(.spawnsProcesses) struct RepriceEndToEndTests {
  typealias Sources = PricesEndToEndTests.Sources

  /// Bitcoin: 1 a buy without a price, 2 a buy at $100 (given), 3 a deposit of unknown cost,
  /// 4 income without a value, 5 a buy in 2010 (no source has it), 6 a sale without a price,
  /// 7 a transfer out.
  static let history = """
    {
      "version": 3,
      "holdings": [
        {
          "id": "bitcoin",
          "transactions": [
            {"id": "1", "type": "buy", "amount": "0.5", "date": "2021-05-01T10:00:00.000Z"},
            {"id": "2", "type": "buy", "amount": "1", "price": "100", "currency": "usd", "date": "2021-05-02T00:00:00.000Z"},
            {"id": "3", "type": "in", "amount": "0.2", "costUnknown": true, "date": "2021-05-03T00:00:00.000Z"},
            {"id": "4", "type": "in", "amount": "0.01", "income": true, "costUnknown": true, "date": "2021-05-04T00:00:00.000Z"},
            {"id": "5", "type": "buy", "amount": "1", "date": "2010-01-01T00:00:00.000Z"},
            {"id": "6", "type": "sell", "amount": "0.1", "date": "2021-06-01T00:00:00.000Z"},
            {"id": "7", "type": "out", "amount": "0.1", "date": "2021-06-02T00:00:00.000Z"}
          ]
        }
      ]
    }

    """

  static func place(_ text: String, in coins: CoinsBinary) throws -> String {
    let folder = coins.home.path + "/data/coins"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/portfolio.json"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let noSourceFor2010 =
    "  5  buy 1 BTC on 2010-01-01: no price from any source — Your prices: none imported for "
    + "btc in USD; CoinGecko: CoinGecko's free plan reaches only the past 365 days (from "
    + "\(PricesEndToEndTests.yearAgo)); Coinbase: no BTC-USD price on 2010-01-01 or the 7 days "
    + "before; Binance: no BTCUSDT price on 2010-01-01 or the 7 days before\n"

  static let depositLeft =
    "  3  transfer in 0.2 BTC on 2021-05-03: a deposit from outside: its cost is what the coins "
    + "cost before they came; link the move, or name it with --transactions to value it at the "
    + "day's open\n"

  @Test func unknownPricesAreValuedWithTheirSourceAndGivenOnesNeverChange() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let path = try Self.place(Self.history, in: coins)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let dryRun = try await coins.run(["portfolio", "reprice", "--dry-run"])
    let afterDryRun = try Data(contentsOf: URL(fileURLWithPath: path))
    let reprice = try await coins.run(["portfolio", "reprice", "--unknown"])
    let file = try String(contentsOfFile: path, encoding: .utf8)
    let again = try await coins.run(["portfolio", "reprice"])

    let priced = """
      1  buy 0.5 BTC on 2021-05-01: $55,247.02 (Coinbase BTC-USD open, not checked against \
      CoinGecko)
        4  income 0.01 BTC on 2021-05-04: $50,285.02 (Coinbase BTC-USD open, not checked \
      against CoinGecko)
        6  sell 0.1 BTC on 2021-06-01: $51,654.44 (Coinbase BTC-USD open, not checked against \
      CoinGecko)

      """
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(
      dryRun.stdout
        == "Would price 3 transactions:\n  " + priced + "Left as they are (2):\n"
        + Self.noSourceFor2010 + Self.depositLeft + "Dry run: nothing was written.\n")
    expectEqual(afterDryRun, before)
    #expect(reprice.status == 0, "\(reprice.stderr)")
    #expect(
      reprice.stdout
        == "Priced 3 transactions:\n  " + priced + "Left as they are (2):\n"
        + Self.noSourceFor2010 + Self.depositLeft)
    #expect(
      file.contains(
        #"{"id": "1", "type": "buy", "amount": "0.5", "price": "55247.02", "currency": "usd", "#
          + #""date": "2021-05-01T10:00:00.000Z", "priceSource": "coinbase, unverified"}"#))
    // The given price stays as it was, with no source.
    #expect(
      file.contains(
        #"{"id": "2", "type": "buy", "amount": "1", "price": "100", "currency": "usd", "#
          + #""date": "2021-05-02T00:00:00.000Z"}"#))
    // Income is valued and no longer of unknown cost; the deposit keeps its unknown cost.
    #expect(
      file.contains(
        #"{"id": "4", "type": "in", "amount": "0.01", "price": "50285.02", "currency": "usd", "#
          + #""date": "2021-05-04T00:00:00.000Z", "income": true, "#
          + #""priceSource": "coinbase, unverified"}"#))
    #expect(file.contains(#""id": "3", "type": "in", "amount": "0.2", "#))
    #expect(file.contains(#""costUnknown": true}"#))
    expectEqual(again.stdout, "Left as they are (2):\n" + Self.noSourceFor2010 + Self.depositLeft)
  }

  @Test func aNamedDepositIsValuedAndANamedPriceIsLeftAsItIs() async throws {
    let sources = try await Sources.start()
    defer { sources.stop() }
    let coins = sources.coins
    let path = try Self.place(Self.history, in: coins)

    let result = try await coins.run(["portfolio", "reprice", "--transactions", "2,3"])

    #expect(result.status == 0, "\(result.stderr)")
    // The 3rd has no candle: the 2nd's open, 54,672.05, carried forward a day.
    #expect(
      result.stdout == """
        Priced 1 transaction:
          3  transfer in 0.2 BTC on 2021-05-03: $54,672.05 (Coinbase BTC-USD open, carried \
        forward from 2021-05-02, not checked against CoinGecko)
        Left as they are (1):
          2  buy 1 BTC on 2021-05-02: has a price (given by you or the export); left as it is

        """)
    let file = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      file.contains(
        #"{"id": "3", "type": "in", "amount": "0.2", "price": "54672.05", "currency": "usd", "#
          + #""date": "2021-05-03T00:00:00.000Z", "#
          + #""priceSource": "coinbase, carried forward 1 day, unverified"}"#))
  }

  @Test func anUnknownTransactionOrABadListIsRefusedWithTheFileUntouched() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    let path = try Self.place(Self.history, in: coins)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let unknown = try await coins.run(["portfolio", "reprice", "--transactions", "1,99"])
    let empty = try await coins.run(["portfolio", "reprice", "--transactions", "1,,3"])

    expectEqual(unknown.status, 65)
    expectEqual(unknown.stdout, "")
    #expect(
      unknown.stderr
        == "Error: No transaction has the id '99'; coins portfolio history lists them. Nothing "
        + "was changed.\n")
    expectEqual(empty.status, 64)
    #expect(
      empty.stderr.hasPrefix(
        "Error: The value '1,,3' is invalid for '--transactions <ids>': expected ids separated "
          + "by commas, such as 3,5.\n"))
    try expectEqual(Data(contentsOf: URL(fileURLWithPath: path)), before)
  }

  @Test func offlineYourPricesAreUsedAndWhatIsMissingIsListed() async throws {
    let coins = try CoinsBinary(baseURL: refusedPortURL())
    defer { coins.cleanUp() }
    var offline = coins
    for variable in ["COINS_COINBASE_BASE_URL", "COINS_BINANCE_BASE_URL", "COINS_ECB_BASE_URL"] {
      offline.environment[variable] = "http://127.0.0.1:9"
    }
    let prices = coins.home.path + "/mine.csv"
    try "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n".write(
      toFile: prices, atomically: true, encoding: .utf8)
    _ = try await offline.run(["prices", "import", prices])
    let path = try Self.place(
      """
      {"version": 3, "holdings": [{"id": "bitcoin", "transactions": [
      {"id": "1", "type": "buy", "amount": "0.5", "date": "2021-05-01T10:00:00.000Z"},
      {"id": "2", "type": "buy", "amount": "0.5", "date": "2021-03-15T00:00:00.000Z"}]}]}

      """, in: coins)

    let result = try await offline.run(["portfolio", "reprice"])

    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Priced 1 transaction:
          1  buy 0.5 BTC on 2021-05-01: $57,714.66 (your price from mine.csv)
        Left as they are (1):
          2  buy 0.5 BTC on 2021-03-15: no price from any source — Your prices: no btc USD price \
        on 2021-03-15; CoinGecko: CoinGecko's free plan reaches only the past 365 days (from \
        \(PricesEndToEndTests.yearAgo)); Coinbase: Coinbase could not be reached: connection \
        refused; Binance: Binance could not be reached: connection refused

        """)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8).contains(
        #""price": "57714.66", "currency": "usd", "date": "2021-05-01T10:00:00.000Z", "#
          + #""priceSource": "yours"}"#))
  }
}
