import CoinGeckoAPI
import CoinsHTTP
import Foundation

/// An ``HTTPTransport`` that answers from a closure (or a script) and records every request.
package final class StubTransport: HTTPTransport, @unchecked Sendable {
  /// One scripted answer.
  package enum Reply: Sendable {
    /// An HTTP answer.
    case response(HTTPResponse)
    /// No HTTP answer at all.
    case failure(TransportError)
    /// No answer ever: waits until the request is cancelled.
    case never

    /// A JSON (or any text) body with a status and headers.
    package static func body(_ text: String, status: Int = 200, headers: [String: String] = [:])
      -> Reply
    {
      .response(HTTPResponse(status: status, headers: headers, body: Data(text.utf8)))
    }

    /// A bare status.
    package static func status(_ status: Int, headers: [String: String] = [:]) -> Reply {
      .response(HTTPResponse(status: status, headers: headers))
    }
  }

  package typealias Handler =
    @Sendable (_ request: HTTPRequest, _ index: Int) async throws -> HTTPResponse

  private let lock = NSLock()
  private var recorded: [HTTPRequest] = []
  private let handler: Handler

  /// Answers each request with `handler(request, index)`, `index` counting from 0.
  package init(_ handler: @escaping Handler) {
    self.handler = handler
  }

  /// Answers request `i` with `script[i]`; past the end of the script, with its last reply.
  package convenience init(script: [Reply]) {
    self.init { _, index in
      guard let last = script.last else { throw TransportError.unreachable("empty script") }
      return try await Self.play(script.indices.contains(index) ? script[index] : last)
    }
  }

  /// Answers every request the same way.
  package convenience init(always reply: Reply) {
    self.init(script: [reply])
  }

  /// Every request sent so far, in order.
  package var requests: [HTTPRequest] { lock.withLock { recorded } }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let index: Int = lock.withLock {
      recorded.append(request)
      return recorded.count - 1
    }
    return try await handler(request, index)
  }

  package static func play(_ reply: Reply) async throws -> HTTPResponse {
    switch reply {
    case .response(let response): return response
    case .failure(let error): throw error
    case .never: try await waitForCancellation()
    }
  }
}

/// Suspends until the current task is cancelled, then throws `CancellationError`.
package func waitForCancellation() async throws -> Never {
  let gate = CancellationGate()
  try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { gate.hold($0) }
  } onCancel: {
    gate.cancel()
  }
  throw CancellationError()
}

private final class CancellationGate: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, any Error>?
  private var cancelled = false

  package func hold(_ continuation: CheckedContinuation<Void, any Error>) {
    let resumeNow: Bool = lock.withLock {
      if cancelled { return true }
      self.continuation = continuation
      return false
    }
    if resumeNow { continuation.resume(throwing: CancellationError()) }
  }

  package func cancel() {
    let waiting: CheckedContinuation<Void, any Error>? = lock.withLock {
      cancelled = true
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(throwing: CancellationError())
  }
}

extension HTTPRequest {
  /// The value of the query item `name`, if the URL has it.
  package func query(_ name: String) -> String? {
    URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
      .first { $0.name == name }?.value
  }
}
