import CoinsModel
import CoinsPresentation
import FoundationEssentials
import Testing

@Suite struct ChartDocumentTests {
  private static let asOf = Date(timeIntervalSince1970: 1_764_374_400)
  private static let bitcoin = ChartSubject(id: "bitcoin", symbol: "btc", name: "Bitcoin")

  @Test func jsonOfPoints() {
    let snapshot = HistorySnapshot(
      history: PriceHistory(raw: [(1_764_374_400_000, 100), (1_764_378_000_000, 80.5)]),
      window: .range(.year), source: .cache, asOf: Self.asOf, staleReason: "offline.",
      limitedBy: "The plan.")
    #expect(
      ChartDocument.json(snapshot, of: Self.bitcoin, currency: "usd", candles: false)
        == "{\"source\":\"cache\",\"asOf\":\"2025-11-29T00:00:00.000Z\",\"staleReason\":"
        + "\"offline.\",\"currency\":\"usd\",\"coin\":{\"id\":\"bitcoin\",\"symbol\":\"btc\","
        + "\"name\":\"Bitcoin\"},\"range\":\"1y\",\"limitedBy\":\"The plan.\",\"points\":"
        + "[[1764374400000,100],[1764378000000,80.5]],\"summary\":{\"first\":100,\"last\":80.5,"
        + "\"change\":-19.5,\"changeValue\":-19.5,\"high\":100,\"highAt\":1764374400000,"
        + "\"low\":80.5,\"lowAt\":1764378000000,\"average\":90.25}}")
  }

  @Test func jsonAndCSVOfCandles() {
    let series = CandleSeries(sorted: [
      Candle(milliseconds: 1_764_374_400_000, open: 1, high: 2, low: 0.5, close: 1.5)
    ])
    let snapshot = HistorySnapshot(
      history: series.closes, candles: series, window: .range(.day), source: .live,
      asOf: Self.asOf)
    let json = ChartDocument.json(snapshot, of: .portfolio, currency: "eur", candles: true)
    #expect(
      json.hasSuffix(
        "\"currency\":\"eur\",\"range\":\"1d\",\"candles\":[[1764374400000,1,2,0.5,1.5]],"
          + "\"summary\":{\"first\":1,\"last\":1.5,\"change\":50,\"changeValue\":0.5,"
          + "\"high\":2,\"highAt\":1764374400000,\"low\":0.5,\"lowAt\":1764374400000,"
          + "\"average\":1.5}}"))
    #expect(
      ChartDocument.csv(snapshot, candles: true)
        == "time,open,high,low,close\n2025-11-29T00:00:00.000Z,1,2,0.5,1.5\n")
    #expect(
      ChartDocument.csv(snapshot, candles: false) == "time,price\n2025-11-29T00:00:00.000Z,1.5\n")
  }

  @Test func anEmptyHistoryHasNoSummary() {
    let snapshot = HistorySnapshot(
      history: PriceHistory(raw: []), window: .range(.week), source: .live, asOf: Self.asOf)
    #expect(
      ChartDocument.json(snapshot, of: Self.bitcoin, currency: "usd", candles: false)
        .hasSuffix(",\"range\":\"7d\",\"points\":[],\"summary\":null}"))
  }
}
