#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a request got no HTTP answer at all.
public enum TransportError: Error, Sendable, Equatable {
  /// Nothing listens there: the connection was refused (a local proxy that is down, say).
  /// Asking again a moment later meets the same refusal, so it is not retried.
  case refused
  /// The server could not be reached (no route, connection lost, malformed answer).
  case unreachable(String)
  /// There is no network, or the host name does not resolve: retrying at once will not help.
  case offline
  /// The secure connection failed: the certificate or the CA trust did not check out.
  case insecure(TLSFailure)
  /// The server did not answer in time.
  case timedOut
  /// The body was larger than the transport accepts.
  case bodyTooLarge(limit: Int)
}
