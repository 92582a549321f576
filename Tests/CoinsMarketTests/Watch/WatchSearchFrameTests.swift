import CoinsModel
import CoinsPresentation
import CoinsUnitTestSupport
import Testing

/// `WatchSearchFrame`: the market-wide search's screen in an interactive watch.
@Suite struct WatchSearchFrameTests {
  private static let found = [
    SearchResult(id: "coin-0070", symbol: "c070", name: "Coin 70", rank: 70),
    SearchResult(id: "coin-0700", symbol: "c700", name: "Coin 700", rank: 700),
  ]

  private func lines(
    _ phase: WatchSearch.Phase, selected: Int = 0, favorites: Set<String> = [],
    notice: String? = nil, width: Int = 100, height: Int = 20
  ) -> [String] {
    var search = WatchSearch(query: "coin 70")
    search.phase = phase
    search.selected = selected
    return WatchSearchFrame(
      search: search, favorites: favorites, notice: notice, style: TextStyle(enabled: false)
    ).screen(width: width, height: height)
  }

  @Test func theResultsAreListedWithTheHighlightAndTheStars() {
    let screen = lines(.found(Self.found), selected: 1, favorites: ["coin-0700"])
    expectEqual(screen[0], "coins watch · CoinGecko search for \"coin 70\" · 2 coins found")
    #expect(screen[1].hasPrefix("Enter opens · f favourite · Esc back to the list"))
    #expect(screen[2].hasPrefix("    #  Symbol  Name"))
    #expect(screen[3].hasPrefix("   70  C070") && screen[3].contains("Coin 70"))
    #expect(screen[3].contains("coin-0070"))
    #expect(screen[4].hasPrefix("▶ 700  ★ C700") && screen[4].contains("coin-0700"))
    expectEqual(screen.count, 5)
  }

  @Test func whileSearchingTheStatusSaysSo() {
    let screen = lines(.searching)
    expectEqual(screen[0], "coins watch · CoinGecko search for \"coin 70\" · searching…")
    expectEqual(screen.last, "Searching all of CoinGecko for \"coin 70\"…")
  }

  @Test func aFailureSaysWhyOnTheStatusLine() {
    let reason = "Rate limited by CoinGecko (HTTP 429): try again in 60 s"
    let screen = lines(.failed(reason), notice: "A note.")
    #expect(screen[0].hasSuffix("· search failed"))
    expectEqual(Array(screen.suffix(2)), ["CoinGecko search failed: \(reason).", "A note."])
  }

  @Test func noCoinFoundSaysSo() {
    let screen = lines(.found([]))
    #expect(screen[0].hasSuffix("· 0 coins found"))
    expectEqual(screen[2], "  CoinGecko knows no coin matching \"coin 70\".")
  }

  /// Names are the network's: no escape, bell or other control character reaches the screen.
  @Test func controlCharactersInNamesNeverReachTheTerminal() {
    let evil = SearchResult(
      id: "evil\u{07}", symbol: "\u{1B}[1mev", name: "\u{1B}]0;pwned\u{07}Evil\u{1B}[2J Coin",
      rank: 3)
    let screen = lines(.found([evil]))
    #expect(screen[3].hasPrefix("▶ 3  EV") && screen[3].contains("Evil Coin"))
    for line in screen {
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
    }
  }

  @Test func aLongListScrollsToKeepTheHighlightInView() {
    let many = (1...30).map { (rank: Int) in
      SearchResult(id: "coin-\(rank)", symbol: "c\(rank)", name: "Coin \(rank)", rank: rank)
    }
    let screen = lines(.found(many), selected: 25, height: 10)
    expectEqual(screen.count, 10)
    expectEqual(screen.last?.hasPrefix("▶ 26  C26"), true)
    #expect(screen[3].hasPrefix("  20  C20"))
  }
}
