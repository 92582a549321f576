import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Foundation
import Testing

/// `WatchFrame`: the header, the table with movement markers, the status line, and fitting the
/// screen — plain frames for pipes.
@Suite struct WatchFrameTests {
  private static let start = ManualTimeSource.start
  private static let reason = "CoinGecko answered HTTP 503."

  private static let table = [
    "#  Symbol  Name            Price      1h     24h      7d  Market Cap  Volume  7d Chart",
    "1  BTC     Bitcoin    $50,000.00  +0.12%  -1.50%  +3.46%      $1.82T  $63.2B  ▁▂▃▄▅▆▇█",
    "2  ETH     Ethereum    $3,000.50  -0.05%  +2.25%  -4.00%       $360B  $18.8B  █▇▆▅▄▃▂▁",
    "3  SHIB    Shiba Inu  $0.0000085       —   0.00%       —           —   $512M  ▅▅",
  ]

  private static let live = Fixtures.snapshot()
  private static let cached = Fixtures.snapshot(
    asOf: start - 300, source: .cache, staleReason: reason)

  private func frame(
    _ snapshot: MarketSnapshot, coins: [Coin]? = nil, previousPrices: [String: Double]? = nil,
    colors: Bool = false
  ) -> WatchFrame {
    WatchFrame(
      content: .market(coins ?? snapshot.top(3), snapshot), previousPrices: previousPrices,
      style: TextStyle(enabled: colors), sparkline: .blocks)
  }

  /// The line without SGR color codes.
  private func uncolored(_ line: String) -> String {
    line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
  }

  // MARK: Screen

