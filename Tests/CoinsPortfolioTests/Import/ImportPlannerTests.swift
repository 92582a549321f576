import CoinsImport
import CoinsModel
import Foundation
import Testing

/// Events to transactions, by hand: prices, fees, fair values by source, unknown costs.
@Suite struct ImportPlannerTests {
  static let coins = ["BTC": "bitcoin", "ETH": "ethereum", "USDT": "tether", "BNB": "binancecoin"]
  static let day = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
  static let dayNumber = 20_454

  static func result(_ events: [ImportedEvent], format: String = "binance") -> ImportResult {
    ImportResult(
      format: format, version: "v", headerLine: 1, rowsRead: events.count, events: events,
      skipped: [])
  }

  static func coin(_ amount: String, _ ticker: String) -> ImportedAmount {
    ImportedAmount(Decimal(string: amount)!, .coin(ticker))
  }

  static func money(_ amount: String, _ code: String) -> ImportedAmount {
    ImportedAmount(Decimal(string: amount)!, .money(code))
  }

  static func plan(_ events: [ImportedEvent], prices: [String: Decimal] = [:]) -> ImportPlan {
    ImportPlanner.plan(
      result(events), coins: coins,
      prices: DailyPrices(usdByCoin: prices.mapValues { [dayNumber: $0] }), wallet: "binance",
      ownCSV: false)
  }

  @Test func aBuyKeepsItsPriceAndFeeInItsMoney() {
    let event = ImportedEvent(
      line: 2, date: Self.day,
      action: .buy(coin: Self.coin("0.025", "BTC"), money: Self.money("997.4067", "EUR")),
      fees: [ImportedFee(Self.money("2.5933", "EUR"), .money)], id: "T1")
    let plan = Self.plan([event])
    let buy = plan.rows.map(\.transaction)
    #expect(plan.rows.map(\.coin) == ["bitcoin"])
    #expect(buy.map(\.kind) == [.buy])
    #expect(buy.first?.price == Decimal(string: "39896.268"))
    #expect(buy.first?.currency == "eur")
    #expect(buy.first?.fee == Decimal(string: "2.5933"))
    #expect(buy.first?.feeCurrency == nil)
    #expect(buy.first?.externalID == "T1")
    #expect(buy.first?.wallet == "binance")
    #expect(plan.valuations == [.file: 1])
  }

  /// 0.1 BTC for 2 ETH: by bitcoin's 40,000 USD that day, 4,000 USD; by a stablecoin leg,
  /// its amount; by ethereum's price when bitcoin's is unknown.
  @Test func aTradeIsASaleAndABuyAtOneFairValue() {
    let trade = ImportedEvent(
      line: 3, date: Self.day,
      action: .trade(spent: Self.coin("0.1", "BTC"), received: Self.coin("2", "ETH")))
    let byBitcoin = Self.plan([trade], prices: ["bitcoin": 40_000, "ethereum": 1_000])
    #expect(byBitcoin.rows.map(\.coin) == ["bitcoin", "ethereum"])
    #expect(byBitcoin.rows.map(\.transaction.kind) == [.sell, .buy])
    #expect(byBitcoin.rows.map(\.transaction.price) == [40_000, 2_000])
    #expect(byBitcoin.valuations == [.coinGecko: 1])
    let byEthereum = Self.plan([trade], prices: ["ethereum": 1_900])
    #expect(byEthereum.rows.map(\.transaction.price) == [38_000, 1_900])
    let unknown = Self.plan([trade])
    #expect(unknown.rows.map(\.transaction.price) == [nil, nil])
    #expect(unknown.unknownCosts.map(\.event) == ["trade"])
    #expect(unknown.valuations == [.unknown: 1])

    let stable = ImportedEvent(
      line: 4, date: Self.day,
      action: .trade(spent: Self.coin("1000", "USDT"), received: Self.coin("0.02", "BTC")))
    let byStablecoin = Self.plan([stable], prices: ["bitcoin": 40_000])
    #expect(byStablecoin.rows.map(\.transaction.price) == [1, 50_000])
    #expect(byStablecoin.rows.map(\.transaction.currency) == ["usd", "usd"])
    #expect(byStablecoin.stablecoinsUsed == ["USDT"])
  }

