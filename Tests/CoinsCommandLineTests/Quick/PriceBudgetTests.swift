import CoinGeckoAPI
import CoinsCommandLine
import CoinsModel
import CoinsTerminal
import CoinsTestSupport
import CoinsUnitTestSupport
import Foundation
import Testing

/// `coins price --timeout`: the whole command's budget, retries included (a status bar needs
/// its answer in time); when it runs out, the labelled sample (or cache) at once. On a manual
/// clock, counting requests and the time that passed — never timing a real run.
@Suite(.timeLimit(.minutes(1))) struct PriceBudgetTests {
  private static let sample = MarketSnapshot(
    coins: Fixtures.threeCoins, currency: "usd", asOf: Date(timeIntervalSince1970: 1_700_000_000),
    source: .sample, staleReason: "sample data bundled with coins")

  /// One command line's world: a temp cache folder, a manual clock, captured output.
  private final class World: @unchecked Sendable {
    let directory: TemporaryDirectory
    let clock: ManualTimeSource
    var stdout = CapturingSink()
    var stderr = CapturingSink()

    init(parkingAtLeast threshold: Double) throws {
      directory = try TemporaryDirectory()
      clock = ManualTimeSource(parkingAtLeast: threshold)
    }

    func run(_ arguments: [String], _ transport: StubTransport) async -> Int32 {
      let context = CommandContext(
        environment: ["XDG_CACHE_HOME": directory.url.path], stdout: stdout, stderr: stderr,
        terminal: TerminalInfo(isTerminal: false, width: 80), timeSource: clock,
        transport: transport, sampleLoader: { PriceBudgetTests.sample })
      return await CoinsCLI.run(arguments: arguments, context: context)
    }
  }

  private static let sampleLine = "BTC $50,000.00 -1.50% (SAMPLE DATA)\n"
  private static let sampleWarning =
    "Showing the SAMPLE data bundled with coins, recorded 2023-11-14 22:13:20 UTC, not live "
    + "prices.\n"

  @Test func aHangingCoinGeckoGetsTheTimeoutNotThreeTimesIt() async throws {
    let world = try World(parkingAtLeast: 1.5)
    defer { world.directory.remove() }
    let transport = StubTransport(always: .never)

    let run = Task { await world.run(["price", "btc", "--timeout", "2"], transport) }
    #expect(await eventually { transport.requests.count == 1 && world.clock.parkedCount == 1 })
    // The command's deadline is the 2 s asked for (it was 6 s: three times the timeout).
    expectEqual(world.clock.parkedSleeps, [2])
    expectEqual(transport.requests.first?.timeout, 2)
    world.clock.advance(by: 2)

    await expectEqual(run.valueCancellingWithCaller, 0)
    expectEqual(transport.requests.count, 1)
    expectEqual(world.clock.now().timeIntervalSince(ManualTimeSource.start), 2)
    expectEqual(world.stdout.text, Self.sampleLine)
    #expect(
      world.stderr.text
        == "Warning: CoinGecko did not answer within 2 s. " + Self.sampleWarning)
  }

  @Test func rateLimitedRetriesStayInsideTheBudget() async throws {
    let world = try World(parkingAtLeast: 1.5)
    defer { world.directory.remove() }
    let transport = StubTransport(always: .status(429, headers: ["Retry-After": "1"]))

    let status = await world.run(["price", "btc", "--timeout", "2"], transport)

    // 429, wait the 1 s asked for, 429 again: another 1 s wait would leave less than half a
    // second of the 2, so it answers from the sample at once after two attempts and 1 s.
    expectEqual(status, 0)
    expectEqual(transport.requests.count, 2)
    expectEqual(world.clock.sleeps, [1])
    expectEqual(world.clock.now().timeIntervalSince(ManualTimeSource.start), 1)
    expectEqual(world.stdout.text, Self.sampleLine)
    #expect(world.stderr.text.hasSuffix(Self.sampleWarning))
  }

  @Test func otherCommandsStillGiveUpAfterThreeTimesTheTimeout() async throws {
    let world = try World(parkingAtLeast: 6)
    defer { world.directory.remove() }
    let transport = StubTransport(always: .never)

    let run = Task { await world.run(["top", "3", "--timeout", "2"], transport) }
    #expect(await eventually { transport.requests.count == 1 && world.clock.parkedCount == 1 })
    expectEqual(world.clock.parkedSleeps, [6])
    world.clock.advance(by: 6)
    await expectEqual(run.valueCancellingWithCaller, 0)
  }
}
