import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

@Suite struct MarketTableTests {
  private let table = MarketTable(
    currency: CurrencyStyle(code: "usd"), sparkline: .blocks, style: TextStyle(enabled: false))

  /// Coins that stress the layout: wide names, emoji, extreme numbers, unknowns, long charts.
  private static let awkward: [Coin] = [
    Fixtures.coin(
      "bitcoin", rank: 1, price: 50_000, change1h: 0.12, change24h: -1.5, change7d: 3.4,
      marketCap: 1.82e12, volume: 63.2e9, sparkline: (0..<168).map { Double($0 % 17) }),
    Fixtures.coin(
      "long-cjk", rank: 27, name: "超级长的中文名字加密货币项目代币", price: 0.0000085, change1h: -12.5,
      change24h: 250_000, change7d: -99.99, marketCap: 999.6e9, volume: 1e308,
      sparkline: [1, nil, 3, .nan, 2]),
    Fixtures.coin(
      "emoji", rank: 1000, name: "Rocket 🚀🚀🚀 Moon Dog 🐶 Inu Token Extra Long", price: 1e308,
      change1h: 1e308, sparkline: []),
    Fixtures.coin("nothing", rank: nil, name: "", sparkline: [nil, 1, 1]),
  ]

  private func headers(width: Int, coins: [Coin] = Fixtures.threeCoins) -> [String] {
    TableLayout.fit(table.columns(for: coins, width: width), width: width).map(\.column.header)
  }

