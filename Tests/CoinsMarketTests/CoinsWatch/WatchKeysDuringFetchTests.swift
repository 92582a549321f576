import CoinGeckoAPI
import CoinsCommandLine
import CoinsModel
import CoinsServices
import CoinsTerminal
import CoinsUnitTestSupport
import CoinsWatch
import Foundation
import Testing

/// Keys are handled while a fetch hangs: the view never waits on the network.
@Suite(.timeLimit(.minutes(1))) struct WatchKeysDuringFetchTests {
  @Test func keysRedrawWhileARefreshIsInFlight() async throws {
    let stdout = CapturingSink()
    let clock = ManualTimeSource()
    let transport = StubTransport(always: .never)  // every request hangs until cancelled
    let context = CommandContext(
      environment: [:], stdout: stdout, stderr: CapturingSink(),
      terminal: TerminalInfo(isTerminal: true, width: 100), timeSource: clock,
      transport: transport, sampleLoader: { nil }, retryPolicy: .none)
    let options = try #require(
      try CommandParser.parse(["watch", "--top", "3"]).runnable(WatchCommand.self)?.options)
    let view = WatchView(options: options, context: context)
    let service = CoinDataService(
      client: CoinGeckoClient(
        configuration: CoinGeckoConfiguration.fromEnvironment([:]), transport: transport,
        retryPolicy: .none, timeSource: clock),
      cache: nil, sampleLoader: { nil }, timeSource: clock)
    view.start()
    await view.show(Fixtures.snapshot())
    let loop = Task { try await service.runRefreshLoop(MarketRequest(count: 3), interval: 60) }
    defer { loop.cancel() }
    #expect(await eventually { transport.requests.count == 1 })  // the fetch is in flight

    await expectEqual(view.handle(.down), .redraw)
    await expectEqual(view.handle(.character("s")), .redraw)

    let screen = stdout.text
    #expect(screen.contains("▶ 2  ETH"))
    #expect(screen.contains("Sorted by price ↓"))
    expectEqual(transport.requests.count, 1)  // still the one request, still unanswered
    view.restore()
  }
}
