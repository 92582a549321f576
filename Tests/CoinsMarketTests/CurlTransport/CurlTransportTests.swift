import CoinGeckoAPI
import CoinsCurlTransport
import CoinsHTTP
import CoinsUnitTestSupport
import Foundation
import Testing

/// The libcurl transport in-process, against sockets on 127.0.0.1 that never answer or refuse.
/// Serialized, so that the transfer threads counted are this test's own.
@Suite(.serialized) struct CurlTransportTests {
  private static func transport() throws -> CurlTransport {
    try CurlTransport.load(environment: [:]).get()
  }

  private static func request(port: Int, timeout: Double) -> HTTPRequest {
    HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v3/ping")!, timeout: timeout)
  }

  /// (Loading a missing file here would decide the process's one load: the end-to-end test
  /// `missingLibcurlIsExplainedAndFallsBack` runs the binary without libcurl instead.)
  @Test func aMissingLibraryIsExplained() {
    let failure = CurlTransport.LoadFailure(reason: "libcurl.so.4: cannot open shared object file")
    #expect(
      failure.detail
        == "libcurl cannot be loaded (libcurl.so.4: cannot open shared object file); install "
        + "Debian's libcurl4 package")
  }

  @Test func cancellingTheTaskStopsTheTransferAtOnce() async throws {
    let transport = try Self.transport()
    let listener = try #require(SilentListener())
    let request = Self.request(port: listener.port, timeout: 30)
    let task = Task { try await transport.send(request) }
    #expect(await holds(within: 30) { Self.transferThreads() == 1 }, "no transfer thread started")
    let start = ContinuousClock.now
    task.cancel()
    let result = await task.result
    let waited = ContinuousClock.now - start

    #expect(throws: CancellationError.self) { try result.get() }
    // The listener never answers: a cancel that did not work would wait out the request's
    // 30 s timeout. Half of it is the bound, slack for a loaded machine.
    #expect(waited < .seconds(15), "cancelling took \(waited)")
    // The thread itself ends at libcurl's next progress callback (at least once a second).
    #expect(
      await holds(within: 30) { Self.transferThreads() == 0 },
      "the transfer's thread still runs")
  }

  /// Threads of this process named like a transfer's.
  private static func transferThreads() -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
      let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
      return name?.hasPrefix(CurlTransfer.threadName) == true
    }.count
  }

  @Test func aTaskCancelledBeforeSendingNeverStarts() async throws {
    let transport = try Self.transport()
    let listener = try #require(SilentListener())
    let request = Self.request(port: listener.port, timeout: 30)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await transport.send(request)
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let transport = try Self.transport()
    let listener = try #require(SilentListener())
    let start = ContinuousClock.now
    await #expect(throws: TransportError.timedOut) {
      try await transport.send(Self.request(port: listener.port, timeout: 0.5))
    }
    let waited = ContinuousClock.now - start
    // Not before the timeout; and, since the listener never answers, a timeout that did not
    // work would never end: 25 s is slack for a loaded machine.
    #expect(waited >= .milliseconds(450) && waited < .seconds(25), "timed out after \(waited)")
  }

  @Test func aClosedPortIsRefused() async throws {
    let transport = try Self.transport()
    let closed = try #require(SilentListener(listening: false))
    await #expect(throws: TransportError.refused) {
      try await transport.send(Self.request(port: closed.port, timeout: 5))
    }
  }

  @Test func laterLoadsKeepTheFirstOutcome() {
    // The first load in the process wins; afterwards the outcome is cached either way.
    _ = LibCurl.load(path: nil)
    #expect(LibCurl.load(path: "/nonexistent/libcurl.so.4") == nil)
  }
}
