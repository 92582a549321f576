import CoinsHTTP
import CoinsModel
import CoinsPriceSources
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// A ledger's currency rates filled with the ECB's fixings (`RatesAndCoinGeckoSourceTests.ecbCSV`:
/// USD 1.2 and 1.25 per EUR on Thursday 2 and Friday 3 May 2024, GBP 0.86 and 0.85; no USD
/// fixing on Monday the 6th), and the conversions that then cross through the euro.
@Suite struct ECBCurrencyRatesTests {
  static func date(_ text: String) -> Date { day(text).start }

  @Test func pastDaysTakeTheirFixingOrTheLastOneBeforeAndConvertThroughTheEuro() async {
    let transport = StubTransport(always: .body(RatesAndCoinGeckoSourceTests.ecbCSV))
    let ecb = ECBRates(baseURL: "https://ecb.test/service", transport: transport)
    var rates = CurrencyRates()

    let outcome = await ECBCurrencyRates.fill(
      &rates, currencies: ["usd", "gbp", "eur", "btc"],
      days: [day("2024-05-03"), day("2024-05-04"), day("2024-05-06"), day("2024-05-10")],
      today: day("2024-05-10"), ecb: ecb)

    // One request, for the two currencies the ECB publishes, from a week before the first day
    // to the last past one; today (the 10th) is not a past day.
    #expect(
      transport.requests.map(\.url.absoluteString) == [
        "https://ecb.test/service/data/EXR/D.GBP+USD.EUR.SP00.A?startPeriod=2024-04-26"
          + "&endPeriod=2024-05-06&format=csvdata"
      ])
    // Saturday the 4th takes Friday's fixings; Monday the 6th Friday's USD (its own is missing)
    // and Friday's GBP: two days carried back.
    expectEqual(outcome, ECBCurrencyRates.Outcome(carriedBack: 2, problem: nil))
    let usd = rates.euroRates["usd"] ?? [:]
    expectEqual(usd[day("2024-05-03").number], Decimal(string: "1.25"))
    expectEqual(usd[day("2024-05-04").number], Decimal(string: "1.25"))
    expectEqual(rates.euroRates["gbp"]?[day("2024-05-04").number], Decimal(string: "0.85"))
    #expect(rates.euroRates["btc"] == nil)
    // £85 on Saturday the 4th: 85 × 1.25 ÷ 0.85 = $125; €10 on Friday: 10 × 1.25 = $12.50.
    #expect(
      rates.convert(85, from: "gbp", to: "usd", on: Self.date("2024-05-04"))
        == Conversion(
          value: 125, atTodaysRate: false, source: .ecb, day: day("2024-05-04").number))
    #expect(
      rates.convert(10, from: "EUR", to: "usd", on: Self.date("2024-05-03"))
        == Conversion(
          value: Decimal(string: "12.5")!, atTodaysRate: false, source: .ecb,
          day: day("2024-05-03").number))
  }

  @Test func withoutTheECBNothingIsFilledAndWhyIsSaid() async {
    let ecb = ECBRates(
      baseURL: "https://ecb.test/service", transport: StubTransport(always: .status(503)))
    var rates = CurrencyRates()

    let outcome = await ECBCurrencyRates.fill(
      &rates, currencies: ["usd"], days: [day("2024-05-03")], today: day("2024-05-10"), ecb: ecb)

    #expect(
      outcome == ECBCurrencyRates.Outcome(carriedBack: 0, problem: "the ECB answered HTTP 503"))
    expectEqual(rates, CurrencyRates())
  }
}

/// Closed years of fixings kept per currency and year: asked once.
@Suite struct ECBYearCacheTests {
  @Test func aClosedYearIsAskedOnceAndTheCurrentYearEachTime() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let transport = StubTransport(always: .body(RatesAndCoinGeckoSourceTests.ecbCSV))
    let ecb = ECBRates(baseURL: "https://ecb.test/service", transport: transport)
    let cache = ECBYearCache(directory: folder.url)
    var first = CurrencyRates()
    var second = CurrencyRates()

    _ = await ECBCurrencyRates.fill(
      &first, currencies: ["usd"], days: [day("2024-05-04")], today: day("2025-07-25"),
      ecb: ecb, cache: cache)
    _ = await ECBCurrencyRates.fill(
      &second, currencies: ["usd"], days: [day("2024-05-04")], today: day("2025-07-25"),
      ecb: ecb, cache: cache)

    // The whole of 2024 (from a week before 1 January), once; the second fill reads the file.
    #expect(
      transport.requests.map(\.url.absoluteString) == [
        "https://ecb.test/service/data/EXR/D.USD.EUR.SP00.A?startPeriod=2024-01-01"
          + "&endPeriod=2024-12-31&format=csvdata"
      ])
    expectEqual(second, first)
    expectEqual(second.euroRates["usd"]?[day("2024-05-04").number], Decimal(string: "1.25"))
    expectEqual(cache.load("USD", year: 2024)?[day("2024-05-02")], exact("1.2"))
  }
}
