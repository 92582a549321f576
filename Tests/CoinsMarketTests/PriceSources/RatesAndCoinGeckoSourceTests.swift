import CoinGeckoAPI
import CoinsHTTP
import CoinsModel
import CoinsPriceSources
import CoinsUnitTestSupport
import Foundation
import Testing

/// The ECB's reference rates and CoinGecko's daily opens over a stub transport; today is
/// 2025-07-25 on the manual clock.
@Suite struct RatesAndCoinGeckoSourceTests {
  let clock = ManualTimeSource()

  static let ecbCSV = """
    KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE,OBS_STATUS,TITLE
    EXR.D.GBP.EUR.SP00.A,D,GBP,EUR,SP00,A,2024-05-02,0.86,A,"UK pound sterling/Euro, 2:15 pm (C.E.T.)"
    EXR.D.GBP.EUR.SP00.A,D,GBP,EUR,SP00,A,2024-05-03,0.85,A,"UK pound sterling/Euro, 2:15 pm (C.E.T.)"
    EXR.D.USD.EUR.SP00.A,D,USD,EUR,SP00,A,2024-05-02,1.2,A,"US dollar/Euro, 2:15 pm (C.E.T.)"
    EXR.D.USD.EUR.SP00.A,D,USD,EUR,SP00,A,2024-05-03,1.25,A,"US dollar/Euro, 2:15 pm (C.E.T.)"
    EXR.D.USD.EUR.SP00.A,D,USD,EUR,SP00,A,2024-05-06,,M,"US dollar/Euro, 2:15 pm (C.E.T.)"

    """

  @Test func theECBIsAskedOnceForEveryCurrencyFromAWeekBefore() async throws {
    let transport = StubTransport(always: .body(Self.ecbCSV))
    let rates = ECBRates(baseURL: "https://ecb.test/service", transport: transport)
    let fixings = try await rates.fixings(
      of: ["usd", "GBP", "EUR"], days: day("2024-05-03")...day("2024-05-06"))
    #expect(
      transport.requests.map(\.url.absoluteString) == [
        "https://ecb.test/service/data/EXR/D.GBP+USD.EUR.SP00.A?startPeriod=2024-04-26"
          + "&endPeriod=2024-05-06&format=csvdata"
      ])
    #expect(
      fixings.rates["USD"] == [day("2024-05-02"): exact("1.2"), day("2024-05-03"): exact("1.25")])
    // USD → GBP crosses the euro: 0.85 / 1.25 = 0.68 on Friday 3 May.
    #expect(
      fixings.rate(from: "usd", to: "gbp", on: day("2024-05-03"))
        == FiatRate(rate: exact("0.68"), day: day("2024-05-03"), fixingDay: day("2024-05-03")))
    expectEqual(fixings.rate(from: "EUR", to: "USD", on: day("2024-05-02"))?.rate, exact("1.2"))
    // Saturday 4 May and Monday 6 May (no value published) take Friday's fixing, labelled.
    let saturday = fixings.rate(from: "EUR", to: "USD", on: day("2024-05-04"))
    expectEqual(saturday?.rate, exact("1.25"))
    expectEqual(saturday?.label, "ecb, rate of 2024-05-03")
    #expect(
      fixings.rate(from: "GBP", to: "USD", on: day("2024-05-06"))?.fixingDay == day("2024-05-03"))
    expectEqual(fixings.rate(from: "EUR", to: "USD", on: day("2024-05-03"))?.label, "ecb")
    // A currency the ECB does not publish has no rate.
    #expect(fixings.rate(from: "USD", to: "ARS", on: day("2024-05-03")) == nil)
  }

  @Test func unreadableOrMissingECBAnswersAreNamed() async {
    let days = day("2024-05-03")...day("2024-05-03")
    let shapeless = ECBRates(
      baseURL: "https://ecb.test",
      transport: StubTransport(always: .body("DATE,VALUE\n2024-05-03,1.1\n")))
    await #expect(
      throws: ECBRates.Unavailable(reason: "the ECB's rates cannot be read: no CURRENCY column")
    ) {
      _ = try await shapeless.fixings(of: ["USD"], days: days)
    }
    let down = ECBRates(baseURL: "https://ecb.test", transport: StubTransport(always: .status(503)))
    await #expect(throws: ECBRates.Unavailable(reason: "the ECB answered HTTP 503")) {
      _ = try await down.fixings(of: ["USD"], days: days)
    }
  }

  func coinGecko(_ transport: StubTransport, reachDays: Int? = 365) -> CoinGeckoDailyOpens {
    let client = CoinGeckoClient(
      configuration: CoinGeckoConfiguration(baseURL: "https://cg.test/api/v3"),
      transport: transport,
      timeSource: clock)
    return CoinGeckoDailyOpens(client: client, timeSource: clock, reachDays: reachDays)
  }

  @Test func coinGeckoAsksADailySpanWithinTheFreePlansReach() async {
    // 00:00 UTC points only: the 01:00 one is not a daily open.
    let body = #"{"prices":[[1746057600000,94212.5],[1746061200000,1],[1746144000000,96500.25]]}"#
    let transport = StubTransport(always: .body(body))
    let answer = await coinGecko(transport).dailyOpens(
      of: PricedCoin(id: "bitcoin", symbol: "btc"), in: "USD",
      days: day("2025-05-01")...day("2025-05-03"))
    #expect(
      answer
        == .opens(
          DailyOpens(
            opens: [day("2025-05-01"): exact("94212.5"), day("2025-05-02"): exact("96500.25")],
            pair: "bitcoin", carriesForward: false)))
    // 92 days back from the last day asked, to the end of it (2025-01-31 00:00 = 20,119 × 86,400
    // to 2025-05-04 00:00 = 20,212 × 86,400), so CoinGecko answers daily whatever its clock.
    expectEqual(
      transport.requests.map { $0.url.path }, ["/api/v3/coins/bitcoin/market_chart/range"])
    #expect(
      transport.requests.map { [$0.query("vs_currency"), $0.query("from"), $0.query("to")] } == [
        ["usd", "1738281600", "1746316800"]
      ])
  }

  @Test func daysBeyondTheFreePlanAreNotAsked() async {
    let transport = StubTransport(always: .body(#"{"prices":[]}"#))
    let answer = await coinGecko(transport).dailyOpens(
      of: PricedCoin(id: "bitcoin", symbol: "btc"), in: "USD",
      days: day("2020-01-01")...day("2020-02-01"))
    #expect(
      answer
        == .unavailable("CoinGecko's free plan reaches only the past 365 days (from 2024-07-26)"))
    #expect(transport.requests.isEmpty)
  }

  @Test func aPlanRefusalIsLearnedOnce() async {
    let refusal =
      #"{"error":{"status":{"error_code":10012,"error_message":"Your request exceeds the allowed time range."}}}"#
    let transport = StubTransport(always: .body(refusal, status: 401))
    let source = coinGecko(transport, reachDays: nil)
    let coins = [
      PricedCoin(id: "bitcoin", symbol: "btc"), PricedCoin(id: "ethereum", symbol: "eth"),
    ]
    for coin in coins {
      _ = await source.dailyOpens(of: coin, in: "USD", days: day("2019-01-01")...day("2019-03-01"))
    }
    // The first coin's refusal taught the reach: the second is not asked.
    expectEqual(transport.requests.count, 1)
  }
}

