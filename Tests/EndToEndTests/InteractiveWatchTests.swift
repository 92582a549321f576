import Foundation
import Testing

/// `coins watch` on a terminal, as a person uses it: tmux runs the binary, keys are typed, the
/// screen is read back.
@Suite(
  .spawnsProcesses,
  .enabled(if: RequiredTool.isAvailable(TmuxSession.tmuxPath), "needs tmux"))
struct InteractiveWatchTests {
  /// A fake, a HOME and a watch in tmux; the body gets the session.
  private func withWatch(
    _ arguments: [String] = ["--top", "60"], columns: Int = 100, rows: Int = 20,
    prepare: (CoinsBinary) async throws -> Void = { _ in },
    _ body: (TmuxSession, CoinsBinary, FakeCoinGecko) async throws -> Void
  ) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    try await prepare(coins)
    let session = try await TmuxSession(
      binary: coins, arguments: ["watch", "--interval", "60"] + arguments, columns: columns,
      rows: rows)
    let drawn = try await session.waitForScreen { $0.contains { $0.contains("BTC") } }
    #expect(drawn.held, "the first frame: \(drawn.lines)")
    do {
      try await body(session, coins, fake)
    } catch {
      await session.stop()
      throw error
    }
    await session.stop()
  }

  /// The highlighted row, without the marker.
  private static func highlighted(_ lines: [String]) -> String? {
    lines.first { $0.hasPrefix("▶") }
  }

  @Test func arrowsAndJKMoveAndGScrollsPastTheFirstScreen() async throws {
    try await withWatch { session, _, _ in
      try await session.send("j", "j", "Down")
      var screen = try await session.waitForScreen {
        Self.highlighted($0)?.contains(" 4  BNB") == true
      }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("k", "Up")
      screen = try await session.waitForScreen { Self.highlighted($0)?.contains(" 2  ETH") == true }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("G")  // rank 60 is far below the 20-row screen
      screen = try await session.waitForScreen { Self.highlighted($0)?.hasPrefix("▶ 60 ") == true }
      #expect(screen.held, "\(screen.lines)")
      #expect(!screen.lines.contains { $0.contains(" 1  BTC") })
      try await session.send("PageUp")
      screen = try await session.waitForScreen { Self.highlighted($0)?.hasPrefix("▶ 45 ") == true }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("Home")
      screen = try await session.waitForScreen { Self.highlighted($0)?.contains(" 1  BTC") == true }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("End")
      screen = try await session.waitForScreen { Self.highlighted($0)?.hasPrefix("▶ 60 ") == true }
      #expect(screen.held, "\(screen.lines)")
    }
  }

  /// `p` in a market watch shows the holdings as HomeModel valued them in the market on
  /// view: 0.5 BTC at the fake's $50,000.00 is $25,000.00.
  @Test func pShowsTheHoldingsValuedInTheMarketOnView() async throws {
    try await withWatch(
      ["--top", "10"],
      prepare: { coins in
        let added = try await coins.run(["portfolio", "add", "btc", "0.5"])
        expectEqual(added.status, 0)
      }
    ) { session, _, _ in
      try await session.send("p")
      let screen = try await session.waitForScreen {
        $0[0].contains("Portfolio in USD")
          && $0.contains { $0.contains("BTC") && $0.contains("$25,000.00") }
      }
      #expect(screen.held, "\(screen.lines)")
    }
  }

  /// A portfolio whose one holding was sold out (2 ETH bought, 2 sold), at 60 columns: the
  /// screen says every holding is at zero and that `--all` shows them, wrapped, not cut; not
  /// that the portfolio is empty.
  @Test func everyHoldingAtZeroSaysSoAndThatAllShowsThem() async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    for words in [["add", "eth", "2", "--cost", "2500"], ["sell", "eth", "2", "--price", "3000"]] {
      let done = try await coins.run(["portfolio"] + words)
      #expect(done.status == 0, "\(words): \(done.stderr)")
    }
    let session = try await TmuxSession(
      binary: coins, arguments: ["watch", "--portfolio", "--interval", "60"], columns: 60,
      rows: 20)
    let message = "Every holding is at zero (held no more), hidden by default: --all shows them."
    let screen = try await session.waitForScreen { lines in
      lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        .contains(message)
    }
    await session.stop()
    #expect(screen.held, "\(screen.lines)")
    #expect(!screen.lines.contains { $0.contains("portfolio is empty") }, "\(screen.lines)")
    #expect(screen.lines.allSatisfy { $0.count <= 60 })
  }

  @Test func sCyclesTheSortKeyAndSReversesIt() async throws {
    try await withWatch(["--top", "10"]) { session, _, _ in
      try await session.send("s")
      var screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by price ↓") }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines[3].contains("BTC"))  // the dearest first
      try await session.send("S")
      screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by price ↑") }
      #expect(screen.held, "\(screen.lines)")
      for (count, word) in [
        (1, "change1h"), (2, "change24h"), (3, "change7d"), (4, "marketcap"),
        (5, "volume"), (6, "name"), (7, "rank"),
      ] {
        try await session.send("s")
        screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by \(word) ") }
        #expect(screen.held, "press \(count): \(screen.lines)")
      }
      #expect(screen.lines[1].hasPrefix("Sorted by rank ↑"))
    }
  }

  /// A new order (`s`, `S`) moves the rows, and the highlight goes with the coin it was on.
  @Test func afterSTheHighlightFollowsItsCoin() async throws {
    try await withWatch(["--top", "10"]) { session, _, _ in
      try await session.send("j", "j")
      var screen = try await session.waitForScreen {
        Self.highlighted($0)?.contains(" 3  USDT") == true
      }
      #expect(screen.held, "\(screen.lines)")
      // By price, dearest first: Tether ($1.00) is no longer the third row.
      try await session.send("s")
      screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by price ↓") }
      #expect(screen.held, "\(screen.lines)")
      #expect(Self.highlighted(screen.lines)?.contains(" 3  USDT") == true, "\(screen.lines)")
      #expect(!screen.lines[5].contains("USDT"))
      try await session.send("S")
      screen = try await session.waitForScreen { $0[1].hasPrefix("Sorted by price ↑") }
      #expect(Self.highlighted(screen.lines)?.contains(" 3  USDT") == true, "\(screen.lines)")
    }
  }

  /// CoinGecko hangs after an alert fired: the header says how long the refresh has waited
  /// (not a countdown stuck at 0), and the status area shows both why the data is stale and
  /// the alert.
  @Test func aHangSaysHowLongItWaitedAndTheAlertKeepsTheReasonInView() async throws {
    try await withWatch(
      ["--top", "5", "--interval", "2", "--timeout", "2"],
      prepare: { coins in
        let added = try await coins.run(["alert", "add", "btc", "above", "40000"])
        expectEqual(added.status, 0)
      }
    ) { session, _, fake in
      var screen = try await session.waitForScreen { $0.contains { $0.hasPrefix("Alert: BTC") } }
      #expect(screen.held, "\(screen.lines)")
      try await fake.setMode("hang")
      screen = try await session.waitForScreen {
        $0[0].contains(" · waiting for CoinGecko (") && $0.contains { $0.hasPrefix("Not live: ") }
          && $0.contains { $0.hasPrefix("Alert: BTC above $40,000.00") }
      }
      #expect(screen.held, "\(screen.lines)")
      #expect(!screen.lines[0].contains("next refresh in 0 s"))
      #expect(screen.lines[0].contains("CACHED "))
    }
  }

  @Test func slashFiltersAsYouTypeAndQIsTextThere() async throws {
    try await withWatch { session, _, _ in
      try await session.type("/sol")
      var screen = try await session.waitForScreen { $0[1].contains("filter: sol▏") }
      #expect(screen.held, "\(screen.lines)")
      let rows = screen.lines.dropFirst(3).filter { $0.contains("$") }
      #expect(!rows.isEmpty && rows.allSatisfy { $0.localizedCaseInsensitiveContains("sol") })
      try await session.type("q")  // text in the filter, not quit
      screen = try await session.waitForScreen { $0[1].contains("filter: solq▏") }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("BSpace", "Enter")
      screen = try await session.waitForScreen { $0[1].contains("filter \"sol\"") }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("Escape")
      screen = try await session.waitForScreen { !$0[1].contains("filter") }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines.contains { $0.contains(" 1  BTC") })
      #expect(try await session.exitStatus(timeout: 1) == nil)  // Esc never quits
    }
  }

  @Test func enterOpensTheCoinAndEscComesBackToTheSamePlace() async throws {
    try await withWatch { session, _, _ in
      try await session.send("j", "j")
      _ = try await session.waitForScreen { Self.highlighted($0)?.contains(" 3  USDT") == true }
      try await session.send("Enter")
      var screen = try await session.waitForScreen { $0.contains { $0.hasPrefix("Tether (USDT)") } }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines.contains { $0.hasPrefix("7-day price") })
      try await session.send("Escape")
      screen = try await session.waitForScreen {
        Self.highlighted($0)?.contains(" 3  USDT") == true
      }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("Enter")
      _ = try await session.waitForScreen { $0.contains { $0.hasPrefix("Tether (USDT)") } }
      try await session.send("BSpace")
      screen = try await session.waitForScreen {
        Self.highlighted($0)?.contains(" 3  USDT") == true
      }
      #expect(screen.held, "\(screen.lines)")
    }
  }

  @Test func rangeKeysDrawTheCoinsChartOverThatRange() async throws {
    try await withWatch(rows: 40) { session, _, _ in
      try await session.send("Enter")
      _ = try await session.waitForScreen { $0.contains { $0.hasPrefix("Bitcoin (BTC)") } }
      try await session.send("y")
      // The title changes at the key; the chart and its summary line once the year's history
      // is in (a busy machine may show the screen in between).
      var screen = try await session.waitForScreen {
        $0.contains { $0.hasPrefix("Bitcoin (BTC) · 1y in USD") }
          && $0.contains { $0.hasPrefix("First $") && $0.contains("· High $") }
      }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("1")
      screen = try await session.waitForScreen {
        $0.contains { $0.hasPrefix("Bitcoin (BTC) · 1d in USD") }
      }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("Escape")
      screen = try await session.waitForScreen { Self.highlighted($0)?.contains(" 1  BTC") == true }
      #expect(screen.held, "\(screen.lines)")
    }
  }

  @Test func favouritesAreStarredKeptAcrossARestartAndWatchable() async throws {
    try await withWatch(["--top", "10"]) { session, coins, _ in
      try await session.send("j", "f")
      var screen = try await session.waitForScreen { $0.contains { $0.contains("★ ETH") } }
      #expect(screen.held, "\(screen.lines)")
      try await session.send("w")
      screen = try await session.waitForScreen { $0[1].contains("★ only") }
      expectEqual(screen.lines.filter { $0.contains("$") && !$0.hasPrefix("coins") }.count, 1)
      try await session.send("q")
      try await expectEqual(session.exitStatus(), 0)
      let file = coins.home.path + "/data/coins/favorites.json"
      #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"ethereum\""))

      let again = try await TmuxSession(binary: coins, arguments: ["watch", "--favorites"])
      screen = try await again.waitForScreen { $0.contains { $0.contains("★ ETH") } }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines[0].contains("Favourites in USD"))
      #expect(!screen.lines.contains { $0.contains("BTC") })
      await again.stop()
    }
  }

  @Test func aWatchlistShowsExactlyItsCoinsFromOneIdsRequest() async throws {
    try await withWatch(["btc", "eth", "sol"]) { session, _, fake in
      let screen = try await session.waitForScreen { $0.contains { $0.contains("SOL") } }
      #expect(screen.lines[0].contains("Watchlist of 3 in USD"))
      let rows = screen.lines.filter { $0.contains("$") && !$0.hasPrefix("coins") }
      expectEqual(rows.count, 3)
      // The first frame came from the market the coins were looked up in; R refreshes now,
      // with one `ids` request and no page of the top.
      let before = try await fake.marketRequests().count
      try await session.send("R")
      var refreshes: [FakeCoinGecko.LoggedRequest] = []
      for _ in 0..<300 where refreshes.isEmpty {
        refreshes = Array(try await fake.marketRequests().dropFirst(before))
        try await Task.sleep(for: .milliseconds(100))
      }
      expectEqual(refreshes.map { $0.query["ids"] }, ["bitcoin,ethereum,solana"])
      #expect(refreshes.count == 1)  // the ids request alone (it says page=1 of its ids)
      try await session.send("R")  // again at once: nothing more is asked
      let again = try await session.waitForScreen {
        $0.contains { $0.hasPrefix("Refreshed moments ago") }
      }
      #expect(again.held, "\(again.lines)")
      try await expectEqual(fake.marketRequests().count, before + 1)
    }
  }

  @Test func questionMarkShowsEveryKeyAndAnyKeyClosesIt() async throws {
    try await withWatch { session, _, _ in
      try await session.send("?")
      var screen = try await session.waitForScreen { $0.first == "coins watch · keys" }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines.contains { $0.contains("R               refresh now") })
      try await session.send("x")
      screen = try await session.waitForScreen {
        $0.first?.hasPrefix("coins watch · Top 60") == true
      }
      #expect(screen.held, "\(screen.lines)")
    }
  }

  @Test func aResizeRedrawsAtOnceAndATinyTerminalSaysSo() async throws {
    try await withWatch { session, _, _ in
      try await session.resize(columns: 60, rows: 15)
      var screen = try await session.waitForScreen { lines in
        lines.count <= 16 && lines.first?.hasPrefix("coins watch") == true
          && !lines.contains { $0.contains("Market Cap") }
      }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines.allSatisfy { $0.count <= 60 })
      try await session.resize(columns: 30, rows: 8)
      screen = try await session.waitForScreen { $0.first?.hasPrefix("Terminal too small") == true }
      #expect(screen.held, "\(screen.lines)")
    }
  }

  @Test(arguments: ["q", "C-c", "SIGTERM", "SIGHUP"])
  func everyWayOutRestoresTheTerminal(way: String) async throws {
    try await withWatch(["--top", "5"]) { session, _, _ in
      if way.hasPrefix("SIG") {
        let pid = try #require(try await session.coinsPID())
        kill(pid, way == "SIGTERM" ? SIGTERM : SIGHUP)
      } else {
        try await session.send(way)
      }
      try await expectEqual(session.exitStatus(), 0)
      let settings = session.terminalSettings()
      #expect(settings.before != nil)
      expectEqual(settings.before, settings.after)
    }
  }
}
