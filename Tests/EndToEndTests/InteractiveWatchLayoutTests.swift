import Foundation
import Testing

/// The watch's header and status lines on a narrow terminal, in tmux: what a person must not
/// miss (why the data is not live, a fired alert, a warning) wraps onto more lines and is never
/// cut; the countdown goes to a second header line rather than losing its digits.
@Suite(
  .spawnsProcesses,
  .enabled(if: RequiredTool.isAvailable(TmuxSession.tmuxPath), "needs tmux"))
struct InteractiveWatchLayoutTests {
  private static let warning =
    "Warning: CoinGecko refreshes its prices about once a minute and limits keyless use to a "
    + "few calls a minute; an interval under 30 s may be rate limited. A free Demo key "
    + "(COINGECKO_DEMO_API_KEY) raises the limit."

  /// The lines from the one starting with `prefix` on, joined back into one sentence (the
  /// continuation lines are indented by two spaces).
  static func sentence(startingWith prefix: String, in lines: [String]) -> String? {
    guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
    var text = lines[start].trimmingCharacters(in: .whitespaces)
    for line in lines[(start + 1)...] {
      guard line.hasPrefix("  ") && !line.hasPrefix("   ") else { break }
      text += " " + line.trimmingCharacters(in: .whitespaces)
    }
    return text
  }

  private func withWatch(
    _ arguments: [String], columns: Int = 80, rows: Int = 24,
    _ body: (TmuxSession, FakeCoinGecko) async throws -> Void
  ) async throws {
    let fake = try await FakeCoinGecko.start()
    defer { fake.stop() }
    let coins = try CoinsBinary(baseURL: fake.baseURL)
    defer { coins.cleanUp() }
    let session = try await TmuxSession(
      binary: coins, arguments: ["watch"] + arguments, columns: columns, rows: rows)
    do {
      try await body(session, fake)
    } catch {
      await session.stop()
      throw error
    }
    await session.stop()
  }

  @Test func at80ColumnsTheWarningAndTheReasonWrapWholeAndTheCountdownKeepsItsLine()
    async throws
  {
    try await withWatch(["btc", "eth", "--interval", "5", "--timeout", "2"]) { session, fake in
      var screen = try await session.waitForScreen {
        $0.contains { $0.contains("ETH") } && $0.contains { $0.hasPrefix("Warning: ") }
      }
      #expect(screen.held, "\(screen.lines)")
      // "coins watch · Watchlist of 2 in USD · live, updated 12:00:00 UTC" is 64 cells; the
      // countdown's " · next refresh in 5 s" would make 86: it starts the second line.
      #expect(screen.lines[0].hasPrefix("coins watch · Watchlist of 2 in USD · live, updated "))
      #expect(screen.lines[1].hasPrefix("next refresh in "), "\(screen.lines)")
      expectEqual(Self.sentence(startingWith: "Warning: ", in: screen.lines), Self.warning)
      #expect(screen.lines.allSatisfy { $0.count <= 80 && !$0.contains("…") })

      // A refresh that hangs: the reason is on screen whole, on as many lines as it takes.
      try await fake.setMode("hang")
      screen = try await session.waitForScreen {
        $0.contains { $0.hasPrefix("Not live: ") } && $0.contains { $0.contains("CACHED ") }
      }
      #expect(screen.held, "\(screen.lines)")
      let reason = try #require(Self.sentence(startingWith: "Not live: ", in: screen.lines))
      #expect(
        reason.wholeMatch(
          of:
            /Not live: CoinGecko (has not answered the refresh due at \d\d:\d\d:\d\d UTC; still trying|did not answer within 2 s)\.( Retrying in \d+ s\.)?/
        ) != nil, "\(screen.lines)")
      #expect(screen.lines.allSatisfy { $0.count <= 80 && !$0.contains("…") }, "\(screen.lines)")
      // The first key clears the warning; the reason stays.
      try await session.send("j")
      screen = try await session.waitForScreen { !$0.contains { $0.hasPrefix("Warning: ") } }
      #expect(screen.held, "\(screen.lines)")
      #expect(screen.lines.contains { $0.hasPrefix("Not live: ") })
    }
  }

  /// The seconds of the countdown on screen, wherever its line is.
  private static func countdown(_ lines: [String]) -> Int? {
    for line in lines.prefix(3) {
      if let match = line.firstMatch(of: /next refresh in (\d+) s/) { return Int(match.output.1) }
    }
    return nil
  }

  /// After `R` the countdown starts again from the refresh just made (a full interval, 60 s),
  /// and the refresh shows: the "updated" time moves.
  @Test(arguments: [80, 200])
  func afterRTheCountdownRestartsFromTheRefresh(columns: Int) async throws {
    try await withWatch(["--top", "3", "--interval", "60"], columns: columns) { session, fake in
      // Let the countdown run down a few seconds, so a restart shows.
      var screen = try await session.waitForScreen { (Self.countdown($0) ?? 60) <= 56 }
      #expect(screen.held, "\(screen.lines)")
      let updated = screen.lines[0].firstMatch(of: /updated (\d\d:\d\d:\d\d)/)?.output.1
      let before = try await fake.marketRequests().count
      try await session.send("R")
      screen = try await session.waitForScreen {
        (Self.countdown($0) ?? 0) >= 58
          && $0[0].firstMatch(of: /updated (\d\d:\d\d:\d\d)/)?.output.1 != updated
      }
      #expect(screen.held, "\(screen.lines)")
      try await expectEqual(fake.marketRequests().count, before + 1)
    }
  }

  /// At 200 columns everything fits on the first line, as before.
  @Test func at200ColumnsTheHeaderIsOneLine() async throws {
    try await withWatch(["--top", "3", "--interval", "60"], columns: 200) { session, _ in
      let screen = try await session.waitForScreen { $0.contains { $0.contains("ETH") } }
      #expect(screen.held, "\(screen.lines)")
      #expect(
        screen.lines[0].wholeMatch(
          of:
            /coins watch · Top 3 in USD · live, updated \d\d:\d\d:\d\d UTC · next refresh in \d+ s\s*/
        ) != nil, "\(screen.lines)")
      #expect(screen.lines[1].hasPrefix("Sorted by rank ↑ · ? keys · q quits"))
    }
  }
}