  @Test func aFiredAlertMarksItsRowAndShowsInTheStatusLine() {
    var rule = AlertRule(
      id: "4", target: .coin(id: "ethereum", symbol: "eth", name: "Ethereum"),
      condition: .above(3_000), currency: "usd", createdAt: Self.start)
    rule.state = .fired(at: Self.start)
    let alert = FiredAlert(rule: rule, value: 3_000.5, price: 3_000.5, at: Self.start)
    let frame = WatchFrame(
      content: .market(Self.live.top(3), Self.live), style: TextStyle(enabled: false),
      sparkline: .blocks, alerts: [alert])
    let lines = frame.screen(now: Self.start, nextRefresh: nil, width: 100, height: 24)
    #expect(
      lines[3]
        == "2  ETH !   Ethereum    $3,000.50  -0.05%  +2.25%  -4.00%       $360B  $18.8B  █▇▆▅▄▃▂▁")
    expectEqual(lines.last, "Alert: ETH above $3,000.00: now $3,000.50 (2025-07-25 14:53 UTC)")
  }

  @Test func liveScreenAt100Columns() {
    let lines = frame(Self.live).screen(
      now: Self.start + 12, nextRefresh: Self.start + 60, width: 100, height: 24)
    #expect(
      lines == [
        "coins watch · Top 3 in USD · live, updated 14:53:48 UTC · next refresh in 48 s · q quits"
      ] + Self.table)
  }

  @Test func theColumnTheWatchIsSortedByStaysAtSixtyColumns() {
    let plain = frame(Self.live).screen(now: Self.start, nextRefresh: nil, width: 60, height: 24)
    var sorted = frame(Self.live)
    sorted.sortedColumn = "Volume"
    let byVolume = sorted.screen(now: Self.start, nextRefresh: nil, width: 60, height: 24)

    // At 60 columns the header's parts take two lines ("q quits" on the second).
    expectEqual(byVolume[1], "q quits")
    #expect(!plain[2].contains("Volume"))
    #expect(byVolume[2].contains("Volume"))
    #expect(byVolume.allSatisfy { DisplayWidth.of($0) <= 60 })
  }

  @Test func withoutARefreshComingTheHeaderHasNoCountdown() {
    let lines = frame(Self.live).screen(
      now: Self.start, nextRefresh: nil, width: 100, height: 24)
    expectEqual(lines.first, "coins watch · Top 3 in USD · live, updated 14:53:48 UTC · q quits")
  }

  @Test(arguments: [
    (47.2, "next refresh in 48 s"), (0.4, "next refresh in 1 s"),
    // Due and under way (a hang, retries): how long it has waited, never a countdown stuck at 0.
    (0, "waiting for CoinGecko (0 s)"), (-5, "waiting for CoinGecko (5 s)"),
    (-12.7, "waiting for CoinGecko (12 s)"),
  ])
  func countdownRoundsUpThenSaysHowLongItHasWaited(secondsLeft: Double, shown: String) {
    let lines = frame(Self.live).screen(
      now: Self.start, nextRefresh: Self.start + secondsLeft, width: 100, height: 24)
    #expect(lines.first?.hasSuffix(" · \(shown) · q quits") == true, "\(lines[0])")
  }

  @Test func staleScreenSaysHowOldAndWhy() {
    let lines = frame(Self.cached).screen(
      now: Self.start, nextRefresh: Self.start + 15, width: 140, height: 24)
    #expect(
      lines == [
        "coins watch · Top 3 in USD · CACHED 5 min ago, not live · next refresh in 15 s · q quits"
      ] + Self.table + ["Not live: \(Self.reason) Retrying in 15 s."])
  }

  /// The header fits 100 columns (the age in it, the reason in the status line); on a
  /// narrower screen its parts wrap onto a second line, never cut.
  @Test func staleHeaderFitsAHundredColumnsAndWrapsBelow() {
    let wide = frame(Self.cached).screen(
      now: Self.start, nextRefresh: Self.start - 12, width: 100, height: 24)
    #expect(
      wide.first
        == "coins watch · Top 3 in USD · CACHED 5 min ago, not live · waiting for CoinGecko "
        + "(12 s) · q quits")
    expectEqual(wide.last, "Not live: \(Self.reason)")
    let narrow = frame(Self.cached).screen(
      now: Self.start, nextRefresh: Self.start + 15, width: 60, height: 24)
    // "coins watch · Top 3 in USD · CACHED 5 min ago, not live" is 55 cells; the countdown
    // would make 78.
    #expect(
      Array(narrow.prefix(2)) == [
        "coins watch · Top 3 in USD · CACHED 5 min ago, not live",
        "next refresh in 15 s · q quits",
      ])
    expectEqual(narrow.last, "Not live: \(Self.reason) Retrying in 15 s.")
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 60 })
  }

  @Test func sampleDataIsMarkedToo() {
    let sample = Fixtures.snapshot(source: .sample, staleReason: "Cannot reach the API.")
    let lines = frame(sample).screen(now: Self.start, nextRefresh: nil, width: 200, height: 24)
    expectEqual(lines.first?.contains("SAMPLE DATA, not live"), true)
    expectEqual(lines.last, "Not live: Cannot reach the API.")
  }

  /// A fired alert and the reason the data is stale: both on screen, each on its own line.
  @Test func anAlertDoesNotHideWhyTheDataIsStale() {
    var rule = AlertRule(
      id: "4", target: .coin(id: "bitcoin", symbol: "btc", name: "Bitcoin"),
      condition: .above(40_000), currency: "usd", createdAt: Self.start)
    rule.state = .fired(at: Self.start)
    let alert = FiredAlert(rule: rule, value: 50_000, price: 50_000, at: Self.start)
    // Twelve rows on a ten-row screen: rows give way, the two status lines do not.
    let many = Self.many(Self.cached)
    let frame = WatchFrame(
      content: .market(many.top(12), many), style: TextStyle(enabled: false),
      sparkline: .blocks, alerts: [alert])
    let lines = frame.screen(now: Self.start, nextRefresh: Self.start + 15, width: 100, height: 10)
    #expect(
      lines.suffix(2) == [
        "Not live: \(Self.reason) Retrying in 15 s.",
        "Alert: BTC above $40,000.00: now $50,000.00 (2025-07-25 14:53 UTC)",
      ])
    expectEqual(lines.count, 10)
  }

  /// Cached data without a reason (reused from the cache) still says what it is.
  @Test func cachedDataWithoutAReasonSaysWhatItShows() {
    let reused = Fixtures.snapshot(asOf: Self.start - 300, source: .cache, staleReason: nil)
    let lines = frame(reused).screen(now: Self.start, nextRefresh: nil, width: 100, height: 24)
    expectEqual(lines.last, "Not live: the cached answer of 2025-07-25 14:48:48 UTC.")
  }

  @Test func liveDataHasNoStatusLineEvenWithAReason() {
    let odd = Fixtures.snapshot(source: .live, staleReason: "left over")
    let lines = frame(odd).screen(now: Self.start, nextRefresh: nil, width: 100, height: 24)
    expectEqual(lines.count, 5)
    #expect(!lines.contains { $0.contains("Not live") })
  }

  /// Twelve copies of Bitcoin ranked 1 to 12.
  private static func many(_ snapshot: MarketSnapshot) -> MarketSnapshot {
    var many = snapshot
    many.coins = (1...12).map { rank in
      var coin = snapshot.coins[0]
      coin.id = "coin-\(rank)"
      coin.rank = rank
      return coin
    }
    return many
  }

  @Test func rowsBeyondTheHeightAreCut() {
    let live = Self.many(Self.live)
    let lines = frame(live, coins: live.coins).screen(
      now: Self.start, nextRefresh: nil, width: 100, height: 10)
    expectEqual(lines.count, 10)
    #expect(lines[1].hasPrefix(" #  Symbol  Name"))  // ranks up to 12 take two cells
    expectEqual(lines.last?.hasPrefix(" 8  BTC"), true)

    let cached = Self.many(Self.cached)
    let stale = frame(cached, coins: cached.coins).screen(
      now: Self.start, nextRefresh: nil, width: 140, height: 10)
    expectEqual(stale.count, 10)
    #expect(stale[8].hasPrefix(" 7  BTC"))
    expectEqual(stale.last, "Not live: \(Self.reason)")
  }

  @Test func anEmptyPortfolioSaysSoOnceWithTheCommandThatAddsACoin() {
    let empty = PortfolioSnapshot(rows: [], total: 0, sparkline: [], market: Self.live)
    let screen = WatchFrame(
      content: .portfolio(empty), style: TextStyle(enabled: false), sparkline: .blocks,
      cursor: WatchCursor(order: "holding (the file's order)")
    ).screen(now: Self.start, nextRefresh: nil, width: 100, height: 24)
    #expect(
      Array(screen.dropFirst(2)) == [
        "The portfolio is empty. Add a coin with, for example:", "  coins portfolio add btc 0.5",
      ])
    let plain = WatchFrame(
      content: .portfolio(empty), style: TextStyle(enabled: false), sparkline: .blocks
    ).plain(now: Self.start, width: 100)
    #expect(
      Array(plain.dropFirst()) == [
        "The portfolio is empty. Add a coin with, for example:", "  coins portfolio add btc 0.5",
      ])
  }

  @Test func holdingsAllAtZeroAreNotAnEmptyPortfolio() {
    let soldOut = PortfolioSnapshot(rows: [], total: 0, sparkline: [], market: Self.live)
    var frame = WatchFrame(
      content: .portfolio(soldOut), style: TextStyle(enabled: false), sparkline: .blocks,
      cursor: WatchCursor(order: "holding (the file's order)"))
    frame.zeroHoldingsHidden = 2
    #expect(
      Array(frame.screen(now: Self.start, nextRefresh: nil, width: 100, height: 24).dropFirst(2))
        == ["Every holding is at zero (held no more), hidden by default: --all shows them."])
    // At 40 columns (38 beside the cursor's) the sentence wraps, never cut.
    #expect(
      Array(frame.screen(now: Self.start, nextRefresh: nil, width: 40, height: 24).suffix(3))
        == ["Every holding is at zero (held no", "more), hidden by default: --all shows", "them."])
  }

  @Test func holdingsTheFilterHidesAllAreNoCoinMatchingNotAnEmptyPortfolio() {
    let hidden = PortfolioSnapshot(rows: [], total: 100, sparkline: [], market: Self.live)
    let screen = WatchFrame(
      content: .portfolio(hidden), style: TextStyle(enabled: false), sparkline: .blocks,
      cursor: WatchCursor(order: "holding (the file's order)", filter: "doge")
    ).screen(now: Self.start, nextRefresh: nil, width: 100, height: 24)
    expectEqual(Array(screen.dropFirst(2)), ["  ", "  (no coin matches)"])
  }

  @Test func aTerminalSmallerThan40By10SaysSo() {
    let lines = frame(Self.live).screen(now: Self.start, nextRefresh: nil, width: 100, height: 9)
    expectEqual(lines, ["Terminal too small: coins watch needs 40×10 (now 100×9).", "q quits"])
  }

  @Test func colorsMarkTheFreshness() {
    let live = frame(Self.live, colors: true).screen(
      now: Self.start, nextRefresh: nil, width: 100, height: 24)
    expectEqual(live.first?.contains("\u{1B}[32mlive, updated 14:53:48 UTC\u{1B}[0m"), true)
    let stale = frame(Self.cached, colors: true).screen(
      now: Self.start, nextRefresh: nil, width: 200, height: 24)
    expectEqual(stale.first?.contains("\u{1B}[33mCACHED 5 min ago"), true)
    expectEqual(stale.last, "\u{1B}[33mNot live: \(Self.reason)\u{1B}[0m")
  }

  @Test(arguments: Array(40...200))
  func noLineIsWiderThanTheScreen(width: Int) {
    let long = Fixtures.coin(
      "long", rank: 4, name: "超级长的中文名字加密货币项目代币 Rocket 🚀🚀🚀", price: 1e15,
      change1h: -12.5, change24h: 250_000, change7d: -99.99, marketCap: 1e308, volume: 1e300,
      sparkline: (0..<168).map { Double($0 % 11) })
    var stale = Self.cached
    stale.coins.append(long)
    stale.staleReason = String(repeating: "The network is down, again and again. ", count: 8)
    let previous = ["bitcoin": 1.0, "ethereum": 1e9, "long": 1.0]
    for snapshot in [Self.live, stale] {
      for colors in [false, true] {
        let lines = frame(
          snapshot, coins: snapshot.top(4), previousPrices: previous, colors: colors
        ).screen(now: Self.start, nextRefresh: Self.start + 59.5, width: width, height: 50)
        for line in lines {
          let cells = DisplayWidth.of(uncolored(line))
          #expect(cells <= width, "\(cells) cells: \(line)")
        }
      }
    }
  }

  // MARK: Plain frames

  @Test func plainFrameIsHeadedByItsTime() {
    let lines = frame(Self.live).plain(now: Self.start + 12, width: 100)
    #expect(
      lines == [
        "== 2025-07-25 14:54:00 UTC · Top 3 in USD · live, 2025-07-25 14:53:48 UTC =="
      ] + Self.table)
  }

  @Test func plainStaleFrameEndsWithTheReason() {
    let lines = frame(Self.cached).plain(now: Self.start, width: 100)
    #expect(
      lines == [
        "== 2025-07-25 14:53:48 UTC · Top 3 in USD · "
          + "CACHED 5 min ago (2025-07-25 14:48:48 UTC), not live =="
      ] + Self.table + ["Not live: \(Self.reason)"])
  }

  @Test func plainFramesHaveNoEscapes() {
    let previous = ["bitcoin": 1.0, "ethereum": 1e9]
    for snapshot in [Self.live, Self.cached] {
      let lines = frame(snapshot, previousPrices: previous).plain(now: Self.start, width: 80)
      expectEqual(lines.first?.hasPrefix("== "), true)
      expectEqual(lines.first?.hasSuffix(" =="), true)
      #expect(!lines.contains { $0.contains("\u{1B}") })
    }
  }

  // MARK: Movement markers

  @Test func markersShowWhatMovedSinceThePreviousTick() {
    let previous = ["bitcoin": 49_999.5, "ethereum": 3_100, "shiba-inu": 0.0000085]
    let lines = frame(Self.live, previousPrices: previous).screen(
      now: Self.start, nextRefresh: nil, width: 200, height: 24)
    #expect(
      Array(lines.dropFirst()) == [
        "#  Symbol  Name            Price         1h     24h      7d  Market Cap  Volume  7d Chart",
        "1  BTC     Bitcoin    $50,000.00  ▲  +0.12%  -1.50%  +3.46%      $1.82T  $63.2B  ▁▂▃▄▅▆▇█",
        "2  ETH     Ethereum    $3,000.50  ▼  -0.05%  +2.25%  -4.00%       $360B  $18.8B  █▇▆▅▄▃▂▁",
        "3  SHIB    Shiba Inu  $0.0000085          —   0.00%       —           —   $512M  ▅▅",
      ])
  }

  @Test func noMarkerWithoutAPreviousPrice() {
    let lines = frame(Self.live, previousPrices: ["dogecoin": 1]).plain(
      now: Self.start, width: 200)
    #expect(!lines.contains { $0.contains("▲") || $0.contains("▼") })
  }

  @Test func noMarkerColumnOnTheFirstTick() {
    let lines = frame(Self.live).plain(now: Self.start, width: 200)
    expectEqual(Array(lines.dropFirst()), Self.table)
  }

  @Test func markersAreColored() {
    let previous = ["bitcoin": 1.0, "ethereum": 1e9]
    let lines = frame(Self.live, previousPrices: previous, colors: true).screen(
      now: Self.start, nextRefresh: nil, width: 200, height: 24)
    #expect(lines[2].contains("\u{1B}[32m▲\u{1B}[0m"))
    #expect(lines[3].contains("\u{1B}[31m▼\u{1B}[0m"))
  }
}

