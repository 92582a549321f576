import CoinsModel
import CoinsPriceSources
import CoinsUnitTestSupport
import Testing

@Suite struct PriceChainTests {
  let bitcoin = PricedCoin(id: "bitcoin", symbol: "btc")

  @Test func theFirstSourceThatHasTheDayPricesIt() async {
    let yours = ScriptedSource(
      .yours, pair: "btc USD", opens: ["2021-05-01": "50000"], carriesForward: false)
    let coinbase = ScriptedSource(
      .coinbase, pair: "BTC-USD", opens: ["2021-05-01": "57714.66", "2021-05-02": "57800.01"])
    let reference = ScriptedSource(
      .coingecko, pair: "bitcoin", opens: ["2021-05-01": "57000"], carriesForward: false)
    let chain = PriceChain(sources: [yours, coinbase], reference: reference)
    let prices = await chain.prices(
      of: bitcoin, in: "usd", on: [day("2021-05-01"), day("2021-05-02")])
    expectEqual(prices[day("2021-05-01")]?.price?.price, exact("50000"))
    expectEqual(prices[day("2021-05-01")]?.price?.provenance.label, "yours")
    expectEqual(prices[day("2021-05-02")]?.price?.price, exact("57800.01"))
    expectEqual(prices[day("2021-05-02")]?.price?.provenance.label, "coinbase")
    expectEqual(prices[day("2021-05-02")]?.price?.provenance.pair, "BTC-USD")
    expectEqual(prices[day("2021-05-02")]?.price?.currency, "USD")
    // One span per source: the days still unpriced, from 7 days before the first.
    expectEqual(yours.spans, [day("2021-04-24")...day("2021-05-02")])
    expectEqual(coinbase.spans, [day("2021-04-25")...day("2021-05-02")])
  }

  @Test func anExchangesMissingDayTakesItsLastOpenUpToSevenDaysLabelled() async {
    let coinbase = ScriptedSource(.coinbase, pair: "BTC-USD", opens: ["2021-05-01": "57714.66"])
    let binance = ScriptedSource(
      .binance, pair: "BTCUSDT", opens: ["2021-05-09": "58000.5"], viaUSDT: true)
    let reference = ScriptedSource(
      .coingecko, pair: "bitcoin", opens: ["2021-05-01": "57000", "2021-05-09": "58000"],
      carriesForward: false)
    let chain = PriceChain(sources: [coinbase, binance], reference: reference)
    let prices = await chain.prices(
      of: bitcoin, in: "USD", on: [day("2021-05-03"), day("2021-05-08"), day("2021-05-09")])
    let third = prices[day("2021-05-03")]?.price
    expectEqual(third?.price, exact("57714.66"))
    expectEqual(third?.provenance.label, "coinbase, carried forward 2 days")
    let eighth = prices[day("2021-05-08")]?.price
    expectEqual(eighth?.price, exact("57714.66"))
    expectEqual(eighth?.provenance.carriedForwardDays, 7)
    // Eight days after Coinbase's last open: the next source.
    let ninth = prices[day("2021-05-09")]?.price
    expectEqual(ninth?.price, exact("58000.5"))
    expectEqual(ninth?.provenance.label, "binance via USDT")
    expectEqual(binance.spans, [day("2021-05-02")...day("2021-05-09")])
  }

