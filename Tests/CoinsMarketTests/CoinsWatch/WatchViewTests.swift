import CoinGeckoAPI
import CoinsCommandLine
import CoinsModel
import CoinsServices
import CoinsTerminal
import CoinsUnitTestSupport
import CoinsWatch
import Foundation
import Testing

/// `WatchView` on a pipe: one JSON line (or plain frame) per interval of the refresh clock.
@Suite(.timeLimit(.minutes(1))) struct WatchViewTests {
  private let stdout = CapturingSink()
  private let stderr = CapturingSink()
  private let clock = ManualTimeSource()

  private func view(_ words: [String]) throws -> WatchView {
    let options = try #require(try Self.options(["watch"] + words))
    let transport = StubTransport(always: .failure(.offline))
    let context = CommandContext(
      environment: [:], stdout: stdout, stderr: stderr,
      terminal: TerminalInfo(isTerminal: false, width: 100), timeSource: clock,
      transport: transport, sampleLoader: { nil }, retryPolicy: .none)
    return WatchView(options: options, context: context)
  }

  private static func options(_ words: [String]) throws -> WatchOptions? {
    try CommandParser.parse(words).runnable(WatchCommand.self)?.options
  }

  /// The snapshot of the next tick: a minute later, Bitcoin up and Ethereum down.
  private static var moved: MarketSnapshot {
    var snapshot = Fixtures.snapshot(asOf: ManualTimeSource.start + 60)
    snapshot.coins[0].price = 51_000
    snapshot.coins[1].price = 2_999
    return snapshot
  }

  @Test func jsonPrintsOneObjectPerLinePerSnapshot() async throws {
    let view = try view(["--json", "--top", "2"])
    #expect(!view.isFullScreen)
    let first = Fixtures.snapshot()
    let second = Fixtures.snapshot(source: .cache, staleReason: "CoinGecko answered HTTP 503.")
    await view.show(first)
    clock.advance(by: 60)
    await view.show(second)
    let lines = stdout.text.split(separator: "\n", omittingEmptySubsequences: false)
    expectEqual(lines.count, 3)
    expectEqual(lines.last, "")
    // The fixture's Bitcoin and Ethereum, as `top 2 --json` prints them.
    let coins =
      #"[{"rank":1,"id":"bitcoin","symbol":"btc","name":"Bitcoin","price":50000,"change1h":0.12,"#
      + #""change24h":-1.5,"change7d":3.456,"marketCap":1820000000000,"volume":63200000000,"#
      + #""sparkline":[1,2,3,4,5,6,7,8]},{"rank":2,"id":"ethereum","symbol":"eth","#
      + #""name":"Ethereum","price":3000.5,"change1h":-0.05,"change24h":2.25,"change7d":-4,"#
      + #""marketCap":360400000000,"volume":18750000000,"sparkline":[8,7,6,5,4,3,2,1]}]"#
    #expect(
      String(lines[0])
        == #"{"source":"live","asOf":"2025-07-25T14:53:48.000Z","currency":"usd","coins":"#
        + coins + "}")
    #expect(
      String(lines[1])
        == #"{"source":"cache","asOf":"2025-07-25T14:53:48.000Z","currency":"usd","#
        + #""staleReason":"CoinGecko answered HTTP 503.","coins":"# + coins + "}")
    #expect(stderr.text.isEmpty)
  }

  @Test func pipedFramesArePlainAndShowWhatMoved() async throws {
    let view = try view([])
    await view.show(Fixtures.snapshot())
    clock.advance(by: 60)
    await view.show(Self.moved)
    let frames = stdout.text.components(separatedBy: "\n\n")
    expectEqual(frames.count, 3)
    expectEqual(frames.last, "")
    #expect(frames[0].hasPrefix("== 2025-07-25 14:53:48 UTC · Top 3 in USD · live, "))
    #expect(!frames[0].contains("▲") && !frames[0].contains("▼"))
    #expect(frames[1].contains("$51,000.00  ▲"))
    #expect(frames[1].contains("$2,999.00  ▼"))
    #expect(!stdout.text.contains("\u{1B}"))
  }

  @Test func theSameDataAgainKeepsTheMarkersOfItsTick() async throws {
    let view = try view([])
    await view.show(Fixtures.snapshot())
    clock.advance(by: 60)
    await view.show(Self.moved)
    var stale = Self.moved
    stale.source = .cache
    stale.staleReason = "CoinGecko answered HTTP 503."
    clock.advance(by: 60)
    await view.show(stale)
    let frames = stdout.text.components(separatedBy: "\n\n")
    expectEqual(frames.count, 4)
    #expect(frames[2].contains("$51,000.00  ▲"))
    #expect(frames[2].hasSuffix("Not live: CoinGecko answered HTTP 503."))
  }

  /// The JSON contract: one line per interval. A refresh that hangs (or keeps retrying) for
  /// three intervals gets three stale lines at the moments the next refreshes were due; two
  /// answers within one interval give one line, the second held for the next interval.
  @Test func jsonKeepsOneLinePerIntervalThroughARefreshThatHangs() async throws {
    let view = try view(["--json", "--top", "1", "--interval", "10"])
    await view.show(Fixtures.snapshot())  // interval 0, at its start
    for window in 0..<4 {
      clock.advance(by: 10)
      await view.intervalEnded(window)  // window 0 had its line; 1, 2 and 3 had nothing
    }
    clock.advance(by: 1)
    await view.show(Self.moved)  // interval 4: live again
    await view.show(Self.moved)  // a second answer in interval 4: held
    clock.advance(by: 9)
    await view.intervalEnded(4)
    let lines = stdout.text.split(separator: "\n").map(String.init)
    expectEqual(lines.count, 6)
    let sources = lines.map { $0.firstMatch(of: /"source":"(\w+)"/)?.output.1 }
    expectEqual(sources, ["live", "cache", "cache", "cache", "live", "live"])
    #expect(
      lines[1].contains(
        #""staleReason":"CoinGecko has not answered the refresh due at 14:54:08 UTC; still trying""#
      ))
    #expect(lines[3].contains("due at 14:54:08 UTC"))  // since when nothing came
    #expect(lines[1].contains(#""asOf":"2025-07-25T14:53:48.000Z""#))  // the last good data
  }
}