  @Test func fullTableAt200Columns() {
    #expect(
      table.render(Fixtures.threeCoins, width: 200) == [
        "#  Symbol  Name            Price      1h     24h      7d  Market Cap  Volume  7d Chart",
        "1  BTC     Bitcoin    $50,000.00  +0.12%  -1.50%  +3.46%      $1.82T  $63.2B  ▁▂▃▄▅▆▇█",
        "2  ETH     Ethereum    $3,000.50  -0.05%  +2.25%  -4.00%       $360B  $18.8B  █▇▆▅▄▃▂▁",
        "3  SHIB    Shiba Inu  $0.0000085       —   0.00%       —           —   $512M  ▅▅",
      ])
  }

  @Test func volumeIsTheFirstColumnToGo() {
    #expect(
      table.render(Fixtures.threeCoins, width: 80) == [
        "#  Symbol  Name            Price      1h     24h      7d  Market Cap  7d Chart",
        "1  BTC     Bitcoin    $50,000.00  +0.12%  -1.50%  +3.46%      $1.82T  ▁▂▃▄▅▆▇█",
        "2  ETH     Ethereum    $3,000.50  -0.05%  +2.25%  -4.00%       $360B  █▇▆▅▄▃▂▁",
        "3  SHIB    Shiba Inu  $0.0000085       —   0.00%       —           —  ▅▅",
      ])
  }

  /// The fixture's coins with a week of hourly prices, as CoinGecko sends them (168 points, so
  /// the chart could use all of its 24 cells).
  private static let hourly: [Coin] = Fixtures.threeCoins.map {
    var coin = $0
    coin.sparkline = (0..<168).map { Double($0 % 24) }
    return coin
  }

  /// The rule docs/market.md states, at every width: while 1h or Volume is shown, the
  /// sparkline has at least 16 cells and names at least 12 (or all they need).
  @Test(arguments: [Self.hourly, Array(Self.hourly.prefix(2)), Self.awkward])
  func volumeAndOneHourGiveWayBeforeNamesOrChartsGetCramped(coins: [Coin]) {
    for width in 40...140 {
      let fitted = TableLayout.fit(table.columns(for: coins, width: width), width: width)
      let widths = Dictionary(uniqueKeysWithValues: fitted.map { ($0.column.header, $0.width) })
      guard widths["1h"] != nil || widths["Volume"] != nil else { continue }
      let longestName = coins.map { DisplayWidth.of($0.name) }.max() ?? 0
      #expect((widths["7d Chart"] ?? 0) >= 16, "chart at \(width) columns: \(widths)")
      #expect(
        (widths["Name"] ?? 0) >= min(12, max(4, longestName)), "name at \(width): \(widths)")
    }
  }

  @Test func at83ColumnsVolumeAnd1hGiveWayToTheChart() {
    // Without Volume and 1h: # 1, Symbol 6, Name 8, Price 10, 24h 6, 7d 6, Market Cap 10 and
    // seven gaps of 2 take 61 columns, leaving the chart 22. Keeping 1h (6 + a gap of 2)
    // would leave it 14, under the 16 it is owed.
    let fitted = TableLayout.fit(
      table.columns(for: Array(Self.hourly.prefix(2)), width: 83), width: 83)
    #expect(
      fitted.map(\.column.header) == [
        "#", "Symbol", "Name", "Price", "24h", "7d", "Market Cap", "7d Chart",
      ])
    expectEqual(fitted.map(\.width), [1, 6, 8, 10, 6, 6, 10, 22])
  }

  @Test func columnsDropInASensibleOrder() {
    var dropped: [String] = []
    var previous = headers(width: 200)
    #expect(
      previous == [
        "#", "Symbol", "Name", "Price", "1h", "24h", "7d", "Market Cap", "Volume", "7d Chart",
      ])
    for width in stride(from: 199, through: 10, by: -1) {
      let current = headers(width: width)
      dropped += previous.filter { !current.contains($0) }
      #expect(Set(current).isSubset(of: Set(previous)), "columns came back at \(width)")
      previous = current
    }
    expectEqual(dropped, ["Volume", "1h", "Name", "Market Cap", "7d", "7d Chart", "24h"])
    expectEqual(previous, ["#", "Symbol", "Price"])
  }

  @Test(arguments: [40, 60, 80, 120, 200])
  func everyLineFitsTheWidth(width: Int) {
    let lines = table.render(Self.awkward + Fixtures.threeCoins, width: width)
    expectEqual(lines.count, 8)
    for line in lines {
      #expect(DisplayWidth.of(line) <= width, "\(DisplayWidth.of(line)) cells: \(line)")
    }
  }

  @Test(arguments: [40, 60, 80, 120, 200])
  func coloredLinesFitTheWidthToo(width: Int) {
    let colored = MarketTable(
      currency: CurrencyStyle(code: "usd"), sparkline: .blocks, style: TextStyle(enabled: true))
    for line in colored.render(Self.awkward, width: width) {
      let visible = line.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      #expect(DisplayWidth.of(visible) <= width, "\(visible)")
    }
  }

  @Test func wideNamesAreCutByDisplayWidth() {
    let lines = table.render([Self.awkward[1]], width: 200)
    #expect(lines[1].contains("  超级长的中文名字加密…   $0.0000085"))
  }

  @Test func unknownsAreDashesNeverZero() {
    let lines = table.render([Self.awkward[3]], width: 200)
    #expect(
      lines == [
        "#  Symbol  Name  Price  1h  24h  7d  Market Cap  Volume  7d Chart",
        "—  NOTH              —   —    —   —           —       —  ▅▅",
      ])
  }

  @Test
  func rowWithoutSparklineHasNoTrailingSpaces() {
    let coin = Fixtures.coin("newcoin", rank: 4, price: 1, sparkline: [])
    for line in table.render([coin], width: 200) {
      #expect(!line.hasSuffix(" "), "'\(line)'")
    }
  }

  @Test func changesAreColoredByDirection() {
    let colored = MarketTable(
      currency: CurrencyStyle(code: "usd"), sparkline: .blocks, style: TextStyle(enabled: true))
    let lines = colored.render(Fixtures.threeCoins, width: 200)
    #expect(lines[1].contains("\u{1B}[32m+0.12%\u{1B}[0m  \u{1B}[31m-1.50%\u{1B}[0m"))
    #expect(lines[1].hasSuffix("\u{1B}[32m▁▂▃▄▅▆▇█\u{1B}[0m"))
    #expect(lines[2].hasSuffix("\u{1B}[31m█▇▆▅▄▃▂▁\u{1B}[0m"))
    #expect(lines[3].contains("   0.00%  "))
  }

  @Test func asciiSparklines() {
    let ascii = MarketTable(
      currency: CurrencyStyle(code: "usd"), sparkline: .ascii, style: TextStyle(enabled: false))
    #expect(ascii.render(Fixtures.threeCoins, width: 200)[1].hasSuffix("  _.-~=+*^"))
  }

  @Test func chartShrinksWithTheTerminal() {
    let coin = Fixtures.coin("bitcoin", rank: 1, price: 1, sparkline: (0..<168).map { Double($0) })
    func chartCells(_ width: Int) -> Int {
      let line = table.render([coin], width: width)[1]
      return line.filter { "▁▂▃▄▅▆▇█".contains($0) }.count
    }
    expectEqual(chartCells(200), 24)
    expectEqual(chartCells(70), 18)  // 1h and volume give way so that the chart stays readable
    #expect(table.render([coin], width: 200)[1].hasSuffix("  ▁▂▂▂▂▃▃▃▄▄▄▄▅▅▅▆▆▆▇▇▇▇██"))
  }

  @Test func lesserColumnsGiveWaySoNamesStayReadableAt80Columns() {
    let coin = Fixtures.coin(
      "lido", rank: 9, price: 3048, sparkline: (0..<168).map { Double($0 % 7) })
    var named = coin
    named.name = "Lido Staked Ether"
    named.change1h = -0.1
    named.change24h = -12.07
    named.change7d = 10.23
    named.marketCap = 25.8e9
    named.volume = 1.2e9
    let lines = table.render([named], width: 80)
    #expect(!lines[0].contains("1h") && !lines[0].contains("Volume"))
    #expect(lines[1].contains("Lido Staked…"))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
  }

  @Test func sparklineTrendIsLastMinusFirstKnownPoint() {
    expectEqual(MarketTable.sparklineTrend([nil, 2, 5, nil, 3]), 1)
    #expect(MarketTable.sparklineTrend([nil]) == nil)
    #expect(MarketTable.sparklineTrend([]) == nil)
  }
}