  @Test func coinGeckoAndYourCSVPricesAreNeverCarriedForward() async {
    let coinGecko = ScriptedSource(
      .coingecko, pair: "bitcoin", opens: ["2021-05-01": "57800"], carriesForward: false)
    let chain = PriceChain(sources: [coinGecko])
    let answer = await chain.price(of: bitcoin, in: "USD", on: day("2021-05-02"))
    #expect(
      answer
        == .unknown([SourceReason(source: .coingecko, reason: "no bitcoin price on 2021-05-02")]))
  }

  @Test func whatNoSourcePricesIsUnknownWithEachSourcesReason() async {
    let coinbase = ScriptedSource(.coinbase) { _, _, _ in .unavailable("Coinbase lists no BTC-USD")
    }
    let binance = ScriptedSource(.binance) { _, _, _ in
      .unavailable("Binance is unavailable here (HTTP 451)")
    }
    let yours = ScriptedSource(.yours, pair: "btc USD", opens: [:], carriesForward: false)
    let chain = PriceChain(sources: [yours, coinbase, binance])
    guard
      case .unknown(let reasons) = await chain.price(of: bitcoin, in: "USD", on: day("2016-03-01"))
    else { Issue.record("priced"); return }
    #expect(
      reasons.map(\.line) == [
        "Your prices: no btc USD price on 2016-03-01",
        "Coinbase: Coinbase lists no BTC-USD",
        "Binance: Binance is unavailable here (HTTP 451)",
      ])
  }

  @Test func anExchangePairThatDisagreesWithCoinGeckoIsNotUsed() async {
    // LUNA on the exchange is Terra 2.0 at about $5; CoinGecko's terra-luna is Terra Classic.
    let luna = PricedCoin(id: "terra-luna", symbol: "luna")
    let coinGecko = ScriptedSource(
      .coingecko, pair: "terra-luna", opens: ["2022-06-01": "0.0001"], carriesForward: false)
    let coinbase = ScriptedSource(
      .coinbase, pair: "LUNA-USD", opens: ["2022-06-01": "5.12", "2022-06-02": "5.2"])
    let binance = ScriptedSource(
      .binance, pair: "LUNAUSDT", opens: ["2022-06-01": "0.000105", "2022-06-02": "0.00011"],
      viaUSDT: true)
    let chain = PriceChain(sources: [coinGecko, coinbase, binance])
    let prices = await chain.prices(of: luna, in: "USD", on: [day("2022-06-02")])
    let price = prices[day("2022-06-02")]?.price
    // Binance's 0.000105 is 5 % above CoinGecko's 0.0001: the same coin.
    expectEqual(price?.price, exact("0.00011"))
    expectEqual(price?.provenance.label, "binance via USDT")
  }

  @Test func thePairCheckHoldsAtTenPercentAndFailsJustAbove() {
    let reference = DailyOpens(
      opens: [day("2022-06-01"): exact("100")], pair: "x", carriesForward: false)
    func check(_ open: String) -> PairCheck {
      PairCheck.of(
        DailyOpens(opens: [day("2022-06-01"): exact(open)], pair: "X-USD", carriesForward: true),
        against: reference)
    }
    expectEqual(check("110"), .agrees)
    expectEqual(check("90"), .agrees)
    #expect(
      check("110.01")
        == .disagrees(day: day("2022-06-01"), exchange: exact("110.01"), coinGecko: exact("100")))
    #expect(check("89.99") != .agrees)
    let elsewhere = DailyOpens(
      opens: [day("2020-01-01"): exact("7")], pair: "X-USD", carriesForward: true)
    expectEqual(PairCheck.of(elsewhere, against: reference), .unverified)
    expectEqual(PairCheck.of(elsewhere, against: nil), .unverified)
  }

  @Test func withoutCoinGeckoToCheckAgainstAPairIsUnverified() async {
    let coinbase = ScriptedSource(.coinbase, pair: "BTC-USD", opens: ["2021-05-01": "57714.66"])
    let price = await PriceChain(sources: [coinbase]).price(
      of: bitcoin, in: "USD", on: day("2021-05-01")
    ).price
    expectEqual(price?.provenance.label, "coinbase, unverified")
  }

  @Test func aPairWithNoDayInCommonIsUsedLabelledUnverified() async {
    let coinGecko = ScriptedSource(.coingecko) { _, _, _ in
      .unavailable("CoinGecko's free plan reaches only the past 365 days")
    }
    let coinbase = ScriptedSource(.coinbase, pair: "BTC-USD", opens: ["2019-01-01": "3746.71"])
    let chain = PriceChain(sources: [coinGecko, coinbase])
    let price = await chain.price(of: bitcoin, in: "USD", on: day("2019-01-01")).price
    expectEqual(price?.price, exact("3746.71"))
    expectEqual(price?.provenance.label, "coinbase, unverified")
  }

  @Test func anOverriddenPairIsTrustedAndCoinGeckoIsAskedOnceForTheCheck() async {
    let luna = PricedCoin(id: "terra-luna", symbol: "luna", pairOverride: "lunc")
    expectEqual(luna.exchangeBase, "LUNC")
    let reference = ScriptedSource(
      .coingecko, pair: "terra-luna", opens: ["2022-06-01": "0.0001"], carriesForward: false)
    let coinbase = ScriptedSource(.coinbase, pair: "LUNC-USD", opens: ["2022-06-01": "5"])
    let overridden = await PriceChain(sources: [coinbase], reference: reference).price(
      of: luna, in: "USD", on: day("2022-06-01"))
    expectEqual(overridden.price?.price, exact("5"))
    #expect(reference.spans.isEmpty)
    let plain = PricedCoin(id: "bitcoin", symbol: "btc")
    let checked = ScriptedSource(
      .coinbase, pair: "BTC-USD", opens: ["2022-06-01": "0.00009", "2022-06-02": "0.0001"])
    let chain = PriceChain(sources: [checked, checked], reference: reference)
    _ = await chain.prices(of: plain, in: "USD", on: [day("2022-06-01"), day("2022-06-10")])
    expectEqual(reference.spans.count, 1)
  }

  @Test func theOrderSettingIsReadStrictly() throws {
    try expectEqual(PriceSourceName.order(["binance", " Coinbase "]), [.binance, .coinbase])
    expectEqual(PriceSourceName.defaultOrder, [.yours, .coingecko, .coinbase, .binance])
    #expect(
      throws: PriceOrderError(
        message:
          "[prices] order names an unknown source 'kraken' (known: yours, coingecko, coinbase, binance)."
      )
    ) {
      try PriceSourceName.order(["yours", "kraken"])
    }
    #expect(throws: PriceOrderError(message: "[prices] order names 'yours' twice.")) {
      try PriceSourceName.order(["yours", "YOURS"])
    }
  }

  @Test func daysReadAndPrintAsUTCDates() {
    expectEqual(day("1970-01-01").number, 0)
    expectEqual(day("2021-05-01").number, 18_748)
    expectEqual(day("2021-05-01").unixSeconds, 1_619_827_200)
    expectEqual("\(UTCDay(number: 19_052))", "2022-03-01")
    #expect(UTCDay(iso: "2021-02-29") == nil)
    #expect(UTCDay(iso: "2020-02-29") != nil)
    #expect(day("2021-05-01").isWeekend)  // a Saturday
    #expect(!day("2021-04-30").isWeekend)
  }
}
