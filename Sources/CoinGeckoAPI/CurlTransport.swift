/// ``HTTPTransport`` over libcurl, loaded with `dlopen` on first use.
///
/// Each request runs `curl_easy_perform` on a thread of its own. The inflated body is capped in
/// the write callback, which stops the transfer at once; a declared larger size is refused
/// before any body is read. `SSL_CERT_FILE` and `SSL_CERT_DIR` choose the trusted CAs, and TLS
/// failures say what failed (``TLSFailure``).
public final class CurlTransport: HTTPTransport {
  private let maxBodyBytes: Int
  private let trust: CATrust

  private init(maxBodyBytes: Int, trust: CATrust) {
    self.maxBodyBytes = maxBodyBytes
    self.trust = trust
  }

  /// Loads libcurl (`COINS_LIBCURL`, else `libcurl.so.4`) and returns a transport trusting
  /// `SSL_CERT_FILE` / `SSL_CERT_DIR`, or `nil` when the library cannot be loaded.
  public static func load(
    environment: [String: String], maxBodyBytes: Int = 16 * 1024 * 1024
  ) -> CurlTransport? {
    guard LibCurl.load(path: environment["COINS_LIBCURL"]) == nil else { return nil }
    return CurlTransport(maxBodyBytes: maxBodyBytes, trust: CATrust(environment: environment))
  }

  /// Sends the request; cancelling the calling task stops the transfer and throws
  /// `CancellationError` at once.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let transfer = CurlTransfer(request: request, maxBodyBytes: maxBodyBytes, trust: trust)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        transfer.start(continuation)
      }
    } onCancel: {
      transfer.cancel()
    }
  }
}
