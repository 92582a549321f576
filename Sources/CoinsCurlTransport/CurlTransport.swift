import CoinsHTTP
import CoinsSupport

/// ``HTTPTransport`` over libcurl, loaded with `dlopen` on first use.
///
/// Each request runs `curl_easy_perform` on a thread of its own. The inflated body is capped in
/// the write callback, which stops the transfer at once; a declared larger size is refused
/// before any body is read. `SSL_CERT_FILE` and `SSL_CERT_DIR` choose the trusted CAs, and TLS
/// failures say what failed (``TLSFailure``).
public final class CurlTransport: HTTPTransport {
  private let maxBodyBytes: Int
  private let trust: CATrust
  private let libraryPath: String?

  /// A transport trusting `SSL_CERT_FILE` / `SSL_CERT_DIR` that loads libcurl (`COINS_LIBCURL`,
  /// else the system's: `libcurl.so.4`, on Darwin `libcurl.4.dylib`) on its first transfer's
  /// own thread, which waits there for a load begun ahead (``warmUp(libraryPath:)``) and starts the moment it is done;
  /// when the library cannot be loaded, every request fails saying so (``LoadFailure``).
  public init(environment: [String: String], maxBodyBytes: Int = 16 * 1024 * 1024) {
    self.maxBodyBytes = maxBodyBytes
    self.trust = CATrust(environment: environment)
    self.libraryPath = environment["COINS_LIBCURL"]
  }

  /// Loads libcurl (`COINS_LIBCURL`, else `libcurl.so.4`) at once and returns a transport
  /// trusting `SSL_CERT_FILE` / `SSL_CERT_DIR`, or why the library cannot be loaded.
  public static func load(
    environment: [String: String], maxBodyBytes: Int = 16 * 1024 * 1024
  ) -> Result<CurlTransport, LoadFailure> {
    if let reason = LibCurl.load(path: environment["COINS_LIBCURL"]) {
      return .failure(LoadFailure(reason: reason))
    }
    return .success(CurlTransport(environment: environment, maxBodyBytes: maxBodyBytes))
  }

  /// Starts loading libcurl (`libraryPath`, as `COINS_LIBCURL`, else `libcurl.so.4`) on a
  /// thread of its own, for a command that will soon make a request: loading takes ~5 ms,
  /// which then passes while the command reads its arguments and looks at its cache.
  /// ``load(environment:maxBodyBytes:)`` waits for it; a load that fails says so there.
  public static func warmUp(libraryPath: String?) {
    LibCurl.loadInBackground(path: libraryPath)
  }

  /// Why libcurl could not be loaded.
  public struct LoadFailure: Error, Equatable {
    /// The loader's words, e.g. `libcurl.so.4: cannot open shared object file`.
    public var reason: String

    /// One phrase for a message: what is missing and how to get it.
    public var detail: String {
      #if os(Linux)
        return "libcurl cannot be loaded (\(reason)); install Debian's libcurl4 package"
      #else
        return "libcurl cannot be loaded (\(reason))"
      #endif
    }

    /// Each member as given.
    package init(reason: String) {
      self.reason = reason
    }
  }

  /// Sends the request; cancelling the calling task stops the transfer and throws
  /// `CancellationError` at once.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    StartupTrace.mark("request")
    let transfer = CurlTransfer(
      request: request, maxBodyBytes: maxBodyBytes, trust: trust, libraryPath: libraryPath)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        transfer.start(continuation)
      }
    } onCancel: {
      transfer.cancel()
    }
  }
}
