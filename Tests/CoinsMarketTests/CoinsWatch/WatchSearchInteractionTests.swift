import CoinsModel
import CoinsPresentation
import CoinsTerminal
import CoinsUnitTestSupport
import CoinsWatch
import Foundation
import Testing

/// The keys of the market-wide search: offered by Enter when the filter leaves no row, its
/// results moved through, opened, starred, and left.
@Suite struct WatchSearchInteractionTests {
  private static let now = Date(timeIntervalSince1970: 1_796_040_000)
  private static let loaded = ["bitcoin", "ethereum"]
  private static let found = [
    SearchResult(id: "coin-0070", symbol: "c070", name: "Coin 70", rank: 70),
    SearchResult(id: "coin-0700", symbol: "c700", name: "Coin 700", rank: 700),
    SearchResult(id: "coin-0701", symbol: "c701", name: "Coin 701", rank: 701),
  ]

  private func press(
    _ keys: [Key], on interaction: inout WatchInteraction, ids: [String] = []
  ) -> [WatchInteraction.Effect] {
    keys.map { interaction.handle($0, rowIDs: ids, pageSize: 10, now: Self.now) }
  }

  private func typed(_ text: String) -> [Key] {
    [.character("/")] + text.map { Key.character($0) }
  }

  /// A watch whose search for "coin 70" has found the three coins above.
  private func searched() -> WatchInteraction {
    var state = WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
    _ = press(typed("coin 70") + [.enter], on: &state)
    state.search?.phase = .found(Self.found)
    return state
  }

  @Test func enterInAFilterThatLeavesNoRowSearchesAllOfCoinGecko() {
    var state = WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
    let effects = press(typed("  coin 70 ") + [.enter], on: &state)
    expectEqual(effects.last, .search("coin 70"))
    expectEqual(state.screen, .search)
    expectEqual(state.search, WatchSearch(query: "coin 70"))
    #expect(!state.isEditingFilter)
  }

  @Test func enterInAFilterThatLeavesRowsOnlyKeepsIt() {
    var state = WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
    let effects = press(typed("eth") + [.enter], on: &state, ids: ["ethereum"])
    expectEqual(effects.last, .redraw)
    #expect(state.screen == .list && state.search == nil && state.filter == "eth")
  }

  /// A kept filter that leaves no row (the rows changed since): Enter on the list searches.
  @Test func enterOnAListEmptiedByTheFilterSearches() {
    var state = WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
    _ = press(typed("bit") + [.enter], on: &state, ids: Self.loaded)
    expectEqual(press([.enter], on: &state, ids: []), [.search("bit")])
    expectEqual(state.screen, .search)
  }

  @Test func aBlankFilterSearchesNothing() {
    var state = WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
    expectEqual(press(typed("   ") + [.enter], on: &state).last, .redraw)
    #expect(state.screen == .list && state.search == nil)
    expectEqual(press([.enter], on: &state).last, .redraw)
    expectEqual(state.screen, .list)
  }

  @Test func beforeTheAnswerEnterAndFDoNothing() {
    var state = WatchInteraction(sort: .rank, reverse: false, showsPortfolio: false)
    _ = press(typed("xyz") + [.enter], on: &state)
    expectEqual(press([.enter, .character("f"), .down], on: &state), [.redraw, .redraw, .redraw])
    #expect(state.screen == .search && state.search?.selected == 0)
  }

  @Test func enterOpensTheHighlightedResultAndEscComesBackToTheResults() {
    var state = searched()
    expectEqual(press([.down, .character("j"), .character("j")], on: &state).last, .redraw)
    expectEqual(state.search?.selected, 2)  // the last of three: no further
    _ = press([.character("k")], on: &state)
    expectEqual(press([.enter], on: &state), [.loadCoin("coin-0700")])
    #expect(state.screen == .detail("coin-0700") && state.detailRange == .week)
    _ = press([.escape], on: &state)
    #expect(state.screen == .search && state.search?.selected == 1)
    _ = press([.enter, .backspace], on: &state)
    expectEqual(state.screen, .search)
  }

  @Test func fMarksTheHighlightedResult() {
    var state = searched()
    expectEqual(press([.end, .character("f")], on: &state).last, .toggleFavorite("coin-0701"))
    expectEqual(state.screen, .search)
  }

  @Test func escLeavesTheResultsForTheListWithTheFilterCleared() {
    var state = searched()
    _ = press([.escape], on: &state)
    #expect(state.screen == .list && state.search == nil && state.filter.isEmpty)
    #expect(!state.isEditingFilter)
    state = searched()
    _ = press([.character("/")], on: &state)
    #expect(state.screen == .list && state.search == nil && state.filter.isEmpty)
    #expect(state.isEditingFilter)
  }

  @Test func theHelpOverTheResultsGoesBackToThem() {
    var state = searched()
    _ = press([.character("?")], on: &state)
    expectEqual(state.screen, .help)
    _ = press([.character("x")], on: &state)
    expectEqual(state.screen, .search)
    expectEqual(press([.character("q")], on: &state), [.quit])
  }
}
