import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsPriceSources
import CoinsUnitTestSupport
import Foundation
import Testing

/// Coinbase's candles and Binance's klines over a stub transport, on a manual clock whose today
/// is 2025-07-25.
@Suite struct ExchangeSourceTests {
  let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")
  let clock = ManualTimeSource()

  func coinbase(_ transport: StubTransport) -> CoinbaseCandles {
    CoinbaseCandles(baseURL: "https://cb.test", transport: transport, timeSource: clock)
  }

  func binance(_ transport: StubTransport) -> BinanceKlines {
    BinanceKlines(baseURL: "https://bn.test", transport: transport, timeSource: clock)
  }

  @Test func coinbaseReadsNewestFirstRowsAndDropsCandlesBeforeStart() async {
    // 2024-01-04 had no trades; a candle of 2023-12-31 comes back although start is 01-01.
    let body = """
      [[1704412800,43000,44500,44100.5,44200,10.5],[1704240000,42000,43000,42500.25,42900,9],
      [1704153600,41000,42000,41500,41900,8],[1704067200,40000,41000,40000.01,41400,7],
      [1703980800,39000,40000,39999,40000,6]]
      """
    let transport = StubTransport(always: .body(body))
    let answer = await coinbase(transport).dailyOpens(
      of: bitcoin, in: "USD", days: day("2024-01-01")...day("2024-01-05"))
    let expected = DailyOpens(
      opens: [
        day("2024-01-01"): exact("40000.01"), day("2024-01-02"): exact("41500"),
        day("2024-01-03"): exact("42500.25"), day("2024-01-05"): exact("44100.5"),
      ], pair: "BTC-USD", carriesForward: true)
    expectEqual(answer, .opens(expected))
    let request = transport.requests[0]
    #expect(
      request.url.absoluteString
        == "https://cb.test/products/BTC-USD/candles?granularity=86400"
        + "&start=2024-01-01T00:00:00Z&end=2024-01-05T00:00:00Z")
    expectEqual(request.headers["User-Agent"]?.hasPrefix("coins/"), true)
    let chain = PriceChain(sources: [coinbase(transport)])
    let fourth = await chain.price(of: bitcoin, in: "usd", on: day("2024-01-04")).price
    expectEqual(fourth?.price, exact("42500.25"))
    expectEqual(fourth?.provenance.label, "coinbase, carried forward 1 day, unverified")
  }

  @Test func coinbaseAsksALongSpanInPagesOfThreeHundredCandles() async {
    let transport = StubTransport(always: .body("[]"))
    _ = await coinbase(transport).dailyOpens(
      of: bitcoin, in: "EUR", days: day("2024-01-01")...day("2025-03-05"))
    #expect(
      transport.requests.map(\.url.absoluteString) == [
        "https://cb.test/products/BTC-EUR/candles?granularity=86400"
          + "&start=2024-01-01T00:00:00Z&end=2024-10-26T00:00:00Z",
        "https://cb.test/products/BTC-EUR/candles?granularity=86400"
          + "&start=2024-10-27T00:00:00Z&end=2025-03-05T00:00:00Z",
      ])
  }

  @Test func coinbaseAsksNothingAfterToday() async {
    let transport = StubTransport(always: .body("[]"))
    _ = await coinbase(transport).dailyOpens(
      of: bitcoin, in: "GBP", days: day("2025-07-20")...day("2025-08-30"))
    expectEqual(transport.requests.map { $0.query("end") }, ["2025-07-25T00:00:00Z"])
  }

  @Test func coinbaseNamesWhatItCannotPrice() async {
    let transport = StubTransport(always: .body(#"{"message":"NotFound"}"#, status: 404))
    let days = day("2024-01-01")...day("2024-01-05")
    #expect(
      await coinbase(transport).dailyOpens(of: bitcoin, in: "JPY", days: days)
        == .unavailable("Coinbase quotes only USD, EUR and GBP, not JPY"))
    #expect(transport.requests.isEmpty)
    #expect(
      await coinbase(transport).dailyOpens(of: bitcoin, in: "USD", days: days)
        == .unlisted("Coinbase lists no BTC-USD"))
    let refused = StubTransport(always: .failure(.refused))
    #expect(
      await coinbase(refused).dailyOpens(of: bitcoin, in: "USD", days: days)
        == .unavailable("Coinbase could not be reached: connection refused"))
  }

  @Test func binanceReadsStringNumbersInUSDViaUSDT() async {
    let body = """
      [[1704067200000,"42283.58000000","44184.10000000","42180.77000000","44179.55000000",\
      "27174.29903000",1704153599999,"1169995682.42",1000000,"1","1","0"],
      [1704153600000,"44179.55000000","45879.63000000","44148.34000000","44946.91000000",\
      "65146.40661000",1704239999999,"2900000000.1",2000000,"1","1","0"]]
      """
    let transport = StubTransport(always: .body(body))
    let answer = await binance(transport).dailyOpens(
      of: bitcoin, in: "USD", days: day("2024-01-01")...day("2024-01-05"))
    let expected = DailyOpens(
      opens: [day("2024-01-01"): exact("42283.58"), day("2024-01-02"): exact("44179.55")],
      pair: "BTCUSDT", viaUSDT: true, carriesForward: true)
    expectEqual(answer, .opens(expected))
    #expect(
      transport.requests.map(\.url.absoluteString) == [
        "https://bn.test/api/v3/klines?symbol=BTCUSDT&interval=1d&startTime=1704067200000"
          + "&endTime=1704499199999&limit=1000"
      ])
    let price = await PriceChain(sources: [binance(transport)]).price(
      of: bitcoin, in: "USD", on: day("2024-01-02")
    ).price
    expectEqual(price?.provenance.label, "binance via USDT, unverified")
    expectEqual(price?.price, exact("44179.55"))
  }

  @Test func binanceAsksALongSpanInPagesOfAThousandDays() async {
    let transport = StubTransport(always: .body("[]"))
    _ = await binance(transport).dailyOpens(
      of: bitcoin, in: "USD", days: day("2021-01-01")...day("2023-12-31"))
    // 1,095 days: 1,000 from 2021-01-01 (to 2023-09-27), then 95.
    #expect(
      transport.requests.map { [$0.query("startTime"), $0.query("endTime")] } == [
        ["1609459200000", "1695859199999"], ["1695859200000", "1704067199999"],
      ])
  }

  @Test func binanceUnavailableHereIsNotAnError() async {
    let days = day("2024-01-01")...day("2024-01-05")
    let restricted = StubTransport(
      always: .body(
        #"{"code":0,"msg":"Service unavailable from a restricted location"}"#, status: 451))
    #expect(
      await binance(restricted).dailyOpens(of: bitcoin, in: "USD", days: days)
        == .unavailable("Binance is unavailable here (HTTP 451)"))
    let transport = StubTransport(always: .body("[]"))
    #expect(
      await binance(transport).dailyOpens(of: bitcoin, in: "EUR", days: days)
        == .unavailable("Binance prices only in USD (via USDT), not EUR"))
    #expect(transport.requests.isEmpty)
  }

  @Test func binancesBanAfterIgnoredRateLimitsIsItsRateLimitDailyAndHourly() async {
    // HTTP 418: an address banned for asking on through 429s. Both series say it the same way;
    // an unknown symbol (400) is unlisted for a day's series and unavailable for an hour's.
    let banned = StubTransport(always: .body(#"{"code":-1003}"#, status: 418))
    let reason = "rate limited by Binance (HTTP 429)"
    #expect(
      await binance(banned).dailyOpens(
        of: bitcoin, in: "USD", days: day("2024-01-01")...day("2024-01-02")) == .unavailable(reason)
    )
    #expect(
      await binance(banned).hourlyOpens(of: bitcoin, in: "USD", hours: 473_352...473_360)
        == .unavailable(reason))
    let unknown = StubTransport(always: .body(#"{"code":-1121}"#, status: 400))
    #expect(
      await binance(unknown).dailyOpens(
        of: bitcoin, in: "USD", days: day("2024-01-01")...day("2024-01-02"))
        == .unlisted("Binance lists no BTCUSDT"))
    #expect(
      await binance(unknown).hourlyOpens(of: bitcoin, in: "USD", hours: 473_352...473_360)
        == .unavailable("Binance lists no BTCUSDT"))
  }

  @Test func baseURLsComeFromTheEnvironment() {
    #expect(
      PriceSourceEndpoints.fromEnvironment([:])
        == PriceSourceEndpoints(
          coinbase: "https://api.exchange.coinbase.com", binance: "https://data-api.binance.vision",
          ecb: "https://data-api.ecb.europa.eu/service"))
    let fake = PriceSourceEndpoints.fromEnvironment([
      "COINS_COINBASE_BASE_URL": "http://127.0.0.1:8001/", "COINS_BINANCE_BASE_URL": " ",
      "COINS_ECB_BASE_URL": "http://127.0.0.1:8003/service",
    ])
    expectEqual(fake.coinbase, "http://127.0.0.1:8001")
    expectEqual(fake.binance, "https://data-api.binance.vision")
    expectEqual(fake.ecb, "http://127.0.0.1:8003/service")
  }
}