  @Test func aDepositHasAnUnknownCostButCoinsOwnInCostsNothing() {
    let deposit = ImportedEvent(line: 2, date: Self.day, action: .deposit(Self.coin("1.5", "ETH")))
    let plan = Self.plan([deposit])
    #expect(plan.rows.first?.transaction.costUnknown == true)
    #expect(plan.rows.first?.transaction.hasKnownCost == false)
    #expect(plan.unknownCosts.map(\.reason) == [.deposit])
    let own = ImportPlanner.plan(
      Self.result([deposit], format: "coins"), coins: ["ETH": "ethereum"], prices: DailyPrices(),
      wallet: "default", ownCSV: true)
    #expect(own.rows.first?.transaction.costUnknown == false)
    let valued = ImportedEvent(
      line: 2, date: Self.day, action: .deposit(Self.coin("1.5", "ETH")),
      value: Self.money("3000", "USD"))
    #expect(Self.plan([valued]).rows.first?.transaction.price == 2_000)
  }

  @Test func incomeIsATransferInAtItsFairValueAndAFeeCoinIsSold() {
    let income = ImportedEvent(
      line: 2, date: Self.day, action: .income(Self.coin("0.01", "BTC"), .staking))
    let fee = ImportedEvent(
      line: 3, date: Self.day, action: .feeDisposal(Self.coin("0.5", "BNB")), id: "T9/fee")
    let plan = Self.plan([income, fee], prices: ["bitcoin": 40_000, "binancecoin": 300])
    let rows = plan.rows.map(\.transaction)
    #expect(rows.map(\.kind) == [.transferIn, .sell])
    #expect(rows.map(\.isIncome) == [true, false])
    #expect(rows.map(\.price) == [40_000, 300])
    #expect(rows.map(\.note) == ["staking income", "fee"])
    let unvalued = Self.plan([income])
    #expect(unvalued.rows.first?.transaction.costUnknown == true)
    #expect(unvalued.unknownCosts.map(\.event) == ["income"])
  }

  @Test func eventsAreTakenInDateOrderAndPricesAreAskedOnlyWhereNeeded() {
    let later = ImportedEvent(
      line: 2, date: Self.day.addingTimeInterval(60),
      action: .sell(coin: Self.coin("1", "ETH"), money: Self.money("2000", "USD")))
    let earlier = ImportedEvent(
      line: 3, date: Self.day,
      action: .trade(spent: Self.coin("0.1", "BTC"), received: Self.coin("2", "ETH")))
    let plan = Self.plan([later, earlier])
    #expect(plan.rows.map(\.line) == [3, 3, 2])
    let wanted = ImportPlanner.pricesWanted(Self.result([later, earlier]), coins: Self.coins)
    #expect(wanted == ["bitcoin": [Self.dayNumber]])
    let noBitcoin = DailyPrices(usdByCoin: ["bitcoin": [:]])
    let received = ImportPlanner.pricesWanted(
      Self.result([later, earlier]), coins: Self.coins, known: noBitcoin)
    #expect(received == ["ethereum": [Self.dayNumber]])
    let withBitcoin = DailyPrices(usdByCoin: ["bitcoin": [Self.dayNumber: 40_000]])
    #expect(
      ImportPlanner.pricesWanted(
        Self.result([later, earlier]), coins: Self.coins, known: withBitcoin
      )
      .isEmpty)
  }

  /// By `[prices] precision = "hour"`: income at 10:30 takes the open of 10:00 where one was
  /// given (40,500 USD), labelled as the chain labels it; income at 00:30 and at 11:30, an
  /// hour without one, take the day's (40,000).
  @Test func aRowTakesItsHoursPriceWhereOneWasGiven() {
    func income(_ line: Int, hour: Double) -> ImportedEvent {
      ImportedEvent(
        line: line, date: Self.day.addingTimeInterval(hour * 3_600),
        action: .income(Self.coin("0.01", "BTC"), .staking))
    }
    var prices = DailyPrices(
      usdByCoin: ["bitcoin": [Self.dayNumber: 40_000]],
      sourceByCoin: ["bitcoin": [Self.dayNumber: .coinbase]],
      labelByCoin: ["bitcoin": [Self.dayNumber: "coinbase"]])
    prices.byCoinHour["bitcoin"] = [
      Self.dayNumber * 24 + 10: DailyPrices.HourPrice(
        usd: 40_500, source: .binance, label: "binance via USDT, open of 10:00 UTC")
    ]
    let plan = ImportPlanner.plan(
      Self.result([income(2, hour: 0.5), income(3, hour: 10.5), income(4, hour: 11.5)]),
      coins: Self.coins, prices: prices, wallet: "binance", ownCSV: false)
    #expect(plan.rows.map(\.transaction.price) == [40_000, 40_500, 40_000])
    #expect(
      plan.rows.map(\.transaction.priceSource) == [
        "coinbase", "binance via USDT, open of 10:00 UTC", "coinbase",
      ])
    #expect(plan.valuations == [.binance: 1, .coinbase: 2])
  }
}
