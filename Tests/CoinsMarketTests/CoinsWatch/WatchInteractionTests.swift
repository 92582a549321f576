import CoinsPresentation
import CoinsTerminal
import CoinsUnitTestSupport
import CoinsWatch
import Foundation
import Testing

/// The keyboard's state machine of an interactive watch.
@Suite struct WatchInteractionTests {
  private static let now = Date(timeIntervalSince1970: 1_796_040_000)
  private static let ids = (1...30).map { "coin-\($0)" }

  private func press(
    _ keys: [Key], on interaction: inout WatchInteraction, ids: [String] = ids, pageSize: Int = 10,
    at now: Date = now
  ) -> [WatchInteraction.Effect] {
    keys.map { interaction.handle($0, rowIDs: ids, pageSize: pageSize, now: now) }
  }

  private func fresh() -> WatchInteraction {
    WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
  }

  @Test func movingScrollsToKeepTheHighlightOnScreen() {
    var state = fresh()
    _ = press([.down, .character("j"), .character("j")], on: &state)
    #expect((state.selected, state.scroll) == (3, 0))
    _ = press([.pageDown], on: &state)
    #expect((state.selected, state.scroll) == (13, 4))
    _ = press([.end], on: &state)
    #expect((state.selected, state.scroll) == (29, 20))
    _ = press([.character("k"), .up, .pageUp], on: &state)
    #expect((state.selected, state.scroll) == (17, 17))
    _ = press([.character("g")], on: &state)
    #expect((state.selected, state.scroll) == (0, 0))
    _ = press([.up, .home], on: &state)
    expectEqual(state.selected, 0)
    _ = press([.character("G"), .down], on: &state)
    expectEqual(state.selected, 29)
  }

  @Test func sCyclesEveryKeyAndSReverses() {
    var state = fresh()
    var seen: [SortKey] = []
    for _ in SortKey.allCases {
      _ = press([.character("s")], on: &state)
      seen.append(state.sort)
    }
    expectEqual(
      seen, [.price, .change1h, .change24h, .change7d, .marketcap, .volume, .name, .rank])
    _ = press([.character("S")], on: &state)
    #expect(state.reverse)
    _ = press([.character("s")], on: &state)
    #expect(state.sort == .price && !state.reverse)
  }

  /// In the portfolio `s` walks the file's order and `portfolio value --sort`'s keys; the
  /// market keeps its own order meanwhile, and the header's words follow the view on screen.
  @Test func inThePortfolioSCyclesTheValueKeys() {
    var state = WatchInteraction(sort: .change24h, reverse: false, showsPortfolio: true)
    expectEqual(state.orderWords, "the file's order")
    var seen: [String] = []
    for _ in 0...PortfolioSortKey.allCases.count {
      _ = press([.character("s")], on: &state)
      seen.append(state.orderWords)
    }
    #expect(
      seen == [
        "value ↓", "share ↓", "pnl ↓", "change24h ↓", "name ↑", "the file's order",
      ])
    expectEqual(state.sort, .change24h)
    _ = press([.character("S")], on: &state)
    expectEqual(state.orderWords, "the file's order, reversed")
    _ = press([.character("p")], on: &state)
    expectEqual(state.orderWords, "change24h ↑")
    expectEqual(state.sortedColumn, "24h")
  }

  @Test func theFilterTakesEveryCharacterUntilEnterOrEsc() {
    var state = fresh()
    let effects = press("/bq".map { .character($0) } + [.backspace, .character("t")], on: &state)
    #expect(!effects.contains(.quit))
    #expect(state.filter == "bt" && state.isEditingFilter)
    _ = press([.enter], on: &state)
    #expect(state.filter == "bt" && !state.isEditingFilter)
    _ = press([.character("/"), .escape], on: &state)
    #expect(state.filter.isEmpty && !state.isEditingFilter)
    #expect(state.matches(symbol: "BTC", name: "Bitcoin"))
    state.filter = "COIN"
    #expect(state.matches(symbol: "btc", name: "Bitcoin"))
    #expect(!state.matches(symbol: "eth", name: "Ethereum"))
  }

  @Test func enterOpensTheHighlightedCoinAndEscOrBackspaceReturns() {
    var state = fresh()
    _ = press([.down, .down, .enter], on: &state)
    expectEqual(state.screen, .detail("coin-3"))
    _ = press([.escape], on: &state)
    #expect(state.screen == .list && state.selected == 2)
    _ = press([.enter, .backspace], on: &state)
    #expect(state.screen == .list && state.selected == 2)
    _ = press([.enter], on: &state, ids: [])
    expectEqual(state.screen, .list)
  }

  @Test func escNeverQuitsAndQAndCtrlCDo() {
    var state = fresh()
    expectEqual(press([.escape, .escape], on: &state), [.redraw, .redraw])
    expectEqual(press([.character("q")], on: &state), [.quit])
    _ = press([.enter], on: &state)
    expectEqual(press([.character("q")], on: &state), [.quit])
  }

  @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() {
    var state = fresh()
    _ = press([.character("?")], on: &state)
    expectEqual(state.screen, .help)
    expectEqual(press([.character("x")], on: &state), [.redraw])
    expectEqual(state.screen, .list)
    _ = press([.character("?")], on: &state)
    expectEqual(press([.character("q")], on: &state), [.quit])
  }

  @Test func favouritesAndModes() {
    var state = fresh()
    expectEqual(press([.down, .character("f")], on: &state), [.redraw, .toggleFavorite("coin-2")])
    _ = press([.character("w")], on: &state)
    #expect(state.favoritesOnly && state.selected == 0)
    _ = press([.character("p")], on: &state)
    #expect(state.showsPortfolio)
  }

  @Test func rRefreshesAtMostEveryTenSeconds() {
    var state = fresh()
    expectEqual(press([.character("R")], on: &state), [.refreshNow])
    expectEqual(press([.character("R")], on: &state, at: Self.now + 9.9), [.redraw])
    expectEqual(state.notice, "Refreshed moments ago: R asks again at most every 10 s.")
    expectEqual(press([.character("R")], on: &state, at: Self.now + 10), [.refreshNow])
    #expect(state.notice == nil)
  }

  @Test func rangeKeysInTheDetailViewFetchItsHistory() {
    var state = fresh()
    _ = press([.enter], on: &state)
    expectEqual(state.detailRange, .week)
    expectEqual(press([.character("y")], on: &state), [.loadHistory("coin-1", .year)])
    expectEqual(press([.character("1")], on: &state), [.loadHistory("coin-1", .day)])
    expectEqual(press([.character("3")], on: &state), [.loadHistory("coin-1", .month)])
    expectEqual(press([.character("m")], on: &state), [.loadHistory("coin-1", .max)])
    expectEqual(press([.character("7")], on: &state), [.redraw])  // the market's sparkline
    expectEqual(state.detailRange, .week)
    _ = press([.character("y"), .escape, .enter], on: &state)
    expectEqual(state.detailRange, .week)  // a coin opens on 7 days
  }
}
