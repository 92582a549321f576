import CoinsSupport
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Creates the real transport on first use, so a command answered from the cache never starts
/// the network stack.
package final class LazyTransport: HTTPTransport, Sendable {
  private let make: @Sendable () -> any HTTPTransport
  private let transport = Mutex<(any HTTPTransport)?>(nil)

  package init(_ make: @escaping @Sendable () -> any HTTPTransport) {
    self.make = make
  }

  package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    StartupTrace.mark("transport")
    let transport = self.transport.withLock { transport in
      if let transport { return transport }
      let created = make()
      transport = created
      return created
    }
    return try await transport.send(request)
  }
}
