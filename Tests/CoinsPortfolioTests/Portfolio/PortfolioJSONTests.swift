import CoinsModel
import CoinsPresentation
import CoinsSupport
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioJSONTests {
  /// The fixture's ETH has a cost for 1 of its 2 coins: every holding says how many coins
  /// have a known cost and what they are worth (BTC 0.5 × 50,000; ETH 1 × 3,000; SOL none),
  /// and the document the sum, 28,000 (costed value − cost = 28,000 − 23,500 = pnl, 4,500).
  @Test func rendersTotalsHoldingsAndSparklineExactly() {
    let expected =
      #"{"source":"live","asOf":"2026-11-30T12:00:00.000Z","currency":"usd","total":32500,"#
      + #""change24h":10.1694915254,"change24hValue":3000,"cost":23500,"pnl":4500,"#
      + #""pnlPercent":19.1489361702,"unrealizedPnl":4500,"realizedPnl":0,"fees":0,"#
      + #""method":"fifo","convertedAtTodaysRate":false,"costedValue":28000,"holdings":["#
      + #"{"id":"bitcoin","symbol":"btc","name":"Bitcoin","amount":0.5,"price":50000,"#
      + #""value":25000,"allocation":76.9230769231,"change24h":25,"change24hValue":5000,"#
      + #""cost":21000,"pnl":4000,"pnlPercent":19.0476190476,"#
      + #""unrealizedPnl":4000,"realizedPnl":0,"fees":0,"#
      + #""costedAmount":0.5,"uncostedAmount":0,"costedValue":25000},"#
      + #"{"id":"ethereum","symbol":"eth","name":"Ethereum","amount":2,"price":3000,"#
      + #""value":6000,"allocation":18.4615384615,"change24h":-25,"change24hValue":-2000,"#
      + #""cost":2500,"pnl":500,"pnlPercent":20,"unrealizedPnl":500,"realizedPnl":0,"fees":0,"#
      + #""costedAmount":1,"uncostedAmount":1,"costedValue":3000},"#
      + #"{"id":"solana","symbol":"sol","name":"Solana","amount":10,"price":150,"value":1500,"#
      + #""allocation":4.61538461538,"change24h":null,"change24hValue":null,"cost":null,"#
      + #""pnl":null,"pnlPercent":null,"unrealizedPnl":null,"realizedPnl":0,"fees":0,"#
      + #""costedAmount":0,"uncostedAmount":10,"costedValue":null},"#
      + #"{"id":"mystery-coin","symbol":"mystery-coin","name":"mystery-coin","amount":1000,"#
      + #""price":null,"value":null,"allocation":null,"change24h":null,"change24hValue":null,"#
      + #""cost":null,"pnl":null,"pnlPercent":null,"unrealizedPnl":null,"realizedPnl":0,"#
      + #""fees":0,"costedAmount":0,"uncostedAmount":1000,"costedValue":null}],"#
      + #""sparkline":[27900,30400,32500]}"#
    expectEqual(PortfolioJSON.render(PortfolioFixtures.mixedSnapshot), expected)
  }

  @Test func staleDataSaysWhy() {
    #expect(
      PortfolioJSON.render(PortfolioFixtures.losingSnapshot)
        == #"{"source":"cache","asOf":"2026-11-30T12:00:00.000Z","currency":"usd","#
        + #""staleReason":"CoinGecko is unreachable.","total":6000,"change24h":0,"#
        + #""change24hValue":0,"cost":7000,"pnl":-1000,"pnlPercent":-14.2857142857,"#
        + #""unrealizedPnl":-1000,"realizedPnl":0,"fees":0,"method":"fifo","#
        + #""convertedAtTodaysRate":false,"holdings":[{"id":"ethereum","symbol":"eth","name":"Ethereum","amount":2,"#
        + #""price":3000,"value":6000,"allocation":100,"change24h":0,"change24hValue":0,"#
        + #""cost":7000,"pnl":-1000,"pnlPercent":-14.2857142857,"unrealizedPnl":-1000,"#
        + #""realizedPnl":0,"fees":0}],"sparkline":[]}"#)
  }

  @Test func anEmptyPortfolioIsAValidDocument() {
    #expect(
      PortfolioJSON.render(
        PortfolioValuation.value(Portfolio(), in: PortfolioFixtures.market(), spread: OneCore()))
        == #"{"source":"live","asOf":"2026-11-30T12:00:00.000Z","currency":"usd","total":0,"#
        + #""change24h":null,"change24hValue":null,"cost":null,"pnl":null,"pnlPercent":null,"#
        + #""unrealizedPnl":null,"realizedPnl":0,"fees":0,"method":"fifo","#
        + #""convertedAtTodaysRate":false,"holdings":[],"sparkline":[]}"#)
  }

  @Test func amountsAreExactDecimalsAndTheOutputParses() throws {
    let portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", lots: [PortfolioFixtures.lot("0.1"), PortfolioFixtures.lot("0.2")])
    ])
    let text = PortfolioJSON.render(
      PortfolioValuation.value(portfolio, in: PortfolioFixtures.market(), spread: OneCore()))
    let document = try JSONValueParser.parse(Array(text.utf8))
    expectEqual(document["holdings"]?.arrayValue?.first?["amount"], .number("0.3"))
    expectEqual(document["total"], .number("15000"))
  }

  @Test func namesFromTheNetworkAreEscaped() {
    let coins = [
      PortfolioFixtures.coin("evil", "ev\"il", "Evil\u{1B}[31m\nCoin", rank: 9, price: 1)
    ]
    let snapshot = PortfolioValuation.value(
      Portfolio(holdings: [Holding(id: "evil", lots: [PortfolioFixtures.lot("1")])]),
      in: PortfolioFixtures.market(coins), spread: OneCore())
    #expect(
      PortfolioJSON.render(snapshot).contains(
        #""symbol":"ev\"il","name":"Evil\u001b[31m\nCoin""#))
  }
}
