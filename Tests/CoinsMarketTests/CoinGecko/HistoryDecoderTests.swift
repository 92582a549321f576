import CoinGeckoAPI
import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct HistoryDecoderTests {
  @Test func decodesPricesAndIgnoresTheOtherSeries() throws {
    let body = """
      {"prices":[[1764374400000,91500.5],[1764378000000,null],[1764381600000,"x"],
      [1764385200000],[1764388800123,1.6446899669484214e-05]],
      "market_caps":[[1764374400000,0]],"total_volumes":[]}
      """
    let history = try HistoryDecoder.prices(Data(body.utf8))
    #expect(
      history.points == [
        PricePoint(milliseconds: 1_764_374_400_000, price: 91500.5),
        PricePoint(milliseconds: 1_764_388_800_123, price: 1.6446899669484214e-05),
      ])
  }

  @Test func emptyPricesAreAnEmptyHistory() throws {
    let body = #"{"prices":[],"market_caps":[],"total_volumes":[]}"#
    #expect(try HistoryDecoder.prices(Data(body.utf8)).isEmpty)
  }

  @Test(arguments: [#"[]"#, #"{"prices":{}}"#, #"{"error":"coin not found"}"#, "<html>", ""])
  func wrongShapesAreUndecodable(body: String) {
    #expect(throws: CoinGeckoError.self) { try HistoryDecoder.prices(Data(body.utf8)) }
  }

  @Test func decodesCandles() throws {
    let body = "[[1761552000000,115812.0,115812.0,115538.0,115579.0],[1761550200000,1,2,0.5,1.5]]"
    let series = try HistoryDecoder.candles(Data(body.utf8))
    #expect(
      series.candles == [
        Candle(milliseconds: 1_761_550_200_000, open: 1, high: 2, low: 0.5, close: 1.5),
        Candle(
          milliseconds: 1_761_552_000_000, open: 115_812, high: 115_812, low: 115_538,
          close: 115_579),
      ])
    #expect(throws: CoinGeckoError.self) { try HistoryDecoder.candles(Data("{}".utf8)) }
  }

  @Test func historyEndpoints() {
    let base = "https://api.coingecko.com/api/v3"
    #expect(
      CoinGeckoEndpoint.marketChart(id: "bitcoin", currency: "eur", days: "max")
        .url(baseURL: base)?.absoluteString
        == "https://api.coingecko.com/api/v3/coins/bitcoin/market_chart?vs_currency=eur&days=max")
    #expect(
      CoinGeckoEndpoint.marketChartRange(
        id: "bitcoin", currency: "usd", from: 1_767_225_600, to: 1_769_904_000
      ).url(baseURL: base)?.absoluteString
        == "https://api.coingecko.com/api/v3/coins/bitcoin/market_chart/range?vs_currency=usd"
        + "&from=1767225600&to=1769904000")
    #expect(
      CoinGeckoEndpoint.ohlc(id: "a b/../c", currency: "usd", days: "30")
        .url(baseURL: base)?.absoluteString
        == "https://api.coingecko.com/api/v3/coins/a%20b%2F..%2Fc/ohlc?vs_currency=usd&days=30")
  }

  @Test func planLimitsAreRecognised() async {
    let beyond = """
      {"error":{"status":{"timestamp":"2026-10-07T13:32:10.955+00:00","error_code":10012,\
      "error_message":"Your request exceeds the allowed time range. Public API users are \
      limited to querying historical data within the past 365 days."}}}
      """
    let restricted =
      #"{"status":{"error_code":10005,"error_message":"You may not have access to this endpoint."}}"#
    for (body, code) in [(beyond, 10012), (restricted, 10005)] {
      let client = CoinGeckoClient(
        configuration: CoinGeckoConfiguration(baseURL: CoinGeckoConfiguration.publicBaseURL),
        transport: StubTransport(always: .body(body, status: 401)),
        timeSource: ManualTimeSource())
      do {
        _ = try await client.marketChart(id: "bitcoin", currency: "usd", days: "max")
        Issue.record("no error")
      } catch {
        guard case .planLimit(let found, _) = error else {
          Issue.record("\(error)")
          continue
        }
        expectEqual(found, code)
        #expect(!error.isTransient)
      }
    }
    let message = CoinGeckoError.planLimit(code: 10005, message: "No access.").message
    #expect(
      message
        == "CoinGecko refused the request under the key's plan (error 10005): No access. "
        + "A paid plan's key (COINGECKO_PRO_API_KEY) allows it.")
    #expect(
      CoinGeckoError.planLimit(code: 10012, message: "Your request exceeds…").message
        == "CoinGecko's plan limits history to the past 365 days. A Pro key "
        + "(COINGECKO_PRO_API_KEY) reaches further back.")
  }
}
