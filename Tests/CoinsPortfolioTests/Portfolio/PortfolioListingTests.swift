import CoinsModel
import CoinsPresentation
import Foundation
import Testing

@Suite struct PortfolioListingTests {
  /// The open lots are listed oldest first (undated ones count as oldest), as sells take them.
  /// Coins by symbol and name where known; one known nowhere by its id.
  @Test func listsHoldingsWithTheirLotsBelow() {
    let names = CoinNames([
      SearchResult(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1),
      SearchResult(id: "ethereum", symbol: "eth", name: "Ethereum", rank: 2),
      SearchResult(id: "solana", symbol: "sol", name: "Solana", rank: 5),
    ])
    let text = PortfolioListing.text(
      PortfolioFixtures.mixedPortfolio, file: "/data/portfolio.json", names: names, width: 80)
    #expect(
      text == """
        Portfolio /data/portfolio.json: 4 holdings
        Coin          Name      Amount  Lots
        BTC           Bitcoin      0.5  2 lots
          lot                     0.25  —  cost $44,000.00
          lot                     0.25  2026-11-29  cost $40,000.00
        ETH           Ethereum       2  2 lots
          lot                        1  —  cost $2,500.00
          lot                        1  2026-10-01  cost €2,000.00
        SOL           Solana        10  1 lot
          lot                       10  —
        mystery-coin              1000  1 lot
          lot                     1000  —  cost XYZ 0.01

        """)
  }

  @Test func oneHoldingIsSingular() {
    let portfolio = Portfolio(holdings: [
      Holding(id: "ethereum", lots: [PortfolioFixtures.lot("2", cost: "3500")])
    ])
    #expect(
      PortfolioListing.text(portfolio, file: "/p.json", width: 80) == """
        Portfolio /p.json: 1 holding
        Coin      Name  Amount  Lots
        ethereum             2  1 lot
          lot                2  —  cost $3,500.00

        """)
  }

  @Test func theEmptyMessageShowsHowToAddACoin() {
    #expect(
      PortfolioListing.emptyMessage
        == "The portfolio is empty. Add a coin with, for example:\n  coins portfolio add btc 0.5\n")
  }

  @Test func jsonListsExactAmountsCostsAndDates() {
    #expect(
      PortfolioListing.json(PortfolioFixtures.mixedPortfolio, file: "/data/portfolio.json")
        == #"{"file":"/data/portfolio.json","holdings":["#
        + #"{"id":"bitcoin","amount":0.5,"lots":["#
        + #"{"amount":0.25,"cost":44000,"costCurrency":null,"date":null},"#
        + #"{"amount":0.25,"cost":40000,"costCurrency":"usd","date":"2026-11-29T14:00:00.000Z"}]},"#
        + #"{"id":"ethereum","amount":2,"lots":["#
        + #"{"amount":1,"cost":2500,"costCurrency":"usd","date":null},"#
        + #"{"amount":1,"cost":2000,"costCurrency":"eur","date":"2026-10-01T08:30:00.000Z"}]},"#
        + #"{"id":"solana","amount":10,"lots":[{"amount":10,"cost":null,"costCurrency":null,"date":null}]},"#
        + #"{"id":"mystery-coin","amount":1000,"lots":["#
        + #"{"amount":1000,"cost":0.01,"costCurrency":"xyz","date":null}]}]}"#)
  }

  @Test func jsonOfAnEmptyPortfolio() {
    #expect(
      PortfolioListing.json(Portfolio(), file: "/p.json") == #"{"file":"/p.json","holdings":[]}"#)
  }

  @Test func jsonEscapesThePath() {
    #expect(
      PortfolioListing.json(Portfolio(), file: "/tmp/a\"b\n.json")
        == #"{"file":"/tmp/a\"b\n.json","holdings":[]}"#)
  }
}
