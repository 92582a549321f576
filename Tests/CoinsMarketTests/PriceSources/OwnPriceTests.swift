import CoinsModel
import CoinsPriceSources
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// Your prices: the CSV, Kraken's daily OHLCVT files, the store in the data folder, the source.
@Suite struct OwnPriceTests {
  @Test func aPriceCSVBecomesOneSeriesPerCoinAndCurrency() throws {
    let text =
      "Date,Coin,Price,Currency\n2021-05-01,btc,57714.66,usd\n2021-05-02,BTC,1.5e3,USD\n"
      + "2021-05-01,bitcoin,48000,EUR\n\n"
    let series = try OwnPriceCSV.read(text, file: "mine.csv")
    #expect(
      series == [
        OwnPriceSeries(
          coin: "bitcoin", currency: "EUR", file: "mine.csv", carriesForward: false,
          prices: [day("2021-05-01"): exact("48000")]),
        OwnPriceSeries(
          coin: "btc", currency: "USD", file: "mine.csv", carriesForward: false,
          prices: [day("2021-05-01"): exact("57714.66"), day("2021-05-02"): exact("1500")]),
      ])
  }

  @Test(arguments: [
    (
      "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n2021-05-02,btc,abc,usd\n",
      "mine.csv, line 3, column 3: \"abc\" is not a price above zero. Nothing was imported."
    ),
    (
      "date,coin,price,currency\n2021-02-30,btc,1,usd\n",
      "mine.csv, line 2, column 1: \"2021-02-30\" is not a date (YYYY-MM-DD). Nothing was imported."
    ),
    (
      "date,coin,price,currency\n2021-05-01,btc,1,dollars\n",
      "mine.csv, line 2, column 4: \"dollars\" is not a currency code. Nothing was imported."
    ),
    (
      "date,coin,price,currency\n2021-05-01,,1,usd\n",
      "mine.csv, line 2, column 2: no coin. Nothing was imported."
    ),
    (
      "date,coin,value,currency\n",
      "mine.csv, line 1: the header has no price column (expected date,coin,price,currency). Nothing was imported."
    ),
    (
      "date,coin,price,currency\n2021-05-01,btc,1,usd\n2021-05-01,btc,2,USD\n",
      "mine.csv, line 3: btc in USD on 2021-05-01 is priced on line 2 too. Nothing was imported."
    ),
    (
      "date,coin,price,currency\n2021-05-01,btc,-3,usd\n",
      "mine.csv, line 2, column 3: \"-3\" is not a price above zero. Nothing was imported."
    ),
  ])
  func aBadRowRejectsTheWholeFileNamingLineAndColumn(text: String, message: String) {
    #expect(throws: (any Error).self) { try OwnPriceCSV.read(text, file: "mine.csv") }
    do {
      _ = try OwnPriceCSV.read(text, file: "mine.csv")
    } catch {
      expectEqual(error.message, message)
    }
  }

  @Test(arguments: [
    ("XBTUSD", "BTC", "USD"), ("XXBTZUSD", "BTC", "USD"), ("ETHEUR", "ETH", "EUR"),
    ("XETHZEUR", "ETH", "EUR"), ("SOLUSDT", "SOL", "USDT"), ("XDGUSD", "DOGE", "USD"),
    ("ETHXBT", "ETH", "BTC"), ("DOTGBP", "DOT", "GBP"),
  ])
  func krakenPairNamesAreReadAsKrakenWritesThem(name: String, base: String, quote: String) {
    expectEqual(KrakenPair(name), KrakenPair(base: base, quote: quote))
  }

  @Test func aKrakenDailyFileCarriesItsOpensForward() async throws {
    // 2021-05-03 had no trades: Kraken leaves the line out.
    let text = """
      1619827200,57714.66,58400,56900,57800.1,1234.5,9876
      1619913600,57800.1,58000,56000,56600,1100,9000
      1620086400,56600,57000,53000,55000,1500,12000

      """
    let series = try KrakenOHLCVT.read(text, file: "XBTUSD_1440.csv")
    expectEqual(series.coin, "btc")
    expectEqual(series.currency, "USD")
    #expect(series.carriesForward)
    expectEqual(series.prices.count, 3)
    let chain = PriceChain(sources: [OwnPriceSource(series: [series])])
    let third = await chain.price(
      of: PricedCoin(id: "bitcoin", symbol: "BTC"), in: "USD", on: day("2021-05-03")
    ).price
    expectEqual(third?.price, exact("57800.1"))
    expectEqual(third?.provenance.label, "yours, carried forward 1 day")
    expectEqual(third?.provenance.file, "XBTUSD_1440.csv")
  }

  @Test func aBadKrakenFileIsRefusedWithItsLine() {
    func message(_ text: String, _ file: String = "XBTUSD_1440.csv") -> String? {
      do {
        _ = try KrakenOHLCVT.read(text, file: file)
        return nil
      } catch { return error.message }
    }
    #expect(
      message("1619827200,57714.66,1,1,1,1,1\n1620001000,1,1,1,1,1,1\n")
        == "XBTUSD_1440.csv, line 2, column 1: \"1620001000\" is not the start of a UTC day. Nothing was imported."
    )
    #expect(
      message("1619827200,57714.66,1,1,1\n")
        == "XBTUSD_1440.csv, line 1: 5 columns, not 7 (timestamp,open,high,low,close,volume,trades). Nothing was imported."
    )
    #expect(message("", "XBTUSD_60.csv") != nil)
  }

  @Test func theStoreKeepsRemovesAndRereadsYourPrices() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = OwnPriceStore(url: folder.file("coins/prices.json"))
    try expectEqual(store.load(), [])
    let csv = try OwnPriceCSV.read(
      "date,coin,price,currency\n2021-05-01,btc,57714.66,usd\n2021-05-02,btc,58000,usd\n",
      file: "mine.csv")
    let kraken = try KrakenOHLCVT.read("1619827200,57000,1,1,1,1,1\n", file: "ETHEUR_1440.csv")
    try store.add(csv)
    try store.add([kraken])
    try expectEqual(store.load(), csv + [kraken])
    #expect(
      try String(contentsOf: store.url, encoding: .utf8)
        == """
        {
          "version": 1,
          "series": [
            {
              "coin": "btc",
              "currency": "USD",
              "file": "mine.csv",
              "carriesForward": false,
              "prices": {
                "2021-05-01": "57714.66",
                "2021-05-02": "58000"
              }
            },
            {
              "coin": "eth",
              "currency": "EUR",
              "file": "ETHEUR_1440.csv",
              "carriesForward": true,
              "prices": {
                "2021-05-01": "57000"
              }
            }
          ]
        }

        """)
    // Importing the same file again replaces it, and puts it last.
    let again = try OwnPriceCSV.read(
      "date,coin,price,currency\n2021-05-03,btc,1,usd\n", file: "mine.csv")
    try store.add(again)
    try expectEqual(store.load(), [kraken] + again)
    try expectEqual(store.remove(coin: "BTC", from: day("2021-05-01"), to: day("2021-05-02")), 0)
    try expectEqual(store.remove(coin: "eth"), 1)
    try expectEqual(store.load(), again)
  }

  @Test func aDamagedStoreIsNeitherReadNorOverwritten() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let url = folder.file("prices.json")
    try Data("{\"series\": 3}".utf8).write(to: url)
    let store = OwnPriceStore(url: url)
    let expected =
      "The prices file \(url.path) cannot be read: not a JSON object with \"series\". It was left unchanged."
    #expect(throws: OwnPriceStore.Failure(message: expected)) { try store.load() }
    #expect(throws: OwnPriceStore.Failure(message: expected)) { try store.add([]) }
    try expectEqual(String(contentsOf: url, encoding: .utf8), "{\"series\": 3}")
  }

  @Test func yourNewestImportWinsADayTwoFilesName() async {
    let older = OwnPriceSeries(
      coin: "bitcoin", currency: "usd", file: "old.csv", carriesForward: false,
      prices: [day("2021-05-01"): exact("1"), day("2021-05-02"): exact("2")])
    let newer = OwnPriceSeries(
      coin: "btc", currency: "USD", file: "new.csv", carriesForward: false,
      prices: [day("2021-05-01"): exact("3")])
    let chain = PriceChain(sources: [OwnPriceSource(series: [older, newer])])
    let prices = await chain.prices(
      of: PricedCoin(id: "bitcoin", symbol: "btc"), in: "USD",
      on: [day("2021-05-01"), day("2021-05-02")])
    expectEqual(prices[day("2021-05-01")]?.price?.price, exact("3"))
    expectEqual(prices[day("2021-05-01")]?.price?.provenance.file, "new.csv")
    expectEqual(prices[day("2021-05-02")]?.price?.provenance.file, "old.csv")
  }
}

