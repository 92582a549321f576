import CoinsModel
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioValuationTests {
  private func lot(_ amount: String, cost: String? = nil, currency: String? = nil) -> Lot {
    PortfolioFixtures.lot(amount, cost: cost, currency: currency)
  }

  private func decimal(_ text: String) -> Decimal { PortfolioFixtures.decimal(text) }

  /// btc 0.5 (two lots with a USD cost, one of them implicitly), eth 2 (one lot bought in EUR,
  /// one in USD), sol 10 with no cost.
  private var costed: Portfolio {
    Portfolio(holdings: [
      Holding(
        id: "bitcoin",
        lots: [lot("0.25", cost: "40000", currency: "usd"), lot("0.25", cost: "44000")]),
      Holding(
        id: "ethereum",
        lots: [lot("1", cost: "2000", currency: "eur"), lot("1", cost: "2500", currency: "usd")]),
      Holding(id: "solana", lots: [lot("10")]),
    ])
  }

  @Test func totalsAndAllocationsAreExact() {
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(), spread: OneCore())
    expectEqual(snapshot.rows.map(\.value), [25_000, 6_000, 1_500])
    expectEqual(snapshot.total, 32_500)
    #expect(
      snapshot.rows.map(\.allocation) == [76.9230769231, 18.4615384615, 4.61538461538])
    expectEqual(snapshot.rows.map(\.symbol), ["btc", "eth", "sol"])
    expectEqual(snapshot.rows.map(\.name), ["Bitcoin", "Ethereum", "Solana"])
    expectEqual(snapshot.rows.map(\.lotCount), [1, 1, 1])
    expectEqual(snapshot.unpriced, [])
    expectEqual(snapshot.market, PortfolioFixtures.market())
  }

  @Test func the24HourChangeComesFromThePriceChanges() {
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(), spread: OneCore())
    // +25% means the value was 20,000; -25% means it was 8,000; an unknown change counts as none.
    expectEqual(snapshot.rows.map(\.change24hValue), [5_000, -2_000, nil])
    expectEqual(snapshot.rows.map(\.change24h), [25, -25, nil])
    expectEqual(snapshot.change24hValue, 3_000)
    expectEqual(snapshot.change24h, 10.1694915254)
  }

  @Test func noKnownChangeLeavesTheTotalChangeUnknown() {
    let coins = PortfolioFixtures.threeCoins.map { coin -> Coin in
      var copy = coin
      copy.change24h = nil
      return copy
    }
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(coins), spread: OneCore())
    #expect(snapshot.change24hValue == nil)
    #expect(snapshot.change24h == nil)
  }

  @Test func aFallOfAHundredPercentOrMoreIsNotTurnedIntoAChangeValue() {
    var coins = PortfolioFixtures.threeCoins
    coins[0].change24h = -100
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(coins), spread: OneCore())
    expectEqual(snapshot.rows[0].change24h, -100)
    #expect(snapshot.rows[0].change24hValue == nil)
    expectEqual(snapshot.change24hValue, -2_000)
  }

  @Test func costAndProfitCountOnlyLotsCostInTheSnapshotCurrency() {
    let snapshot = PortfolioValuation.value(
      costed, in: PortfolioFixtures.market(), spread: OneCore())
    // A lot without a currency was added in USD.
    expectEqual(snapshot.rows.map(\.cost), [21_000, 2_500, nil])
    expectEqual(snapshot.rows.map(\.pnl), [4_000, 500, nil])
    expectEqual(snapshot.rows.map(\.pnlPercent), [19.0476190476, 20, nil])
    expectEqual(snapshot.cost, 23_500)
    expectEqual(snapshot.pnl, 4_500)
    expectEqual(snapshot.pnlPercent, 19.1489361702)
    expectEqual(snapshot.rows.map(\.lotCount), [2, 2, 1])
  }

  @Test func valuingInEuroCountsOnlyTheEuroLots() {
    let snapshot = PortfolioValuation.value(
      costed, in: PortfolioFixtures.market(currency: "eur"), spread: OneCore())
    expectEqual(snapshot.rows.map(\.cost), [nil, 2_000, nil])
    expectEqual(snapshot.rows.map(\.pnl), [nil, 1_000, nil])
    expectEqual(snapshot.cost, 2_000)
    expectEqual(snapshot.pnl, 1_000)
    expectEqual(snapshot.pnlPercent, 50)
  }

  @Test func withoutAnyCostThereIsNoProfit() {
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(), spread: OneCore())
    #expect(snapshot.cost == nil)
    #expect(snapshot.pnl == nil)
    #expect(snapshot.pnlPercent == nil)
  }

  @Test func aZeroCostGivesAProfitButNoPercentage() {
    let portfolio = Portfolio(holdings: [Holding(id: "bitcoin", lots: [lot("1", cost: "0")])])
    let snapshot = PortfolioValuation.value(
      portfolio, in: PortfolioFixtures.market(), spread: OneCore())
    expectEqual(snapshot.rows[0].cost, 0)
    expectEqual(snapshot.rows[0].pnl, 50_000)
    #expect(snapshot.rows[0].pnlPercent == nil)
    #expect(snapshot.pnlPercent == nil)
  }

  @Test func unpricedHoldingsAreListedButAddNothing() {
    var coins = PortfolioFixtures.threeCoins
    coins[2].price = nil
    let portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", lots: [lot("0.5")]),
      Holding(id: "mystery-coin", lots: [lot("1000", cost: "1")]),
      Holding(id: "solana", lots: [lot("10")]),
    ])
    let snapshot = PortfolioValuation.value(
      portfolio, in: PortfolioFixtures.market(coins), spread: OneCore())
    expectEqual(snapshot.total, 25_000)
    expectEqual(snapshot.unpriced, ["mystery-coin", "solana"])
    #expect(
      snapshot.rows[1]
        == PortfolioRow(
          id: "mystery-coin", symbol: "mystery-coin", name: "mystery-coin", amount: 1000,
          lotCount: 1, price: nil, value: nil, allocation: nil, change24h: nil,
          change24hValue: nil, cost: 1000, pnl: nil, pnlPercent: nil, realizedPnl: 0, fees: 0,
          costedAmount: 1000))
    expectEqual(snapshot.rows[2].symbol, "sol")
    #expect(snapshot.rows[2].allocation == nil)
    expectEqual(snapshot.rows[0].allocation, 100)
  }

  @Test
  func theTotalProfitPercentageIgnoresTheCostOfUnpricedHoldings() {
    let portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", lots: [lot("0.5", cost: "42000")]),
      Holding(id: "mystery-coin", lots: [lot("1000", cost: "1")]),
    ])
    let snapshot = PortfolioValuation.value(
      portfolio, in: PortfolioFixtures.market(), spread: OneCore())
    expectEqual(snapshot.pnl, 4_000)
    expectEqual(snapshot.pnlPercent, 19.0476190476)
  }

  @Test func anEmptyPortfolioIsWorthNothing() {
    let snapshot = PortfolioValuation.value(
      Portfolio(), in: PortfolioFixtures.market(), spread: OneCore())
    #expect(
      snapshot
        == PortfolioSnapshot(
          rows: [], total: 0, change24h: nil, change24hValue: nil, cost: nil, pnl: nil,
          pnlPercent: nil, realizedPnl: 0, sparkline: [], market: PortfolioFixtures.market()))
  }

  @Test func nothingPricedMeansNoAllocations() {
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market([]), spread: OneCore())
    expectEqual(snapshot.total, 0)
    expectEqual(snapshot.rows.map(\.allocation), [nil, nil, nil])
    expectEqual(snapshot.unpriced, ["bitcoin", "ethereum", "solana"])
    expectEqual(snapshot.sparkline, [])
  }

  @Test func theFirstRowOfACoinListedTwiceIsUsed() {
    let coins =
      PortfolioFixtures.threeCoins + [
        PortfolioFixtures.coin("bitcoin", "btc", "Bitcoin copy", rank: 1, price: 1)
      ]
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(coins), spread: OneCore())
    expectEqual(snapshot.rows[0].price, 50_000)
    expectEqual(snapshot.rows[0].name, "Bitcoin")
  }

  @Test func exactDecimalAmountsAreValued() {
    let portfolio = Portfolio(holdings: [Holding(id: "bitcoin", lots: [lot("0.1"), lot("0.2")])])
    let snapshot = PortfolioValuation.value(
      portfolio, in: PortfolioFixtures.market(), spread: OneCore())
    expectEqual(snapshot.rows[0].amount, decimal("0.3"))
    expectEqual(snapshot.rows[0].value, 15_000)
  }

  @Test func theSparklineSumsHoldingsAlignedOnTheNewestPoint() {
    let coins = [
      PortfolioFixtures.coin(
        "bitcoin", "btc", "Bitcoin", rank: 1, price: 130, sparkline: [100, 110, 120, 130]),
      // Shorter, with a gap: padded back with 10, the gap carries 10 forward.
      PortfolioFixtures.coin(
        "ethereum", "eth", "Ethereum", rank: 2, price: 30, sparkline: [10, nil, 30]),
      // No history: flat at the current price.
      PortfolioFixtures.coin("solana", "sol", "Solana", rank: 5, price: 150),
    ]
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(coins), spread: OneCore())
    expectEqual(snapshot.sparkline, [1_570, 1_575, 1_580, 1_625])
  }

  @Test func coinsWithNeitherPriceNorHistoryAndUnknownCoinsAreLeftOut() {
    let coins = [
      PortfolioFixtures.coin("bitcoin", "btc", "Bitcoin", rank: 1, price: 2, sparkline: [1, 2]),
      PortfolioFixtures.coin("ethereum", "eth", "Ethereum", rank: 2, price: nil),
    ]
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(coins), spread: OneCore())
    expectEqual(snapshot.sparkline, [0.5, 1])
  }

  @Test func withoutAnyHistoryThereIsNoSparkline() {
    let snapshot = PortfolioValuation.value(
      PortfolioFixtures.threeHoldings, in: PortfolioFixtures.market(), spread: OneCore())
    expectEqual(snapshot.sparkline, [])
  }

  @Test func sparklineSumsLoseTheirBinaryNoise() {
    let portfolio = Portfolio(holdings: [Holding(id: "bitcoin", lots: [lot("0.1")])])
    let coins = [
      PortfolioFixtures.coin("bitcoin", "btc", "Bitcoin", rank: 1, price: 0.3, sparkline: [3, 0.3])
    ]
    expectEqual(0.1 * 3.0, 0.30000000000000004)
    let snapshot = PortfolioValuation.value(
      portfolio, in: PortfolioFixtures.market(coins), spread: OneCore())
    expectEqual(snapshot.sparkline, [0.3, 0.03])
    expectEqual(PortfolioValuation.roundedToSignificantDigits(32144.171820000003), 32144.17182)
    expectEqual(PortfolioValuation.roundedToSignificantDigits(0), 0)
    expectEqual(PortfolioValuation.roundedToSignificantDigits(-1.0000000000001), -1)
    expectEqual(PortfolioValuation.roundedToSignificantDigits(.infinity), .infinity)
  }

  @Test func alignmentPadsCarriesAndFallsBack() {
    #expect(
      PortfolioValuation.aligned([nil, 5, nil, 6], length: 6, fallback: 9) == [5, 5, 5, 5, 5, 6])
    #expect(
      PortfolioValuation.aligned([1, .nan, 3, .infinity], length: 4, fallback: nil) == [1, 1, 3, 3])
    expectEqual(PortfolioValuation.aligned([], length: 3, fallback: 2), [2, 2, 2])
    expectEqual(PortfolioValuation.aligned([nil, nil], length: 2, fallback: nil), [0, 0])
    expectEqual(PortfolioValuation.aligned([4, 5], length: 2, fallback: 1), [4, 5])
  }
}
