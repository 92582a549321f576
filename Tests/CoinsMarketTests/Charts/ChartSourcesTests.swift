import CoinsPresentation
import Testing

@Suite struct ChartSourcesTests {
  /// Day 18,687 is 2021-03-01. `yours` priced 1–3 and 13–14 March, `coinbase` 4–12 March:
  /// a gap of 9 days (4–12) splits a source's days into two runs, one of up to a week (a price
  /// carried forward) does not.
  @Test func eachSourcesDaysAsRunsEarliestFirst() {
    let march1 = 18_687
    let runs = ChartSources.runs([
      "yours": [march1, march1 + 1, march1 + 2, march1 + 12, march1 + 13],
      "coinbase (BTC-USD)": [march1 + 3, march1 + 5, march1 + 11],
    ])

    #expect(
      runs == [
        .init(source: "yours", days: march1...(march1 + 2)),
        .init(source: "coinbase (BTC-USD)", days: (march1 + 3)...(march1 + 11)),
        .init(source: "yours", days: (march1 + 12)...(march1 + 13)),
      ])
    #expect(
      ChartSources.line(runs)
        == "Prices: yours 2021-03-01 to 2021-03-03; coinbase (BTC-USD) 2021-03-04 to 2021-03-12; "
        + "yours 2021-03-13 to 2021-03-14.")
  }
}