/// The file `coins prices import` reads, by kind, and what `coins prices list` shows.
@Suite struct OwnPriceFileTests {
  @Test func aKrakenFileIsKnownByItsNameAnyOtherIsACSV() throws {
    let kraken = try OwnPriceFile.read("1619827200,57714.66,1,1,1,1,1\n", name: "XXBTZEUR_1440.csv")
    expectEqual(kraken.map(\.coin), ["btc"])
    expectEqual(kraken.map(\.currency), ["EUR"])
    let csv = try OwnPriceFile.read(
      "date,coin,price,currency\n2021-05-01,eth,2900,usd\n", name: "mine_1440.txt")
    expectEqual(csv.map(\.file), ["mine_1440.txt"])
    #expect(throws: OwnPriceFileError.self) {
      try OwnPriceFile.read("1619827200,57714.66,1,1,1,1,1\n", name: "prices.csv")
    }
  }

  @Test func theCoverageNamesDaysAndFilePerCoin() {
    let series = [
      OwnPriceSeries(
        coin: "eth", currency: "EUR", file: "ETHEUR_1440.csv", carriesForward: true,
        prices: [day("2020-01-01"): exact("1"), day("2020-03-01"): exact("2")]),
      OwnPriceSeries(
        coin: "btc", currency: "USD", file: "mine.csv", carriesForward: false,
        prices: [day("2021-05-01"): exact("3")]),
      OwnPriceSeries(
        coin: "ada", currency: "USD", file: "empty.csv", carriesForward: false, prices: [:]),
    ]
    #expect(
      OwnPriceCoverage.of(series) == [
        OwnPriceCoverage(
          coin: "btc", currency: "USD", first: day("2021-05-01"), last: day("2021-05-01"), days: 1,
          file: "mine.csv"),
        OwnPriceCoverage(
          coin: "eth", currency: "EUR", first: day("2020-01-01"), last: day("2020-03-01"), days: 2,
          file: "ETHEUR_1440.csv"),
      ])
  }
}
