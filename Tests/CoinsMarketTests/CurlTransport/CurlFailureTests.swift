import CoinGeckoAPI
import CoinsCurlTransport
import CoinsHTTP
import CoinsUnitTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct CurlFailureTests {
  private static let cap = 16 * 1_048_576

  /// The same texts URLSessionTransport gave for the same situations.
  @Test(arguments: [
    (CurlFailure(code: 6), TransportError.offline),
    (CurlFailure(code: 5), .offline),
    (CurlFailure(code: 7, osErrno: Int(ECONNREFUSED)), .refused),
    (CurlFailure(code: 7, osErrno: Int(ETIMEDOUT)), .timedOut),
    (CurlFailure(code: 7, osErrno: Int(ENETUNREACH)), .offline),
    (CurlFailure(code: 7, osErrno: Int(EHOSTUNREACH)), .unreachable("no route to host")),
    (CurlFailure(code: 7), .unreachable("cannot connect")),
    (CurlFailure(code: 28), .timedOut),
    (CurlFailure(code: 56, osErrno: Int(ECONNRESET)), .unreachable("connection lost")),
    (CurlFailure(code: 55), .unreachable("connection lost")),
    (CurlFailure(code: 18), .unreachable("connection lost")),
    (CurlFailure(code: 92), .unreachable("connection lost")),
    (CurlFailure(code: 52), .unreachable("malformed answer")),
    (CurlFailure(code: 8), .unreachable("malformed answer")),
    (CurlFailure(code: 61), .unreachable("malformed answer")),
    (CurlFailure(code: 63), .bodyTooLarge(limit: cap)),
    (CurlFailure(code: 47), .unreachable("too many redirects")),
    (CurlFailure(code: 1), .unreachable("unsupported URL")),
    (CurlFailure(code: 99), .unreachable("network error 99")),
  ])
  func mapsLibcurlCodes(failure: CurlFailure, expected: TransportError) {
    expectEqual(failure.transportError(limit: Self.cap), expected)
  }

  /// Verify results and texts from curl 7.88.1 with OpenSSL 3 (docs/design, section 2).
  @Test(arguments: [
    (
      CurlFailure(
        code: 60, verifyResult: 20,
        message: "SSL certificate problem: unable to get local issuer certificate"),
      TLSFailure.unknownAuthority
    ),
    (CurlFailure(code: 60, verifyResult: 19), .unknownAuthority),
    (CurlFailure(code: 60, verifyResult: 2), .unknownAuthority),
    (
      CurlFailure(
        code: 60, verifyResult: 10, message: "SSL certificate problem: certificate has expired"),
      .expired
    ),
    (CurlFailure(code: 60, verifyResult: 9), .notYetValid),
    (CurlFailure(code: 60, verifyResult: 23), .revoked),
    (
      CurlFailure(
        code: 60, verifyResult: 1,
        message:
          "SSL: no alternative certificate subject name matches target host name 'localhost'"),
      .wrongHost
    ),
    (
      CurlFailure(
        code: 60, verifyResult: 0,
        message: "SSL: certificate subject name 'a.test' does not match target host name 'b.test'"),
      .wrongHost
    ),
    (
      CurlFailure(code: 60, verifyResult: 7, message: "SSL certificate problem: bad\u{1B}[31m sig"),
      .rejected("SSL certificate problem: bad[31m sig")
    ),
    (
      CurlFailure(
        code: 77, verifyResult: 1, message: "error setting certificate file: /nope.pem",
        caFile: "/nope.pem"),
      .caFileUnreadable("/nope.pem")
    ),
    (CurlFailure(code: 77), .caFileUnreadable(nil)),
    (
      CurlFailure(code: 35, message: "OpenSSL SSL_connect: SSL_ERROR_SYSCALL"),
      .handshakeFailed("OpenSSL SSL_connect: SSL_ERROR_SYSCALL")
    ),
  ])
  func classifiesTLSFailures(failure: CurlFailure, expected: TLSFailure) {
    expectEqual(failure.transportError(limit: Self.cap), .insecure(expected))
  }

  @Test func longLibcurlTextsAreCut() {
    let failure = CurlFailure(code: 35, message: String(repeating: "x", count: 500))
    expectEqual(failure.tlsFailure, .handshakeFailed(String(repeating: "x", count: 160)))
  }
}
