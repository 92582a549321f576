import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct PortfolioTableTests {
  private let plain = PortfolioTable(
    currency: CurrencyStyle(code: "usd"), sparkline: .blocks, style: TextStyle(enabled: false))

  @Test func rendersRowsTotalSummaryAndSparkline() {
    let lines = plain.render(PortfolioFixtures.mixedSnapshot, width: 120)
    #expect(
      lines == [
        "Coin          Name          Amount       Price       Value    Share      24h        Cost         P/L    P/L %",
        "BTC           Bitcoin          0.5  $50,000.00  $25,000.00   76.92%  +25.00%  $21,000.00  +$4,000.00  +19.05%",
        "ETH           Ethereum           2   $3,000.00   $6,000.00   18.46%  -25.00%   $2,500.00    +$500.00  +20.00%",
        "SOL           Solana            10     $150.00   $1,500.00    4.62%        —           —           —        —",
        "mystery-coin  mystery-coin    1000           —           —        —        —           —           —        —",
        "Total                                           $32,500.00  100.00%  +10.17%  $23,500.00  +$4,500.00  +19.15%",
        "24h: +$3,000.00 (+10.17%) · P/L: +$4,500.00 (+19.15%) on $23,500.00"
          + " · costed value $28,000.00 (cost known for 1 of 2 ETH)",
        "7d: ▁▅█  low $27,900.00  high $32,500.00",
      ])
  }

  /// ETH has a cost for 1 of its 2 coins: a wide table shows the costed coins' value beside
  /// the cost (BTC 0.5 × 50,000 = 25,000; ETH 1 × 3,000 = 3,000, less 2,500 is +500; total
  /// 28,000 less 23,500 is +4,500) and labels the row and the total; a narrower one drops the
  /// label first, then the costed value with the cost, and the summary says it all.
  @Test func aPartlyCostedHoldingIsLabelledAndItsCostedValueShown() {
    let lines = plain.render(PortfolioFixtures.mixedSnapshot, width: 200)
    #expect(lines[0].hasSuffix("24h      Costed        Cost         P/L    P/L %  Note"))
    #expect(
      lines[1].hasSuffix("+25.00%  $25,000.00  $21,000.00  +$4,000.00  +19.05%"), "\(lines[1])")
    #expect(
      lines[2].hasSuffix(
        "-25.00%   $3,000.00   $2,500.00    +$500.00  +20.00%  cost known for 1 of 2"),
      "\(lines[2])")
    #expect(
      lines[5].hasSuffix(
        "+10.17%  $28,000.00  $23,500.00  +$4,500.00  +19.15%  cost known for 1 of 2 ETH"),
      "\(lines[5])")
  }

  /// The coin column is never cut (mystery-coin, 12 cells, is whole): at 60 columns the share
  /// gives way too.
  @Test func aNarrowTerminalDropsCostNameAndProfitColumnsFirst() {
    let lines = plain.render(PortfolioFixtures.mixedSnapshot, width: 60)
    #expect(
      lines == [
        "Coin          Amount       Price       Value      24h",
        "BTC              0.5  $50,000.00  $25,000.00  +25.00%",
        "ETH                2   $3,000.00   $6,000.00  -25.00%",
        "SOL               10     $150.00   $1,500.00        —",
        "mystery-coin    1000           —           —        —",
        "Total                             $32,500.00  +10.17%",
        "24h: +$3,000.00 (+10.17%) · P/L: +$4,500.00 (+19.15%) on $23,500.00"
          + " · costed value $28,000.00 (cost known for 1 of 2 ETH)",
        "7d: ▁▅█  low $27,900.00  high $32,500.00",
      ])
  }

  @Test func lossesAreSignedAndAFlatDayIsUnsigned() {
    let lines = plain.render(PortfolioFixtures.losingSnapshot, width: 120)
    #expect(
      lines == [
        "Coin   Name      Amount      Price      Value    Share    24h       Cost         P/L    P/L %",
        "ETH    Ethereum       2  $3,000.00  $6,000.00  100.00%  0.00%  $7,000.00  -$1,000.00  -14.29%",
        "Total                               $6,000.00  100.00%  0.00%  $7,000.00  -$1,000.00  -14.29%",
        "24h: $0.00 (0.00%) · P/L: -$1,000.00 (-14.29%) on $7,000.00",
      ])
  }

  /// The profit is known only where a price is: its percentage and the cost beside it are both
  /// over the priced holdings, and the costed holding left out is named.
  @Test func theProfitIsOnTheCostOfThePricedHoldingsAndTheUnpricedOneIsNamed() {
    let snapshot = PortfolioValuation.value(
      Portfolio(holdings: [
        Holding(id: "bitcoin", lots: [PortfolioFixtures.lot("0.5", cost: "42000")]),
        Holding(id: "mystery-coin", lots: [PortfolioFixtures.lot("1000", cost: "1")]),
      ]),
      in: PortfolioFixtures.market(), spread: OneCore())
    // 0.5 × 50,000 − 21,000 = 4,000 on 21,000: +19.05%; the mystery coin's 1,000 is not in it.
    // (The fixture's bitcoin rose 25% in 24 h: 25,000 − 25,000 / 1.25 = 5,000.)
    expectEqual(snapshot.cost, 22_000)
    expectEqual(snapshot.pnlCost, 21_000)
    #expect(
      plain.render(snapshot, width: 120).last(where: { $0.hasPrefix("24h:") })
        == "24h: +$5,000.00 (+25.00%) · P/L: +$4,000.00 (+19.05%) on $21,000.00 "
        + "(mystery-coin unpriced)")
  }

  @Test func withoutCostsTheSummaryLeavesProfitOut() {
    var market = PortfolioFixtures.losingSnapshot.market
    market.currency = "chf"
    let snapshot = PortfolioValuation.value(
      Portfolio(holdings: [
        Holding(id: "ethereum", lots: [PortfolioFixtures.lot("2", cost: "3500")])
      ]),
      in: market, spread: OneCore())
    let table = PortfolioTable(
      currency: CurrencyStyle(code: "chf"), sparkline: .blocks, style: TextStyle(enabled: false))
    #expect(
      table.render(snapshot, width: 120) == [
        "Coin   Name      Amount         Price         Value    Share    24h  Cost  P/L  P/L %",
        "ETH    Ethereum       2  CHF 3,000.00  CHF 6,000.00  100.00%  0.00%     —    —      —",
        "Total                                  CHF 6,000.00  100.00%  0.00%     —    —      —",
        "24h: CHF 0.00 (0.00%)",
      ])
  }

  private func bold(_ text: String) -> String { "\u{1B}[1m\(text)\u{1B}[0m" }
  private func green(_ text: String) -> String { "\u{1B}[32m\(text)\u{1B}[0m" }
  private func red(_ text: String) -> String { "\u{1B}[31m\(text)\u{1B}[0m" }

  @Test func colorsMarkRisesAndFallsAndTheHeader() {
    let table = PortfolioTable(
      currency: CurrencyStyle(code: "usd"), sparkline: .ascii, style: TextStyle(enabled: true))
    let lines = table.render(PortfolioFixtures.mixedSnapshot, width: 120)
    let header: [String] = [
      "Coin        ", "Name        ", "Amount", "     Price", "     Value", "  Share", "    24h",
      "      Cost", "       P/L", "  P/L %",
    ].map(bold)
    let btc: String =
      "BTC           Bitcoin          0.5  $50,000.00  $25,000.00   76.92%  " + green("+25.00%")
      + "  $21,000.00  " + green("+$4,000.00") + "  " + green("+19.05%")
    let eth: String =
      "ETH           Ethereum           2   $3,000.00   $6,000.00   18.46%  " + red("-25.00%")
      + "   $2,500.00  " + green("  +$500.00") + "  " + green("+20.00%")
    let total: String =
      "Total                                           $32,500.00  100.00%  " + green("+10.17%")
      + "  $23,500.00  " + green("+$4,500.00") + "  " + green("+19.15%")
    let summary: String =
      "24h: " + green("+$3,000.00 (+10.17%)") + " · P/L: " + green("+$4,500.00 (+19.15%)")
      + " on $23,500.00 · costed value $28,000.00 (cost known for 1 of 2 ETH)"
    let expected: [String] = [
      header.joined(separator: "  "), btc, eth,
      "SOL           Solana            10     $150.00   $1,500.00    4.62%        —           —           —        —",
      "mystery-coin  mystery-coin    1000           —           —        —        —           —           —        —",
      total, summary, "7d: " + green("_=^") + "  low $27,900.00  high $32,500.00",
    ]
    expectEqual(lines, expected)
  }
}
