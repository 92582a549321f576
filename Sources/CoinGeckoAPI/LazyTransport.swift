import Foundation

/// Creates the real transport on first use, so a command answered from the cache never starts
/// the network stack.
package final class LazyTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private let make: @Sendable () -> any HTTPTransport
  private var transport: (any HTTPTransport)?

  package init(_ make: @escaping @Sendable () -> any HTTPTransport) {
    self.make = make
  }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let transport = lock.withLock {
      if let transport = self.transport { return transport }
      let created = make()
      self.transport = created
      return created
    }
    return try await transport.send(request)
  }
}
