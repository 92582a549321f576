import Foundation
import Testing

@testable import CoinsKit

/// The libcurl transport in-process, against sockets on 127.0.0.1 that never answer or refuse.
@Suite struct CurlTransportTests {
  private static func transport() throws -> CurlTransport {
    try #require(CurlTransport.load(environment: [:]), "libcurl.so.4 cannot be loaded")
  }

  private static func request(port: Int, timeout: Double) -> HTTPRequest {
    HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/api/v3/ping")!, timeout: timeout)
  }

  @Test func cancellingTheTaskStopsTheTransferAtOnce() async throws {
    let transport = try Self.transport()
    let listener = try #require(SilentListener())
    let request = Self.request(port: listener.port, timeout: 30)
    let task = Task { try await transport.send(request) }
    try await Task.sleep(for: .milliseconds(200))
    let start = ContinuousClock.now
    task.cancel()
    let result = await task.result
    let waited = ContinuousClock.now - start

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(waited < .seconds(1), "cancelling took \(waited)")
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
    #expect(waited >= .milliseconds(450) && waited < .seconds(5), "timed out after \(waited)")
  }

  @Test func aClosedPortIsRefused() async throws {
    let transport = try Self.transport()
    let closed = try #require(SilentListener(listening: false))
    await #expect(throws: TransportError.unreachable("connection refused")) {
      try await transport.send(Self.request(port: closed.port, timeout: 5))
    }
  }

  @Test func laterLoadsKeepTheFirstOutcome() {
    // The first load in the process wins; afterwards the outcome is cached either way.
    _ = LibCurl.load(path: nil)
    #expect(LibCurl.load(path: "/nonexistent/libcurl.so.4") == nil)
  }
}