/// A source priced in USD answering in EUR through the ECB's rates.
@Suite struct ECBConvertedSourceTests {
  @Test func binanceAnswersInEuroAtEachDaysECBRate() async {
    let clock = ManualTimeSource()
    // Friday 3 May 2024 opened at $1,000, Saturday at $1,100; the ECB fixed 1.25 USD per EUR
    // on Friday and publishes nothing on Saturday.
    let klines = """
      [[1714694400000,"1000.00","1","1","1","1",0,"1",1,"1","1","0"],
      [1714780800000,"1100.00","1","1","1","1",0,"1",1,"1","1","0"]]
      """
    let stub = StubTransport { request, _ in
      let text = request.url.host == "ecb.test" ? RatesAndCoinGeckoSourceTests.ecbCSV : klines
      return HTTPResponse(status: 200, body: Data(text.utf8))
    }
    let binance = BinanceKlines(baseURL: "https://bn.test", transport: stub, timeSource: clock)
    let source = ECBConvertedSource(
      binance, quotes: ["USD"], rates: ECBRates(baseURL: "https://ecb.test", transport: stub))
    let chain = PriceChain(sources: [source])
    let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")
    let prices = await chain.prices(
      of: bitcoin, in: "eur", on: [day("2024-05-03"), day("2024-05-04")])
    // $1,000 / 1.25 = €800; $1,100 / 1.25 = €880.
    let friday = prices[day("2024-05-03")]?.price
    expectEqual(friday?.price, exact("800"))
    expectEqual(friday?.currency, "EUR")
    expectEqual(
      friday?.provenance.label, "binance via USDT, unverified, from USD at the ECB's rate")
    let saturday = prices[day("2024-05-04")]?.price
    expectEqual(saturday?.price, exact("880"))
    #expect(
      saturday?.provenance.label
        == "binance via USDT, unverified, from USD at the ECB's rate of 2024-05-03")
    #expect(
      stub.requests.map(\.url.absoluteString).last
        == "https://ecb.test/data/EXR/D.USD.EUR.SP00.A?startPeriod=2024-04-26&endPeriod=2024-05-04"
        + "&format=csvdata")
    // In USD it is Binance's own answer, no ECB request.
    let before = stub.requests.count
    let dollars = await chain.price(of: bitcoin, in: "USD", on: day("2024-05-03")).price
    expectEqual(dollars?.price, exact("1000"))
    expectEqual(stub.requests.count, before + 1)
  }
}
