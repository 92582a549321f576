import Foundation
import Testing

/// The market-wide search of an interactive `coins watch`, in tmux: a filter that matches no
/// row on view offers it, Enter runs it against the fake's `/search`, and its results open,
/// star, fail and stay clean as a person sees them.
@Suite(
  .spawnsProcesses,
  .enabled(if: RequiredTool.isAvailable(TmuxSession.tmuxPath), "needs tmux"))
struct WatchSearchEndToEndTests {
  /// A fake, a HOME and `coins watch --top <top>` in tmux; the body gets the session.
  private func withWatch(
    top: Int = 10, _ body: (TmuxSession, CoinsBinary, FakeCoinGecko) async throws -> Void
  ) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let session = try await TmuxSession(
      binary: coins, arguments: ["watch", "--interval", "60", "--top", String(top)],
      columns: 100, rows: 24)
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

  private static func highlighted(_ lines: [String]) -> String? {
    lines.first { $0.hasPrefix("▶") }
  }

  /// "coin 70" matches none of the top 10; the fake's `/search` knows Coin 70 (rank 70) and
  /// Coin 700 … 709: eleven coins, best-ranked first.
  @Test func aCoinOutsideTheRowsIsFoundOpenedAndMarkedAFavourite() async throws {
    try await withWatch { session, coins, fake in
      try await session.type("/coin 70")
      var screen = try await session.waitForScreen {
        $0.contains { $0 == "Nothing loaded matches \"coin 70\": Enter searches all of CoinGecko." }
      }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines.contains("  (no coin matches)"))
      #expect(try await fake.requests().allSatisfy { !$0.path.hasSuffix("/search") })
      try await session.send("Enter")
      screen = try await session.waitForScreen {
        $0[0] == "coins watch · CoinGecko search for \"coin 70\" · 11 coins found"
      }
      #expect(screen.held, "\(screen.lines)")
      let searches = try await fake.requests().filter { $0.path == "/api/v3/search" }
      expectEqual(searches.map { $0.query["query"] }, ["coin 70"])
      #expect(Self.highlighted(screen.lines)?.hasPrefix("▶  70  C070") == true, "\(screen.lines)")
      #expect(screen.lines.contains { $0.hasPrefix("  700  C700") && $0.contains("coin-0700") })
      #expect(screen.lines.contains { $0.hasPrefix("  709  C709") })

      // Coin 70 is in the page of 250 the watch loaded: Enter opens it with no request.
      let before = try await fake.marketRequests().count
      try await session.send("Enter")
      screen = try await session.waitForScreen {
        $0.contains { $0.hasPrefix("Coin 70 (C070)") && $0.contains("rank #70") }
      }
      #expect(screen.held, "\(screen.lines)")
      let asked = try await fake.marketRequests().dropFirst(before).compactMap { $0.query["ids"] }
      #expect(asked.isEmpty)
      try await session.send("Escape")
      screen = try await session.waitForScreen {
        Self.highlighted($0)?.hasPrefix("▶  70  C070") == true
      }
      #expect(screen.held, "\(screen.lines)")

      // Coin 700 is not: its row comes from one ids request.
      try await session.send("j", "Enter")
      screen = try await session.waitForScreen {
        $0.contains { $0.hasPrefix("Coin 700 (C700)") && $0.contains("rank #700") }
      }
      #expect(screen.held, "\(screen.lines)")
      let fetched = try await fake.marketRequests().dropFirst(before)
      expectEqual(fetched.compactMap { $0.query["ids"] }, ["coin-0700"])
      try await session.send("Escape")
      screen = try await session.waitForScreen {
        Self.highlighted($0)?.hasPrefix("▶ 700  C700") == true
      }
      #expect(screen.held, "\(screen.lines)")

      // f marks the highlighted result, as in the list: starred, and kept in favorites.json.
      try await session.send("f")
      screen = try await session.waitForScreen {
        Self.highlighted($0)?.hasPrefix("▶ 700  ★ C700") == true
      }
      #expect(screen.held, "\(screen.lines)")
      let file = coins.home.path + "/data/coins/favorites.json"
      #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"coin-0700\""))

      // Esc: the list again, unfiltered.
      try await session.send("Escape")
      screen = try await session.waitForScreen {
        $0[0].hasPrefix("coins watch · Top 10") && Self.highlighted($0)?.contains("BTC") == true
      }
      #expect(screen.held, "\(screen.lines)")
      #expect(!screen.lines[1].contains("filter"))
      try await session.send("q")
      try await expectEqual(session.exitStatus(), 0)
    }
  }

  @Test func aFailedSearchSaysWhyAndTheWatchGoesOn() async throws {
    try await withWatch { session, _, fake in
      try await fake.setMode("429", params: ["only_path": "/api/v3/search", "retry_after": "1"])
      try await session.type("/deep")
      _ = try await session.waitForScreen { $0.contains { $0.hasPrefix("Nothing loaded") } }
      try await session.send("Enter")
      var screen = try await session.waitForScreen {
        $0.contains {
          $0.hasPrefix("CoinGecko search failed: CoinGecko's rate limit was reached")
        }
      }
      #expect(screen.held, "\(screen.lines)")
      expectEqual(screen.lines[0], "coins watch · CoinGecko search for \"deep\" · search failed")
      #expect(try await session.exitStatus(timeout: 1) == nil)

      // CoinGecko answers again: Esc, / and Enter search again and find Deep Value (rank 777).
      try await fake.setMode("ok")
      try await session.send("Escape")
      _ = try await session.waitForScreen { Self.highlighted($0)?.contains("BTC") == true }
      try await session.type("/deep")
      try await session.send("Enter")
      screen = try await session.waitForScreen {
        Self.highlighted($0)?.hasPrefix("▶ 777  DEEP") == true
      }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines[0].hasSuffix("· 1 coin found"))
    }
  }

  /// The fake's "evil" names carry escape sequences, a window title (OSC 0) and bidi
  /// overrides: none reaches the terminal.
  @Test func namesFromTheNetworkCannotControlTheTerminal() async throws {
    try await withWatch(top: 1) { session, _, fake in
      let titleBefore = try await session.paneTitle()
      try await fake.setMode("evil", params: ["only_path": "/api/v3/search"])
      try await session.type("/eth")
      try await session.send("Enter")
      let screen = try await session.waitForScreen {
        $0[0].hasSuffix("coins found") && $0.contains { $0.contains("Tether Reversed") }
      }
      #expect(screen.held, "\(screen.lines)")
      #expect(Self.highlighted(screen.lines)?.hasPrefix("▶   2  ETH ") == true, "\(screen.lines)")
      expectEqual(Self.highlighted(screen.lines)?.contains(" Ethereum "), true)
      let text = screen.lines.joined(separator: "\n")
      #expect(!text.contains("pwned"))
      #expect(!text.unicodeScalars.contains { [0x07, 0x1B, 0x202E, 0x202C].contains($0.value) })
      let title = try await session.paneTitle()
      #expect(title == titleBefore && !title.contains("pwned"))
    }
  }
}