@Suite struct PortfolioWatchMarkerTests {
  @Test func portfolioFramesMarkPricesThatMovedSinceTheLastRefresh() {
    let market = MarketSnapshot(
      coins: [
        Coin(id: "bitcoin", symbol: "btc", name: "Bitcoin", rank: 1, price: 51000),
        Coin(id: "ethereum", symbol: "eth", name: "Ethereum", rank: 2, price: 2900),
      ], currency: "usd", asOf: Date(timeIntervalSince1970: 1_764_417_600), source: .live)
    let portfolio = Portfolio(holdings: [
      Holding(id: "bitcoin", lots: [Lot(amount: 1)]),
      Holding(id: "ethereum", lots: [Lot(amount: 2)]),
    ])
    let table = PortfolioTable(
      currency: CurrencyStyle(code: "usd"), sparkline: .blocks, style: TextStyle(enabled: false))

    let lines = table.render(
      PortfolioValuation.value(portfolio, in: market, spread: OneCore()), width: 120,
      previousPrices: ["bitcoin": 50000, "ethereum": 3000])

    #expect(lines[1].contains("$51,000.00  ▲"))
    #expect(lines[2].contains("$2,900.00  ▼"))
    #expect(!lines[3].contains("▲") && !lines[3].contains("▼"))  // the total row
    let first = table.render(
      PortfolioValuation.value(portfolio, in: market, spread: OneCore()), width: 120)
    #expect(!first.joined().contains("▲"))
  }
}
