import CoinsTerminal
import CoinsUnitTestSupport
import Dispatch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SignalEventsTests {
  /// A signal sent the moment the events are set up reaches the handler: with Dispatch's own
  /// signal sources it was ignored until they had registered (a watch sent SIGTERM right after
  /// its first line went on running).
  @Test func aSignalSentRightAfterSettingUpReachesTheHandler() async {
    let (numbers, continuation) = AsyncStream.makeStream(of: Int32.self)
    let events = SignalEvents([SIGUSR2]) { continuation.yield($0) }
    kill(getpid(), SIGUSR2)
    // Only a bound on a hang: a lost signal ends the stream empty.
    DispatchQueue.global().asyncAfter(deadline: .now() + 20) { continuation.finish() }
    var iterator = numbers.makeAsyncIterator()
    let received = await iterator.next()
    expectEqual(received, SIGUSR2)
    withExtendedLifetime(events) {}
  }
}
