import CoinsCommandLine
import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

/// The pure parts of `price`, `convert` and `categories`: templates, exact conversion,
/// ordering, parsing and the views.
@Suite struct QuickCommandsTests {
  @Test func templatePiecesBracesAndProblems() throws {
    let template = try PriceTemplate("{{{symbol}}}: {price}")
    #expect(
      template.pieces == [
        .text("{"), .placeholder(.symbol), .text("}: "), .placeholder(.price),
      ])
    expectEqual(template.render { "<\($0.rawValue)>" }, "{<symbol>}: <price>")
    #expect(throws: PriceTemplate.Problem.self) { try PriceTemplate("{symbol") }
    #expect(throws: PriceTemplate.Problem.self) { try PriceTemplate("a } b") }
    #expect(throws: PriceTemplate.Problem.self) { try PriceTemplate("{Symbol}") }
  }

  @Test func conversionIsTheExactProductOfTheAmountAndTheRateShown() throws {
    let amount = try #require(DecimalInput.amount("0.1"))
    let euro = ConversionTerm.currency(code: "eur")
    let bitcoin = ConversionTerm.coin(
      SearchResult(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1))
    let conversion = try #require(
      CurrencyConversion(amount: amount, from: bitcoin, to: euro, rate: 45_000.1))
    // 0.1 × 45,000.1 = 4,500.01 exactly, which Double arithmetic misses (4500.010000000001).
    expectEqual(DecimalInput.text(conversion.result), "4500.01")
    #expect(CurrencyConversion(amount: amount, from: bitcoin, to: euro, rate: 0) == nil)
    #expect(CurrencyConversion(amount: amount, from: bitcoin, to: euro, rate: .infinity) == nil)
    expectEqual(CurrencyConversion.rate(fromPerBitcoin: 50_000, toPerBitcoin: 45_000), 0.9)
    let view = ConversionView.lines(
      conversion, of: Sourced(45_000.1, asOf: Date(timeIntervalSince1970: 0), source: .live),
      now: Date(timeIntervalSince1970: 5), style: TextStyle(enabled: false))
    #expect(
      view == ["0.1 BTC = €4,500.01", "1 BTC = €45,000.10 · live, 1970-01-01 00:00:00 UTC"])
  }

  /// Amount, rate, result shown, rate shown.
  static let rateCases: [(String, Double, String, String)] = [
    // 1 EUR = 1/0.86 USD = 1.1627906…: 1000 × 1.16279 = 1,162.79 (1.1628 would give 1,162.80).
    ("1000", 1 / 0.86, "$1,162.79", "$1.16279"),
    // A million needs more: 1.1627907 × 1,000,000 = 1,162,790.70.
    ("1000000", 1 / 0.86, "$1,162,790.70", "$1.1627907"),
    ("1", 1 / 0.86, "$1.16", "$1.16"),
    // Six significant digits already make it true: 10 × 833.333 = 8,333.33.
    ("10", 1500 / 1.8, "8,333.33 DOGE", "833.333 DOGE"),
    // 3 × 0.00002222222 = 0.00006666666, shown 0.0000666667.
    ("3", 1 / 45_000.0, "0.0000666667 DOGE", "0.00002222222 DOGE"),
    // A grouped whole part: 20 × 1,234.57 = 24,691.40, 20 × 1,234.568 = 24,691.36.
    ("20", 1234.56789, "¥24,691.36", "¥1,234.568"),
  ]

  @Test(arguments: rateCases)
  func theRateShownTimesTheAmountIsTheResultShown(
    amount: String, rate: Double, result: String, shownRate: String
  ) throws {
    let code = result.hasPrefix("$") ? "usd" : "jpy"
    let to: ConversionTerm =
      result.hasSuffix("DOGE")
      ? .coin(SearchResult(id: "dogecoin", symbol: "doge", name: "Dogecoin", rank: 9))
      : .currency(code: code)
    let typed = try #require(DecimalInput.amount(amount))
    let conversion = try #require(
      CurrencyConversion(amount: typed, from: .currency(code: "eur"), to: to, rate: rate))
    let lines = ConversionView.lines(
      conversion, of: Sourced(rate, asOf: Date(timeIntervalSince1970: 0), source: .live),
      now: Date(timeIntervalSince1970: 5), style: TextStyle(enabled: false))
    expectEqual(lines[0], "\(amount) EUR = \(result)")
    expectEqual(lines[1], "1 EUR = \(shownRate) · live, 1970-01-01 00:00:00 UTC")
  }

  @Test(arguments: [
    (0.0333333333, "0.0333333"), (8333.3333, "8,333.33"), (20, "20.00"),
    (0.000333333, "0.000333333"),
    (123_456.789, "123,456.79"), (1.5, "1.50"),
  ])
  func coinAmountsKeepSixSignificantDigits(value: Double, text: String) {
    expectEqual(ConversionView.significant(value), text)
  }

  @Test func categoriesSortLargestFirstUnknownLastNamesAToZ() {
    let categories = [
      CoinCategory(id: "a", name: "Beta", marketCap: 5, change24h: nil),
      CoinCategory(id: "b", name: "alpha", marketCap: nil, change24h: 2),
      CoinCategory(id: "c", name: "Gamma", marketCap: 9, change24h: -1),
    ]
    #expect(
      CategorySortKey.marketcap.sort(categories, reverse: false).map(\.id) == ["c", "a", "b"])
    expectEqual(
      CategorySortKey.marketcap.sort(categories, reverse: true).map(\.id), ["a", "c", "b"])
    #expect(
      CategorySortKey.change24h.sort(categories, reverse: false).map(\.id) == ["b", "c", "a"])
    expectEqual(CategorySortKey.name.sort(categories, reverse: false).map(\.id), ["b", "a", "c"])
  }

  @Test func parsingPriceAndConvert() throws {
    let price = try #require(
      try CommandParser.parse(["price", "btc", "eth", "--currency", "EUR", "--format", "{symbol}"])
        .runnable(PriceCommand.self))
    expectEqual(price.coins, ["btc", "eth"])
    expectEqual(price.market.currency, "eur")
    expectEqual(price.template, (try PriceTemplate("{symbol}")))
    let convert = try #require(
      try CommandParser.parse(["convert", "0.50", "BTC", "eur"]).runnable(ConvertCommand.self))
    expectEqual(convert.amount, Decimal(string: "0.5"))
    expectEqual(convert.from, "btc")
    expectEqual(convert.to, "eur")
    for words in [
      ["price"], ["price", "btc", "--json", "--format", "{symbol}"], ["convert", "1", "btc"],
      ["convert", "0", "btc", "eur"], ["convert", "nan", "btc", "eur"],
      ["convert", "1", "btc", "eur", "usd"], ["categories", "0"], ["categories", "--sort", "rank"],
      ["top", "--category", "a b"], ["trending", "now"],
    ] {
      #expect(throws: UsageError.self, "\(words)") { try CommandParser.parse(words) }
    }
  }

  @Test func priceLinesSayWhenTheyAreNotLive() {
    let quote = PriceQuote(
      coin: SearchResult(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1),
      price: CoinPrice(id: "bitcoin", price: 91_500, change24h: 0.891))
    let asOf = Date(timeIntervalSince1970: 1_000)
    let cached = Sourced([quote.price], asOf: asOf, source: .cache, staleReason: "offline")
    #expect(
      PriceView.lines([quote], of: cached, currency: "usd", now: asOf + 420)
        == ["BTC $91,500.00 +0.89% (CACHED 7 min ago)"])
    #expect(
      PriceView.json([quote], of: cached, currency: "usd")
        == #"{"source":"cache","asOf":"1970-01-01T00:16:40.000Z","currency":"usd","#
        + #""staleReason":"offline","prices":[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","#
        + #""price":91500,"change24h":0.891,"updatedAt":null}]}"#)
  }
}
